import { Alert, Box, Container, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { addPaise, formatINR, type CustomerSummary, type PaymentRecord } from '@parish/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../lib/auth.tsx';
import { useLiveUpdates } from '../../lib/live-updates.ts';
import { useCustomerPayments, useCustomerTransactions, useWorldlineConfig } from './api.ts';
import { PaidTab } from './paid-tab.tsx';
import { paiseOf } from '../../lib/money.ts';
import { PaymentFlowDialogs, preloadPaymentDialogs } from './payment-flow-dialogs.tsx';
import { PendingTab } from './pending-tab.tsx';
import { PortalHeader } from './portal-header.tsx';
import { StatementCard } from './statement-card.tsx';
import { WhatsAppConsentCard } from './whatsapp-consent-card.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { usePaymentFlow, type ConfirmMode } from './use-payment-flow.ts';
import { usePaymentReturn } from './use-payment-return.ts';
import { usePendingSelection } from './use-pending-selection.ts';
import { loadCheckoutScripts } from './worldline-checkout.ts';

type TabValue = 'pending' | 'paid' | 'transactions';

const pendingFigure = (summary: CustomerSummary | undefined) =>
  summary
    ? {
        count: summary.arrears.count + summary.current.count + summary.misc.count,
        paise: addPaise(paiseOf(summary.arrears.amount), paiseOf(summary.current.amount), paiseOf(summary.misc.amount)),
      }
    : null;

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
  const { user } = useAuth();
  const [changing, { open: openChange, close: closeChange }] = useDisclosure(false);
  const [tab, setTab] = useState<TabValue>('pending');
  const pending = useCustomerPayments('pending');
  const transactions = useCustomerTransactions();
  const config = useWorldlineConfig();
  const flow = usePaymentFlow(user?.name ?? '', pending.data?.arrearsBlocking ?? false);
  usePaymentReturn(flow.showReturn);
  // Payments that are no longer pending drop out of the selection.
  const { selected, setSelected, entered, enter } = usePendingSelection(pending.data?.items);

  const gateway = config.data;
  const scriptUrls = gateway?.available
    ? (gateway.scriptUrls?.length ? gateway.scriptUrls : [gateway.checkoutScriptUrl]).join(' ')
    : '';
  const confirming = flow.confirm !== null;
  useEffect(() => {
    if (confirming && scriptUrls) loadCheckoutScripts(scriptUrls.split(' '));
  }, [confirming, scriptUrls]);

  const summary = pending.data?.summary;
  const pendingTotals = pendingFigure(summary);
  const request = (mode: ConfirmMode, payments: PaymentRecord[]) => {
    if (!flow.requestPayment(mode, payments, entered)) return;
    // In the press's own event, before the render that opens the dialog (decision 0158): the
    // gateway's script first (small, and Pay waits for it), then the dialogs' code.
    if (scriptUrls) loadCheckoutScripts(scriptUrls.split(' '));
    preloadPaymentDialogs();
  };

  return (
    <Box component="main" bg="gray.0" mih="100vh" py="md">
      <Container size="md" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <PortalHeader processing={flow.processing} onReset={flow.reset} onChangePassword={openChange} />
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
                onEnter={enter}
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
          <StatementCard />
          <WhatsAppConsentCard />
        </Stack>
      </Container>
      <PaymentFlowDialogs flow={flow} config={config.data} onViewPaid={() => setTab('paid')} />
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
