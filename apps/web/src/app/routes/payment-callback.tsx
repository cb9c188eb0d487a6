import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { useAuth } from '../../lib/auth.tsx';

/**
 * Reads a gateway return parameter from the query or the hash under either of its names
 * (section 4, "Callback states").
 */
function readParam(search: URLSearchParams, hash: URLSearchParams, names: string[]): string | null {
  for (const name of names) {
    const value = search.get(name) ?? hash.get(name);
    if (value) return value;
  }
  return null;
}

/**
 * Gateway return pages (`/payment-callback`, `/payment/callback/worldline`,
 * `/payment/callback/razorpay`). Without a transaction id they show the specification's error;
 * verification arrives with the online payment capability.
 */
export default function PaymentCallback({ gateway }: { gateway: 'worldline' | 'razorpay' }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const txnId = readParam(
    search,
    hash,
    gateway === 'razorpay' ? ['razorpay_order_id', 'txn_id'] : ['txn_id', 'clnt_txn_ref'],
  );
  const signedIn = Boolean(user);
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder p="xl" w="100%" maw={520}>
        <Stack>
          {txnId ? (
            <>
              <Group>
                <Loader size="sm" aria-hidden />
                <Title order={1} fz={22}>
                  {t('callback.processing')}
                </Title>
              </Group>
              <Text>{txnId}</Text>
            </>
          ) : (
            <>
              <Title order={1} fz={22}>
                {t('callback.errorTitle')}
              </Title>
              <Alert color="red" role="alert">
                {t('callback.missingTxn')}
              </Alert>
            </>
          )}
          <Group>
            {signedIn ? (
              <Button component={Link} to="/customer/dashboard">
                {t('callback.returnToDashboard')}
              </Button>
            ) : (
              <>
                <Button component={Link} to="/">
                  {t('callback.tryAgain')}
                </Button>
                <Button component={Link} to="/" variant="default">
                  {t('callback.goHome')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
