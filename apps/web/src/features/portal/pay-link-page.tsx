import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate, rupeesToPaise, formatINR, type PayView } from '@parish/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useWorldlineConfig } from './api.ts';
import { verifyWorldlinePayment } from './verify-payment.ts';
import { loadCheckoutScripts, openCheckout, verifyBodyFromResponse, waitForSdk } from './worldline-checkout.ts';
import { createPayLinkOrder, usePayView } from './pay-link-api.ts';

/** The payments one click pays: the arrears while any are pending (docs/domain.md, §4 "Arrears first"), else all. */
function payable(view: PayView): PayView['items'] {
  return view.arrearsBlocking ? view.items.filter((item) => item.type === 'arrear') : view.items;
}

/**
 * The pay-only view of a payment link (`/pay/:mobile/:token`; docs/domain.md, §9 "Payment links
 * without a password"): the member's first name and pending dues, one Pay button through the
 * normal online order and the Worldline checkout. A tampered, expired or revoked link (or links
 * switched off) lands on the member sign-in with the mobile prefilled.
 */
export default function PayLinkPage() {
  const { t } = useTranslation();
  const { mobile = '', token = '' } = useParams();
  const view = usePayView(mobile, token);
  const config = useWorldlineConfig();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (config.data?.scriptUrls) loadCheckoutScripts(config.data.scriptUrls);
  }, [config.data?.scriptUrls]);

  if (view.error instanceof ApiError && [403, 404].includes(view.error.status)) {
    return <Navigate to={`/customer/login?mobile=${encodeURIComponent(mobile)}&type=payment`} replace />;
  }

  async function pay(data: PayView) {
    const items = payable(data);
    setBusy(true);
    setProblem(null);
    try {
      const checkout = await waitForSdk(t('portal.errors.sdkNotLoaded'));
      const order = await createPayLinkOrder(mobile, token, { paymentIds: items.map((item) => item._id) });
      openCheckout(
        checkout,
        order,
        (response) => {
          const body = verifyBodyFromResponse(order.txnId, response);
          void verifyWorldlinePayment(body, {
            timeout: t('portal.callback.verifyTimeout'),
            notFound: t('portal.callback.verifyNotFound'),
            fallback: t('portal.callback.processFailed'),
          })
            .then((result) => {
              if (result.success)
                setDone(
                  t('portal.success.messageTxn', {
                    amount: formatINR(rupeesToPaise(order.amount)),
                    txnId: order.txnId,
                  }),
                );
              else setProblem(result.message);
              void view.refetch();
            })
            .catch((error: unknown) => setProblem(errorText(error)))
            .finally(() => setBusy(false));
        },
        t('portal.errors.consumerDataMissing'),
      );
    } catch (error) {
      setProblem(t('whatsapp.pay.failed', { reason: errorText(error) }));
      setBusy(false);
    }
  }

  const data = view.data;
  const items = data ? payable(data) : [];
  const amount = formatINR(items.reduce((sum, item) => sum + rupeesToPaise(item.amount), 0));
  return (
    <Container size={520} py="xl" component="main">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('whatsapp.pay.title')}
        </Title>
        {view.isLoading ? <Loader aria-label={t('whatsapp.pay.loading')} /> : null}
        {view.error && !(view.error instanceof ApiError && [403, 404].includes(view.error.status)) ? (
          <Alert color="red" role="alert">
            {errorText(view.error)}
          </Alert>
        ) : null}
        {data ? (
          <>
            <Text size="lg" fw={600}>
              {t('whatsapp.pay.greeting', { name: data.firstName })}
            </Text>
            {done ? (
              <Alert color="green" role="status">
                {done}
              </Alert>
            ) : null}
            {data.items.length === 0 ? (
              <Text>{t('whatsapp.pay.none')}</Text>
            ) : (
              <>
                <Text>{t('whatsapp.pay.intro')}</Text>
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.items.map((item) => (
                    <Card key={item._id} withBorder padding="sm" component="li" data-testid="pay-item">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div>
                          <Text fw={500}>{item.headName}</Text>
                          {item.dueDate ? (
                            <Text size="sm" c="dimmed">
                              {t('whatsapp.pay.due', { date: formatDisplayDate(item.dueDate) })}
                            </Text>
                          ) : null}
                        </div>
                        <Text fw={600}>{formatINR(rupeesToPaise(item.amount))}</Text>
                      </Group>
                    </Card>
                  ))}
                </Stack>
                <Text fw={600}>{t('whatsapp.pay.total', { amount: formatINR(rupeesToPaise(data.total)) })}</Text>
                {data.arrearsBlocking && items.length < data.items.length ? (
                  <Alert color="yellow">{t('whatsapp.pay.arrearsFirst')}</Alert>
                ) : null}
                {problem ? (
                  <Alert color="red" role="alert">
                    {problem}
                  </Alert>
                ) : null}
                <Button
                  size="md"
                  color="green"
                  loading={busy}
                  onClick={() => void pay(data)}
                  disabled={config.data?.available === false}
                >
                  {t('whatsapp.pay.pay', { amount })}
                </Button>
              </>
            )}
            <Button
              variant="subtle"
              component="a"
              href={`/customer/login?mobile=${encodeURIComponent(mobile)}&type=payment`}
            >
              {t('whatsapp.pay.signIn')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
