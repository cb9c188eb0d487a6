import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { formatINR, type PayLinkOutcome } from '@parish/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { usePayLinkOutcome, usePayView } from './pay-link-api.ts';
import { linkRefused, PayLinkFrame, signInFor, usePayLinkLanguage } from './pay-link-frame.tsx';

/** The receipt a signed receipt link opens, as a printable page (`GET /api/receipt-links/:token`). */
export function receiptViewUrl(token: string): string {
  return `/api/receipt-links/${token}`;
}

/** The receipt's A5 PDF in the page's language (`GET /api/receipt-links/:token/pdf`, decision 0140). */
export function receiptPdfUrl(token: string, language: string): string {
  return `/api/receipt-links/${token}/pdf?layout=a5&lang=${encodeURIComponent(language)}`;
}

/**
 * A WhatsApp share of a receipt: `https://wa.me/?text=…` (no number: the member picks the chat),
 * the text in the page's language with the absolute receipt link (as the server's wa.me texts,
 * wa-me.service.ts, carry theirs).
 */
export function receiptShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The confirmation page of a payment made through a payment link (`/pay/:mobile/:token/done?txn=…`,
 * decision 0140; `docs/domain.md`, §9 "Payment links without a password"): the gateway's return
 * lands here, never on the landing page. It asks the server for the outcome of the link's own
 * transaction (`GET /api/pay/:mobile/:token/transactions/:txnId`, again every 2 s while pending):
 * once paid, the receipt (view, download PDF, share on WhatsApp); a failed or cancelled payment
 * goes back to the link, which shows why. In the member's saved language, with the switcher.
 */
export default function PayLinkDonePage() {
  const { t } = useTranslation();
  const { mobile = '', token = '' } = useParams();
  const [search] = useSearchParams();
  const txnId = search.get('txn');
  const view = usePayView(mobile, token);
  usePayLinkLanguage(view.data ? view.data.language : view.isError ? null : undefined);
  const outcome = usePayLinkOutcome(mobile, token, txnId);
  const link = `/pay/${mobile}/${token}`;

  if (linkRefused(view.error)) return <Navigate to={signInFor(mobile)} replace />;
  if (!txnId) return <Navigate to={link} replace />;
  if (outcome.data?.status === 'failed') return <Navigate to={`${link}?txn=${encodeURIComponent(txnId)}`} replace />;

  const data = outcome.data;
  return (
    <PayLinkFrame
      title={data?.status === 'success' ? t('portal.callback.successTitle') : t('portal.callback.processing')}
    >
      {outcome.isLoading || data?.status === 'pending' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('portal.callback.processingText')}</Text>
        </Group>
      ) : null}
      {outcome.error ? (
        <Alert color="red" role="alert">
          {errorText(outcome.error)}
        </Alert>
      ) : null}
      {data?.status === 'success' ? <PaidReceipts outcome={data} firstName={view.data?.firstName ?? ''} /> : null}
      <Anchor component={Link} to={link}>
        {t('whatsapp.done.back')}
      </Anchor>
    </PayLinkFrame>
  );
}

/** The paid amount and each receipt with its three actions. */
function PaidReceipts({ outcome, firstName }: { outcome: PayLinkOutcome; firstName: string }) {
  const { t, i18n } = useTranslation();
  const amount = formatINR(paiseOf(outcome.amount));
  return (
    <>
      <Group gap="sm" wrap="nowrap" role="status">
        <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={600}>{t('whatsapp.done.thanks', { name: firstName, amount })}</Text>
      </Group>
      <Text size="sm" c="gray.7">
        {t('portal.callback.fields.transactionId')}: {outcome.txnId}
      </Text>
      {outcome.receipts.map((receipt) => {
        const absolute = `${window.location.origin}${receiptViewUrl(receipt.token)}`;
        const share = t('whatsapp.done.shareText', { number: receipt.receiptNumber, amount, link: absolute });
        return (
          <Paper key={receipt.token} withBorder p="md" data-testid="pay-receipt">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('whatsapp.done.receipt', { number: receipt.receiptNumber })}
              </Title>
              <Group gap="xs" wrap="wrap">
                <Button
                  component="a"
                  href={receiptViewUrl(receipt.token)}
                  target="_blank"
                  rel="noopener"
                  variant="default"
                >
                  {t('whatsapp.done.view')}
                </Button>
                <Button component="a" href={receiptPdfUrl(receipt.token, i18n.language)} download variant="default">
                  {t('whatsapp.done.pdf')}
                </Button>
                <Button
                  component="a"
                  href={receiptShareUrl(share)}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="green"
                >
                  {t('whatsapp.done.share')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </>
  );
}
