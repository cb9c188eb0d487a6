import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { formatINR, rupeesToPaise, sumPaise } from '@parish/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { useWorldlineConfig } from './api.ts';
import { loadCheckoutScripts } from './worldline-checkout.ts';
import { usePayView } from './pay-link-api.ts';
import { PayLinkItems } from './pay-link-items.tsx';
import { payable, usePayLinkPayment } from './use-pay-link-payment.ts';
import { useParishDefaultLanguage } from '../../components/language-switcher.tsx';

/**
 * The pay-only view of a payment link (`/pay/:mobile/:token`; docs/domain.md, §9 "Payment links
 * without a password"): the member's first name and pending dues, one Pay button through the
 * normal online order and the Worldline checkout. A tampered, expired or revoked link (or links
 * switched off) lands on the member sign-in with the mobile prefilled.
 */
export default function PayLinkPage() {
  const { t } = useTranslation();
  useParishDefaultLanguage();
  const { mobile = '', token = '' } = useParams();
  const view = usePayView(mobile, token);
  const config = useWorldlineConfig();
  const { busy, problem, done, pay } = usePayLinkPayment(mobile, token, view.refetch);

  useEffect(() => {
    if (config.data?.scriptUrls) loadCheckoutScripts(config.data.scriptUrls);
  }, [config.data?.scriptUrls]);

  if (view.error instanceof ApiError && [403, 404].includes(view.error.status)) {
    return <Navigate to={`/customer/login?mobile=${encodeURIComponent(mobile)}&type=payment`} replace />;
  }

  const data = view.data;
  const items = data ? payable(data) : [];
  const amount = formatINR(sumPaise(items.map((item) => rupeesToPaise(item.amount))));
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
                <PayLinkItems items={data.items} />
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
