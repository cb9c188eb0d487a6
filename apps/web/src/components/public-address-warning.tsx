import { Alert, Text } from '@mantine/core';
import { settingsContracts } from '@parish/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../lib/api-request.ts';

/**
 * The warning of Settings and Send Reminders when `PUBLIC_URL` is `localhost` or a private
 * address (issue 27 item 18, decision 0117), read from `GET /api/admin/public-address` (admin):
 * every link sent to members starts with it and would not open on their phones. Nothing while the
 * address is public, loading or unreadable.
 */
export function PublicAddressWarning() {
  const { t } = useTranslation();
  const address = useQuery({
    queryKey: ['settings', 'public-address'],
    queryFn: ({ signal }) => apiRequest(settingsContracts.publicAddress, {}, { signal }),
    staleTime: Infinity,
  });
  const problem = address.data?.problem;
  if (!address.data || !problem) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      data-testid="public-address-warning"
      title={t('settings.publicAddress.title')}
      icon={<IconAlertTriangle aria-hidden />}
    >
      <Text size="sm" c="dark.9">
        {t(`settings.publicAddress.${problem}`, { url: address.data.publicUrl })}
      </Text>
      <Text size="sm" c="dark.9" mt={4}>
        {t('settings.publicAddress.fix')}
      </Text>
    </Alert>
  );
}
