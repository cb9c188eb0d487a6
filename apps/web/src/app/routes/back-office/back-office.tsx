import {
  Alert,
  Anchor,
  AppShell,
  Burger,
  Button,
  Container,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';

import type { StaffRole } from '@parish/shared';

import { FullScreenLoader } from '../../../components/full-screen-loader.tsx';
import {
  MemberHistoryProvider,
  type MemberHistoryProps,
  type RenderMemberHistory,
} from '../../../components/member-history.tsx';
import { useTwoStepStatus } from '../../../features/account/api.ts';
import { HeaderCollectionYtd } from '../../../features/dashboard/header-collection-ytd.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useLiveUpdates } from '../../../lib/live-updates.ts';
import { JUST_SIGNED_IN_KEY } from '../../../lib/storage.ts';
import { useParishSettings } from '../../../lib/settings.ts';
import { checklistOpen, useOnboardingStatus } from '../../../features/onboarding/api.ts';
import { useWardWords } from '../../../lib/wards.ts';
import { Dashboard } from './dashboard.tsx';
import { DayClosedNotice } from '../../../features/collections/day-closed-notice.tsx';

const AccountPage = lazy(() => import('../../../features/account/account-page.tsx'));
const StaffAccounts = lazy(() => import('../../../features/staff/staff-accounts-page.tsx'));
const ParishSettingsPage = lazy(() => import('../../../features/settings/parish-settings-page.tsx'));
const MembersPage = lazy(() => import('../../../features/members/members-page.tsx'));
const PaymentHeadsPage = lazy(() => import('../../../features/payment-heads/payment-heads-page.tsx'));
const RemindersPage = lazy(() => import('../../../features/reminders/reminders-page.tsx'));
const ReportsPage = lazy(() => import('../../../features/reports/reports-page.tsx'));
const ActivitiesPage = lazy(() => import('../../../features/activities/activities-page.tsx'));
const ExportDataPage = lazy(() => import('../../../features/export/export-page.tsx'));
const AccountsExportPage = lazy(() => import('../../../features/accounts/accounts-export-page.tsx'));
const SettlementsPage = lazy(() => import('../../../features/accounts/settlements-page.tsx'));
const CashierArrearsPage = lazy(() => import('../../../features/collections/cashier-arrears-page.tsx'));
const CashierCollectionsPage = lazy(() => import('../../../features/collections/cashier-collections-page.tsx'));
const RefundsPage = lazy(() => import('../../../features/refunds/refunds-page.tsx'));
const ChequesPage = lazy(() => import('../../../features/collections/cheques-page.tsx'));
const DaySheetsPage = lazy(() => import('../../../features/collections/day-sheets-page.tsx'));
const DepositsPage = lazy(() => import('../../../features/deposits/deposits-page.tsx'));
const BankReconciliationPage = lazy(() => import('../../../features/bank/bank-reconciliation-page.tsx'));
const GetStartedPage = lazy(() => import('../../../features/onboarding/get-started-page.tsx'));
const WardsPage = lazy(() => import('../../../features/wards/wards-page.tsx'));
const WardLeaderPage = lazy(() => import('../../../features/wards/ward-leader-page.tsx'));
const WardLeaderReportPage = lazy(() => import('../../../features/wards/ward-leader-report-page.tsx'));
const PaymentSummaryModal = lazy(() =>
  import('../../../features/collections/payment-summary-modal.tsx').then((module) => ({
    default: module.PaymentSummaryModal,
  })),
);

/**
 * The members and reports screens' payment history dialog: the collections feature's Payment
 * Summary, loaded with the first screen that shows it; nothing is shown while it loads (the dialog
 * starts closed).
 */
function PaymentHistoryDialog(props: MemberHistoryProps) {
  return (
    <Suspense fallback={null}>
      <PaymentSummaryModal {...props} />
    </Suspense>
  );
}

const renderPaymentHistory: RenderMemberHistory = (props) => <PaymentHistoryDialog {...props} />;

/**
 * Where each staff role's screens live: /admin, /cashier, /ward for a ward leader (decision 0129),
 * whose shell shows only their ward's members, their ward's report (decision 0136) and their own
 * account, and /accounts for an accountant (decision 0145): the reports, the accounts export,
 * bank deposits (decision 0147) and their own account.
 */
const BASE: Record<StaffRole, string> = {
  admin: '/admin',
  cashier: '/cashier',
  ward_leader: '/ward',
  accountant: '/accounts',
};

/** The catalogue key of each staff role's name, as the header and the staff list show it. */
const ROLE_LABEL: Record<StaffRole, string> = {
  admin: 'shell.roleAdmin',
  cashier: 'shell.roleCashier',
  ward_leader: 'wards.roleWardLeader',
  accountant: 'shell.roleAccountant',
};

/** Sidebar entries by role (`docs/domain.md`, §2 "Back-office shell"), plus the admin's own settings. */
const NAV: Record<StaffRole, { path: string; key: string }[]> = {
  admin: [
    { path: 'dashboard', key: 'dashboard' },
    { path: 'members', key: 'members' },
    { path: 'wards', key: 'wards' },
    { path: 'payments', key: 'payments' },
    { path: 'reports', key: 'reports' },
    { path: 'reminders', key: 'reminders' },
    { path: 'activities', key: 'activities' },
    { path: 'staff', key: 'staff' },
    { path: 'settings', key: 'settings' },
    { path: 'refunds', key: 'refunds' },
    { path: 'cheques', key: 'cheques' },
    { path: 'day-sheets', key: 'daySheets' },
    { path: 'deposits', key: 'deposits' },
    { path: 'bank', key: 'bank' },
    { path: 'export', key: 'export' },
    { path: 'accounts-export', key: 'accountsExport' },
    { path: 'settlements', key: 'settlements' },
    { path: 'account', key: 'account' },
  ],
  cashier: [
    { path: 'dashboard', key: 'dashboard' },
    { path: 'arrears', key: 'arrears' },
    { path: 'collections', key: 'collections' },
    { path: 'reports', key: 'reports' },
    { path: 'wards', key: 'wards' },
    { path: 'refunds', key: 'refunds' },
    { path: 'cheques', key: 'cheques' },
    { path: 'deposits', key: 'deposits' },
    { path: 'account', key: 'account' },
  ],
  // A ward leader: their ward's members (dues, reminders), their ward's report (decision 0136) and
  // their account, nothing else.
  ward_leader: [
    { path: 'members', key: 'wardMembers' },
    { path: 'report', key: 'wardReport' },
    { path: 'account', key: 'account' },
  ],
  // An accountant (decision 0145): the books only, never collecting or editing.
  accountant: [
    { path: 'reports', key: 'reports' },
    { path: 'export', key: 'accountsExport' },
    { path: 'deposits', key: 'deposits' },
    { path: 'bank', key: 'bank' },
    { path: 'settlements', key: 'settlements' },
    { path: 'account', key: 'account' },
  ],
};

/**
 * An admin without a second factor while the parish requires one (STAFF_MFA=required) sees only
 * the setup, with a way to sign out (`docs/domain.md`, "Two-step sign-in for staff"); the server
 * answers every other call 403 meanwhile.
 */
function TwoStepSetupScreen() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  return (
    <Container size="sm" py="md">
      <Stack>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={() => void signOut()}>
            {t('common.signOut')}
          </Button>
        </Group>
        <Suspense fallback={<FullScreenLoader />}>
          <AccountPage />
        </Suspense>
      </Stack>
    </Container>
  );
}

