import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useParishSettings } from '../lib/settings.ts';

/** The full-screen spinner shown while the session loads: 'Loading {church name}...'. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  const settings = useParishSettings();
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{t('common.loadingParish', { name: settings.data?.name ?? '' })}</Text>
      </Stack>
    </Center>
  );
}
