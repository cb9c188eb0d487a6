import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { displayMobile } from '@parish/shared';

import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { saveMemberLanguage } from '../../lib/member-language.ts';
import { useParishSettings } from '../../lib/settings.ts';

/**
 * The customer dashboard's header (`docs/domain.md`, §2 "Customer dashboard"): the parish name,
 * 'Welcome, …', the member's mobile and parish number, the language switch (saved for the member),
 * the emergency Reset while a payment is processing, Change Password and Sign Out (both off while
 * processing).
 */
export function PortalHeader({
  processing,
  onReset,
  onChangePassword,
}: {
  processing: boolean;
  onReset: () => void;
  onChangePassword: () => void;
}) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const settings = useParishSettings();
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="gray.7">
            {settings.data?.name ?? ''}
          </Text>
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            {t('portal.header.welcome', { name: user?.name ?? '' })}
          </Title>
          <Text size="sm" c="gray.7">
            {t('portal.header.identity', {
              mobile: displayMobile(user?.mobile ?? ''),
              parishNumber: user?.parishNumber ?? '',
            })}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          <LanguageSwitcher
            onChange={(language) =>
              void saveMemberLanguage({ language }).catch(() =>
                notifications.show({ color: 'yellow', message: t('language.saveFailed') }),
              )
            }
          />
          {processing ? (
            <Button color="red" variant="light" size="xs" onClick={onReset} title={t('portal.header.resetHint')}>
              {t('portal.header.reset')}
            </Button>
          ) : null}
          <Button variant="default" size="xs" onClick={onChangePassword} disabled={processing}>
            {t('common.changePassword')}
          </Button>
          <Button variant="default" size="xs" onClick={() => void signOut()} disabled={processing}>
            {t('common.signOut')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
