import { Alert, Button, Loader, Text } from '@mantine/core';
import { formatINR, ZERO_PAISE, type PayView } from '@parish/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { useWorldlineConfig } from './api.ts';
import { usePayLinkOutcome, usePayView } from './pay-link-api.ts';
import PayLinkDonePage from './pay-link-done-page.tsx';
import { linkRefused, PayLinkFrame, signInFor, usePayLinkLanguage } from './pay-link-frame.tsx';
import { PayLinkItems } from './pay-link-items.tsx';
import { usePayLinkChoice, waitsForArrears } from './pay-link-selection.ts';
import { usePayLinkPayment } from './use-pay-link-payment.ts';
import { loadCheckoutScripts } from './worldline-checkout.ts';

/**
 * The pay-only view of a payment link (`/pay/:mobile/:token`; docs/domain.md, §9 "Payment links
 * without a password"; decision 0140): in the member's saved language with the language switcher,
 * the member's first name and pending dues to choose from (arrears first, variable amounts with
 * their minimum, as on the dashboard), one Pay button through the normal online order and the
 * Worldline checkout. Back from a failed payment (`?txn=…`) it shows why. A tampered, expired or
 * revoked link (or links switched off) lands on the member sign-in with the mobile prefilled.
 * `/pay/:mobile/:token/done` is the link's confirmation page (`PayLinkDonePage`), in this same
 * download; any other step goes back to the link.
 */
export default function PayLinkPage() {
  const { mobile = '', token = '', step } = useParams();
  if (step === 'done') return <PayLinkDonePage />;
  if (step !== undefined) return <Navigate to={`/pay/${mobile}/${token}`} replace />;
  return <PayLinkChoicePage mobile={mobile} token={token} />;
}

/** The link's pay-only view itself. */
function PayLinkChoicePage({ mobile, token }: { mobile: string; token: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const view = usePayView(mobile, token);
  usePayLinkLanguage(view.data ? view.data.language : view.isError ? null : undefined);
  const config = useWorldlineConfig();

  useEffect(() => {
    if (config.data?.scriptUrls) loadCheckoutScripts(config.data.scriptUrls);
  }, [config.data?.scriptUrls]);

  if (linkRefused(view.error)) return <Navigate to={signInFor(mobile)} replace />;

  const data = view.data;
  return (
    <PayLinkFrame title={t('whatsapp.pay.title')}>
      {view.isLoading ? <Loader aria-label={t('whatsapp.pay.loading')} /> : null}
      {view.error ? (
        <Alert color="red" role="alert">
          {errorText(view.error)}
        </Alert>
      ) : null}
      <EarlierPayment mobile={mobile} token={token} txnId={search.get('txn')} />
      {data ? (
        <>
          <Text size="lg" fw={600}>
            {t('whatsapp.pay.greeting', { name: data.firstName })}
          </Text>
          {data.items.length === 0 ? (
            <Text>{t('whatsapp.pay.none')}</Text>
          ) : (
            <PayLinkChooser view={data} mobile={mobile} token={token} available={config.data?.available !== false} />
          )}
          <Button variant="subtle" component="a" href={signInFor(mobile)}>
            {t('whatsapp.pay.signIn')}
          </Button>
        </>
      ) : null}
    </PayLinkFrame>
  );
}

/**
 * The payment the member comes back from (`?txn=…`, decision 0140): why it failed, or that it is
 * still being confirmed; a paid one goes on to the confirmation page.
 */
function EarlierPayment({ mobile, token, txnId }: { mobile: string; token: string; txnId: string | null }) {
  const { t } = useTranslation();
  const outcome = usePayLinkOutcome(mobile, token, txnId);
  const data = outcome.data;
  if (!txnId || !data) return null;
  if (data.status === 'success')
    return <Navigate to={`/pay/${mobile}/${token}/done?txn=${encodeURIComponent(txnId)}`} replace />;
  if (data.status === 'pending')
    return (
      <Alert color="yellow" role="status">
        {t('portal.notices.pendingStatus')}
      </Alert>
    );
  return (
    <Alert color="red" role="alert" title={t('portal.callback.failedTitle')}>
      {t('whatsapp.pay.failedReason', { reason: errorText(new Error(data.message)) })}
    </Alert>
  );
}

/** The dues to choose from, the total of the choice and the Pay button. */
function PayLinkChooser({
  view,
  mobile,
  token,
  available,
}: {
  view: PayView;
  mobile: string;
  token: string;
  available: boolean;
}) {
  const { t } = useTranslation();
  const choice = usePayLinkChoice(view);
  const { busy, problem, pay } = usePayLinkPayment(mobile, token, view.firstName);
  const { amounts, chosen } = choice;
  const waiting = choice.payments.some((payment) => waitsForArrears(payment, view.arrearsBlocking));
  return (
    <>
      <Text>{t('whatsapp.pay.intro')}</Text>
      <PayLinkItems payments={choice.payments} arrearsBlocking={view.arrearsBlocking} choice={choice} disabled={busy} />
      <Text c="gray.7">{t('whatsapp.pay.total', { amount: formatINR(paiseOf(view.total)) })}</Text>
      {waiting ? <Alert color="yellow">{t('whatsapp.pay.arrearsFirst')}</Alert> : null}
      {amounts ? null : (
        <Alert color="red" role="alert">
          {t('messages.invalidAmount')}
        </Alert>
      )}
      {chosen.length === 0 ? <Text role="status">{t('whatsapp.pay.noneChosen')}</Text> : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Button
        size="md"
        color="green"
        loading={busy}
        onClick={() => amounts && void pay(chosen, amounts.customAmounts)}
        disabled={!available || !amounts || chosen.length === 0}
      >
        {t('whatsapp.pay.pay', { amount: formatINR(amounts?.totalPaise ?? ZERO_PAISE) })}
      </Button>
    </>
  );
}
