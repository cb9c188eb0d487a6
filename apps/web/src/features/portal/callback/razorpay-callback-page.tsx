import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { readToken } from '../../../lib/storage.ts';

/** Redirect delay after gateway A (`docs/domain.md`, §2 "Page sizes and timings"). */
export const RAZORPAY_REDIRECT_MS = 2000;

/**
 * `/payment/callback/razorpay` (`docs/domain.md`, §2 "Route table"): reports success at once and
 * redirects after 2 s to the dashboard when a token is held, else to `/`. The payment itself is
 * settled by the server's verification and webhook, never by this page.
 */
export function RazorpayCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(readToken());
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(signedIn ? '/customer/dashboard' : '/', { replace: true }),
      RAZORPAY_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, signedIn]);
  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} w="100%" maw={520}>
        <Stack role="status">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={1} fz={22}>
              {t('portal.callback.successTitle')}
            </Title>
          </Group>
          <Text>{t('portal.callback.razorpaySuccess')}</Text>
          <Text c="gray.7" size="sm">
            {signedIn
              ? t('portal.callback.redirectDashboard', { seconds: RAZORPAY_REDIRECT_MS / 1000 })
              : t('portal.callback.redirectHome', { seconds: RAZORPAY_REDIRECT_MS / 1000 })}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
