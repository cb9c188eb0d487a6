import { Stack, Tabs, Title } from '@mantine/core';
import { REPORT_TYPES, type DueType, type ReportType } from '@parish/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useAuth } from '../../lib/auth.tsx';
import { DailyTab } from './daily-tab.tsx';
import { HeadTab, YearwiseTab } from './head-tabs.tsx';
import { MemberDueTab, MemberTab } from './member-tabs.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { DetailsTab, DirectTab } from './payment-tabs.tsx';

/** The tabs in the order of `docs/domain.md`, §2 "Reports and Analytics", then the Member-wise Due report. */
const TAB_ORDER: readonly ReportType[] = [
  'overview',
  'daily',
  'member',
  'head',
  'yearwise',
  'details',
  'direct',
  'member-due',
];

/**
 * `tab=` values other screens link with: `headwise` preselects Payment Head Analysis
 * (`docs/domain.md`, §2 "Reports and Analytics"); the dashboard's `arrears`, `current` and `misc`
 * cards open the Member-wise Due report (who owes what by type) and `daily` opens Daily
 * Collections. A report type's own name works as well.
 */
const TAB_ALIASES: Record<string, ReportType> = {
  headwise: 'head',
  arrears: 'member-due',
  current: 'member-due',
  misc: 'member-due',
  daily: 'daily',
  members: 'member',
  memberwise: 'member-due',
};

/** The due type the dashboard's `tab=arrears|current|misc` links filter the Member-wise Due report by. */
const DUE_TYPE_ALIASES: Record<string, DueType> = { arrears: 'arrears', current: 'current', misc: 'misc' };

/** The report tab a `tab=` query value selects (Overview when absent or unknown). */
export function tabFromQuery(value: string | null): ReportType {
  if (!value) return 'overview';
  if ((REPORT_TYPES as readonly string[]).includes(value)) return value as ReportType;
  return TAB_ALIASES[value] ?? 'overview';
}

/**
 * Reports and Analytics (`/admin/reports`, `/cashier/reports`; `docs/domain.md`, §2 "Reports and Analytics"): the
 * seven tabs and the Member-wise Due report, each with its own filters, page size, Download and
 * chart. The selected tab lives in the `tab` query parameter, so links and Back work.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const role = user?.role === 'admin' ? 'admin' : 'cashier';
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('reports.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value) setParams({ tab: value }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('reports.tabsLabel')}>
          {TAB_ORDER.map((type) => (
            <Tabs.Tab key={type} value={type} style={{ whiteSpace: 'nowrap' }}>
              {t(`reports.tabs.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="daily" pt="md">
          <DailyTab />
        </Tabs.Panel>
        <Tabs.Panel value="member" pt="md">
          <MemberTab role={role} />
        </Tabs.Panel>
        <Tabs.Panel value="head" pt="md">
          <HeadTab />
        </Tabs.Panel>
        <Tabs.Panel value="yearwise" pt="md">
          <YearwiseTab />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <DetailsTab />
        </Tabs.Panel>
        <Tabs.Panel value="direct" pt="md">
          <DirectTab />
        </Tabs.Panel>
        <Tabs.Panel value="member-due" pt="md">
          <MemberDueTab key={params.get('tab') ?? ''} dueType={DUE_TYPE_ALIASES[params.get('tab') ?? '']} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
