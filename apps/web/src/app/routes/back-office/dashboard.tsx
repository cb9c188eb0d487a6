import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const QUICK_ACTIONS: Record<'admin' | 'cashier', { to: string; key: string }[]> = {
  admin: [
    { to: '/admin/members', key: 'shell.nav.members' },
    { to: '/admin/payments', key: 'shell.nav.payments' },
    { to: '/admin/reports', key: 'shell.nav.reports' },
    { to: '/admin/reminders', key: 'shell.nav.reminders' },
  ],
  cashier: [
    { to: '/cashier/arrears', key: 'shell.nav.arrears' },
    { to: '/cashier/collections', key: 'shell.nav.collections' },
    { to: '/cashier/reports', key: 'shell.nav.reports' },
  ],
};

/** The back-office dashboard: quick actions, and an empty state until figures exist. */
export function Dashboard({ role }: { role: 'admin' | 'cashier' }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('dashboard.title')}
      </Title>
      <Paper withBorder p="lg">
        <Title order={2} fz="lg" mb="sm">
          {t('dashboard.quickActions')}
        </Title>
        <Group>
          {QUICK_ACTIONS[role].map((action) => (
            <Button key={action.to} component={Link} to={action.to} variant="light">
              {t(action.key)}
            </Button>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="xl">
        <Text fw={600}>{t('dashboard.emptyTitle')}</Text>
        <Text c="gray.7">{t('dashboard.emptyText')}</Text>
      </Paper>
    </Stack>
  );
}
