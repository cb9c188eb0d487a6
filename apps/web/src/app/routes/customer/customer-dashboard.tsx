import { Alert, Box, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

import { ChangePasswordModal } from '../../../components/change-password-modal.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useParishSettings } from '../../../lib/settings.ts';

/**
 * The member portal frame (section 2, "Customer dashboard"): the welcome header with Sign Out,
 * the three tabs, and an honest empty state until the payments capability fills them.
 */
export default function CustomerDashboard() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const settings = useParishSettings();
  const [changing, { open, close }] = useDisclosure(false);
  return (
    <Box component="main" bg="gray.0" mih="100vh" py="md">
      <Container size="md" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text size="sm" c="gray.7">
                  {settings.data?.name ?? ''}
                </Text>
                <Title order={1} fz={{ base: 20, sm: 24 }}>
                  {t('customer.welcome', { name: user?.name ?? '' })}
                </Title>
                <Text size="sm" c="gray.7">
                  {t('customer.identity', { mobile: user?.mobile ?? '', parishNumber: user?.parishNumber ?? '' })}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={open}>
                  {t('common.changePassword')}
                </Button>
                <Button variant="default" size="xs" onClick={() => void signOut()}>
                  {t('common.signOut')}
                </Button>
              </Group>
            </Group>
          </Paper>
          {user?.mustChangePassword ? (
            <Alert
              color="yellow"
              title={t('common.warning')}
              styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
            >
              {t('customer.changePasswordPrompt')}
            </Alert>
          ) : null}
          <Tabs defaultValue="pending" keepMounted={false}>
            <Tabs.List grow>
              {(['pending', 'paid', 'transactions'] as const).map((tab) => (
                <Tabs.Tab key={tab} value={tab} px={{ base: 6, sm: 'md' }} fz={{ base: 'sm', sm: 'md' }}>
                  {t(`customer.${tab}Tab`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {(['pending', 'paid', 'transactions'] as const).map((tab) => (
              <Tabs.Panel key={tab} value={tab} pt="md">
                <Paper withBorder p="xl">
                  <Text fw={600}>{t('customer.notReadyTitle')}</Text>
                  <Text c="gray.7">{t('customer.notReadyText')}</Text>
                </Paper>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Container>
      <ChangePasswordModal opened={changing} onClose={close} />
    </Box>
  );
}