/** The banner "Set up two-step sign-in" of a staff member who has not (STAFF_MFA=offered). */
function TwoStepBanner({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" role="status" mb="md">
      <Group gap="xs">
        <Text size="sm">{t('twoStep.banner')}</Text>
        <Anchor component={Link} to={to} size="sm" fw={600}>
          {t('twoStep.bannerLink')}
        </Anchor>
      </Group>
    </Alert>
  );
}

/**
 * The back-office shell shared by admin and cashier: header with sign-out, role sidebar, screens.
 * The confirm dialogs' provider (@mantine/modals) lives here, not in the app's root: only staff
 * screens use it, and a member's phone never downloads it (issue 18). An admin the parish requires
 * to set up two-step sign-in sees only that setup until it is done (`docs/domain.md`, "Two-step
 * sign-in for staff"); anyone else who has not set it up sees the banner offering it.
 */
export default function BackOffice({ role }: { role: StaffRole }) {
  const twoStep = useTwoStepStatus();
  if (twoStep.data?.required && !twoStep.data.enabled) return <TwoStepSetupScreen />;
  return <BackOfficeShell role={role} offerTwoStep={twoStep.data?.enabled === false} />;
}

/**
 * The admin's "Get started" entry in the sidebar (issue 28 item 6, decision 0132), first while the
 * new parish checklist is not dismissed; hidden once it is.
 */
