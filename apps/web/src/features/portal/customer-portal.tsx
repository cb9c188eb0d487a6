import { Alert, Box, Button, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatINR, type CustomerSummary, type PaymentRecord } from '@parish/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useLiveUpdates } from '../../lib/live-updates.ts';
import { saveMemberLanguage } from '../../lib/member-language.ts';
import { useParishSettings } from '../../lib/settings.ts';
import { useCustomerPayments, useCustomerTransactions, useWorldlineConfig } from './api.ts';
import { PaidTab } from './paid-tab.tsx';
import { paiseOf } from '../../lib/money.ts';
import { PendingTab } from './pending-tab.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { usePaymentFlow, type ConfirmMode } from './use-payment-flow.ts';
import { usePaymentReturn } from './use-payment-return.ts';
import { loadCheckoutScripts } from './worldline-checkout.ts';

type TabValue = 'pending' | 'paid' | 'transactions';

const pendingFigure = (summary: CustomerSummary | undefined) =>
  summary
    ? {
        count: summary.arrears.count + summary.current.count + summary.misc.count,
        paise: paiseOf(summary.arrears.amount) + paiseOf(summary.current.amount) + paiseOf(summary.misc.amount),
      }
    : null;

/*
 * The payment dialogs load with the first one the member opens: a dialog (Mantine's Modal) brings
 * its scroll area and that brings Floating UI, about 18 KB a phone need not download to show the
 * dues (issue 18).
 */
const ConfirmDialog = lazy(() => import('./payment-dialogs.tsx').then((module) => ({ default: module.ConfirmDialog })));
const FailureDialog = lazy(() => import('./payment-dialogs.tsx').then((module) => ({ default: module.FailureDialog })));
const SuccessDialog = lazy(() => import('./payment-dialogs.tsx').then((module) => ({ default: module.SuccessDialog })));

/** The change-password dialog and its schema (zod) load when the member opens it (issue 18). */
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal.tsx').then((module) => ({ default: module.ChangePasswordModal })),
);

/**
 * The customer dashboard (`docs/domain.md`, §2 "Customer dashboard" and §4 "Customer payment
 * flow"): header, summary cards, the Pending, Paid and Transactions tabs, the checkout dialogs, and
 * the handling of a return from the gateway.
 */
