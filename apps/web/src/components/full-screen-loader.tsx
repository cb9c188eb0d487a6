import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useParishName } from '../lib/settings.ts';

/**
 * The full-screen spinner shown while the session loads: 'Loading {church name}...'
 * (`docs/domain.md`, §2 "Route table"). Until the name is known (a first visit), the spinner
 * shows no text rather than 'Loading ...' with a blank name.
 */
export function FullScreenLoader() {
  const { t } = useTranslation();
  const name = useParishName();
  return (
    <Center h="100vh" px="md" role="status" aria-live="polite" aria-label={name ? undefined : t('common.loading')}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        {name ? <Text ta="center">{t('common.loadingParish', { name })}</Text> : null}
      </Stack>
    </Center>
  );
}