function GetStartedNavLink({ active, onClick }: { active: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const status = useOnboardingStatus();
  if (!status.data || status.data.dismissed) return null;
  return (
    <NavLink component={Link} to="/admin/get-started" label={t('onboarding.nav')} active={active} onClick={onClick} />
  );
}

/**
 * The admin's dashboard route: right after signing in (the sign-in screen leaves
 * `JUST_SIGNED_IN_KEY` in session storage, read once here), an admin whose parish checklist is
 * open (not complete, not dismissed) lands on "Get started" instead (issue 28 item 6, decision
 * 0132); any other visit shows the dashboard.
 */
function AdminLanding() {
  const [justSignedIn] = useState(() => sessionStorage.getItem(JUST_SIGNED_IN_KEY) === '1');
  const status = useOnboardingStatus();
  const decided = !status.isPending;
  useEffect(() => {
    if (justSignedIn && decided) sessionStorage.removeItem(JUST_SIGNED_IN_KEY);
  }, [justSignedIn, decided]);
  if (justSignedIn && !decided) return <FullScreenLoader />;
  if (justSignedIn && checklistOpen(status.data)) return <Navigate to="/admin/get-started" replace />;
  return <Dashboard role="admin" />;
}

/** A ward leader's screens (decision 0129): their ward's members and report, their account. */
function WardLeaderRoutes({ base }: { base: string }) {
  return (
    <Routes>
      <Route path="members" element={<WardLeaderPage />} />
      <Route path="report" element={<WardLeaderReportPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="*" element={<Navigate to={`${base}/members`} replace />} />
    </Routes>
  );
}

/**
 * An accountant's screens (decision 0145): the reports, the accounts' exports, bank deposits
 * (decision 0147) and reconciliation (decision 0149), gateway settlements (decision 0151), their account.
 */
function AccountantRoutes({ base }: { base: string }) {
  return (
    <Routes>
      <Route path="reports" element={<ReportsPage />} />
      <Route path="export" element={<AccountsExportPage />} />
      <Route path="deposits" element={<DepositsPage role="accountant" />} />
      <Route path="bank" element={<BankReconciliationPage />} />
      <Route path="settlements" element={<SettlementsPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="*" element={<Navigate to={`${base}/reports`} replace />} />
    </Routes>
  );
}

/**
 * The admin's own screens (a function, not a component: `<Routes>` reads its `<Route>` children
 * directly, so they are returned as a fragment to place among them).
 */
function adminRoutes() {
  return (
    <>
      <Route path="get-started" element={<GetStartedPage />} />
      <Route path="members" element={<MembersPage />} />
      <Route path="payments" element={<PaymentHeadsPage />} />
      <Route path="reminders" element={<RemindersPage />} />
      <Route path="activities" element={<ActivitiesPage />} />
      <Route path="staff" element={<StaffAccounts />} />
      <Route path="settings" element={<ParishSettingsPage />} />
      <Route path="day-sheets" element={<DaySheetsPage />} />
      <Route path="bank" element={<BankReconciliationPage />} />
      <Route path="export" element={<ExportDataPage />} />
      <Route path="accounts-export" element={<AccountsExportPage />} />
      <Route path="settlements" element={<SettlementsPage />} />
    </>
  );
}

/** The shell itself; `offerTwoStep` shows the two-step banner (not on My account). */
function BackOfficeShell({ role, offerTwoStep }: { role: StaffRole; offerTwoStep: boolean }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const settings = useParishSettings();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const base = BASE[role];
  const isLeader = role === 'ward_leader';
  const isAccountant = role === 'accountant';
  // The event stream and the year's collection are not a ward leader's nor an accountant's (the
  // server answers 403).
  useLiveUpdates(!isLeader && !isAccountant);
  const wardWords = useWardWords();

  return (
    <ModalsProvider>
      <MemberHistoryProvider value={renderPaymentHistory}>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
          padding={{ base: 'sm', sm: 'md' }}
        >
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('common.openMenu')} />
                <Text fw={700} truncate="end" component="span">
                  {settings.data?.name ?? ''}
                </Text>
              </Group>
              <Group gap="md" wrap="nowrap">
                {isLeader || isAccountant ? null : <HeaderCollectionYtd />}
                <Stack gap={0} visibleFrom="xs" align="flex-end">
                  <Text size="sm" fw={600}>
                    {user?.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t(ROLE_LABEL[role])}
                  </Text>
                </Stack>
                <Button variant="default" size="xs" onClick={() => void signOut()}>
                  {t('common.signOut')}
                </Button>
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="sm" aria-label="Main">
            <ScrollArea>
              {role === 'admin' ? (
                <GetStartedNavLink active={location.pathname === `${base}/get-started`} onClick={close} />
              ) : null}
              {NAV[role].map((item) => (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={`${base}/${item.path}`}
                  label={
                    item.key === 'wards'
                      ? wardWords.other
                      : item.key === 'wardMembers'
                        ? t('wards.leader.nav', { ward: wardWords.ward })
                        : item.key === 'wardReport'
                          ? t('wards.leader.reportNav', { ward: wardWords.one })
                          : t(`shell.nav.${item.key}`)
                  }
                  active={location.pathname === `${base}/${item.path}`}
                  onClick={close}
                />
              ))}
            </ScrollArea>
          </AppShell.Navbar>
          <AppShell.Main>
            {offerTwoStep && location.pathname !== `${base}/account` ? <TwoStepBanner to={`${base}/account`} /> : null}
            {role === 'cashier' ? <DayClosedNotice id="day-closed-banner" mb="md" /> : null}
            <Suspense fallback={<FullScreenLoader />}>
              {isAccountant ? (
                <AccountantRoutes base={base} />
              ) : isLeader ? (
                <WardLeaderRoutes base={base} />
              ) : (
                <Routes>
                  <Route path="dashboard" element={role === 'admin' ? <AdminLanding /> : <Dashboard role={role} />} />
                  <Route path="wards" element={<WardsPage />} />
                  {role === 'admin' ? (
                    adminRoutes()
                  ) : (
                    <>
                      <Route path="arrears" element={<CashierArrearsPage />} />
                      <Route path="collections" element={<CashierCollectionsPage />} />
                    </>
                  )}
                  <Route path="reports" element={<ReportsPage />} />
                  <Route path="refunds" element={<RefundsPage />} />
                  <Route path="cheques" element={<ChequesPage />} />
                  <Route path="deposits" element={<DepositsPage role={role} />} />
                  <Route path="account" element={<AccountPage />} />
                  <Route path="*" element={<Navigate to={`${base}/dashboard`} replace />} />
                </Routes>
              )}
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </MemberHistoryProvider>
    </ModalsProvider>
  );
}