export function CustomerPortal() {
  const { t } = useTranslation();
  // A collection at the parish office shows here without a reload (issue 6, live updates).
  useLiveUpdates();
  const { user, signOut } = useAuth();
  const settings = useParishSettings();
  const [changing, { open: openChange, close: closeChange }] = useDisclosure(false);
  const [tab, setTab] = useState<TabValue>('pending');
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [entered, setEntered] = useState<Record<string, string>>({});
  const pending = useCustomerPayments('pending');
  const transactions = useCustomerTransactions();
  const config = useWorldlineConfig();
  const flow = usePaymentFlow(user?.name ?? '', pending.data?.arrearsBlocking ?? false);
  usePaymentReturn(flow.showReturn);

  const gateway = config.data;
  const scriptUrls = gateway?.available
    ? (gateway.scriptUrls?.length ? gateway.scriptUrls : [gateway.checkoutScriptUrl]).join(' ')
    : '';
  const confirming = flow.confirm !== null;
  useEffect(() => {
    if (confirming && scriptUrls) loadCheckoutScripts(scriptUrls.split(' '));
  }, [confirming, scriptUrls]);

  // Payments that are no longer pending drop out of the selection.
  const pendingItems = pending.data?.items;
  useEffect(() => {
    if (!pendingItems) return;
    setSelected((current) => {
      const ids = new Set(pendingItems.map((item) => item._id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [pendingItems]);

  const summary = pending.data?.summary;
  const pendingTotals = pendingFigure(summary);
  const request = (mode: ConfirmMode, payments: PaymentRecord[]) => flow.requestPayment(mode, payments, entered);

  return (
    <Box component="main" bg="gray.0" mih="100vh" py="md">
      <Container size="md" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
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
                  {t('portal.header.identity', { mobile: user?.mobile ?? '', parishNumber: user?.parishNumber ?? '' })}
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
                {flow.processing ? (
                  <Button
                    color="red"
                    variant="light"
                    size="xs"
                    onClick={flow.reset}
                    title={t('portal.header.resetHint')}
                  >
                    {t('portal.header.reset')}
                  </Button>
                ) : null}
                <Button variant="default" size="xs" onClick={openChange} disabled={flow.processing}>
                  {t('common.changePassword')}
                </Button>
                <Button variant="default" size="xs" onClick={() => void signOut()} disabled={flow.processing}>
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
              {t('portal.header.changePasswordPrompt')}
            </Alert>
          ) : null}
          <SummaryCards summary={summary} />
          <Tabs value={tab} onChange={(value) => value && setTab(value as TabValue)} keepMounted={false}>
            <Tabs.List grow>
              <PortalTab value="pending" label={t('portal.tabs.pending')} disabled={flow.processing}>
                {pendingTotals
                  ? t('portal.tabs.countTotal', { count: pendingTotals.count, total: formatINR(pendingTotals.paise) })
                  : ''}
              </PortalTab>
              <PortalTab value="paid" label={t('portal.tabs.paid')} disabled={flow.processing}>
                {summary
                  ? t('portal.tabs.countTotal', {
                      count: summary.paid.count,
                      total: formatINR(paiseOf(summary.paid.amount)),
                    })
                  : ''}
              </PortalTab>
              <PortalTab value="transactions" label={t('portal.tabs.transactions')} disabled={flow.processing}>
                {transactions.data ? String(transactions.data.total ?? transactions.data.items.length) : ''}
              </PortalTab>
            </Tabs.List>
            <Tabs.Panel value="pending" pt="md">
              <PendingTab
                data={pending.data}
                isLoading={pending.isLoading}
                isError={pending.isError}
                onRetry={() => void pending.refetch()}
                selected={selected}
                onSelectedChange={setSelected}
                entered={entered}
                onEnter={(id, text) => setEntered((current) => ({ ...current, [id]: text }))}
                processing={flow.processing}
                onRequest={request}
              />
            </Tabs.Panel>
            <Tabs.Panel value="paid" pt="md">
              <PaidTab />
            </Tabs.Panel>
            <Tabs.Panel value="transactions" pt="md">
              <TransactionsTab query={transactions} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Container>
      <Suspense fallback={null}>
        {flow.confirm ? (
          <ConfirmDialog
            request={flow.confirm}
            config={config.data}
            processing={flow.processing}
            onCancel={flow.cancelConfirm}
            onPay={() => void flow.pay()}
          />
        ) : null}
        {flow.failure ? (
          <FailureDialog failure={flow.failure} onClose={flow.closeFailure} onTryAgain={flow.tryAgain} />
        ) : null}
        {flow.success ? (
          <SuccessDialog
            message={flow.success}
            onViewPaid={() => {
              flow.closeSuccess();
              setTab('paid');
            }}
            onContinue={flow.closeSuccess}
          />
        ) : null}
      </Suspense>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened onClose={closeChange} />
        </Suspense>
      ) : null}
    </Box>
  );
}

function PortalTab({
  value,
  label,
  disabled,
  children,
}: {
  value: TabValue;
  label: string;
  disabled: boolean;
  children: string;
}) {
  return (
    <Tabs.Tab value={value} disabled={disabled} px={{ base: 4, sm: 'md' }}>
      <Stack gap={0} align="center">
        <Text fz={{ base: 13, sm: 'md' }} fw={500} lh={1.25} ta="center">
          {label}
        </Text>
        <Text fz={{ base: 11, sm: 'xs' }} c="gray.7" style={{ fontVariantNumeric: 'tabular-nums', minHeight: '1.2em' }}>
          {children}
        </Text>
      </Stack>
    </Tabs.Tab>
  );
}
