import '@mantine/dates/styles.css';

import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { AUDIT_ACTIONS, DEFAULT_PARISH_TIMEZONE, formatDisplayDateTime, type Activity } from '@parish/shared';
import { IconDownload, IconFileSpreadsheet, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { actionLabel, activitySentenceText } from './activity-sentence.ts';
import { summarizeChange } from './activity-summary.ts';
import { downloadActivities, useActivities, useStaffNames, type ActivityFilters } from './api.ts';

/** A `Date` from the date picker as a parish day `YYYY-MM-DD` (the picker's value is a local day). */
function isoDay(value: string | null): string {
  return value ? value.slice(0, 10) : '';
}

/** The entry's details: when, who, what it is about, and each recorded field before → after. */
function ActivityDetails({ activity, onMember }: { activity: Activity; onMember: (id: string, name: string) => void }) {
  const { t } = useTranslation();
  const words = { yes: t('activities.yes'), no: t('activities.no'), empty: t('activities.empty') };
  const summary = summarizeChange(activity.action, activity.before, activity.after, words, Number.POSITIVE_INFINITY);
  const { member, head, staff } = activity.subject;
  const rows: [string, string][] = [
    [t('activities.drawer.when'), formatDisplayDateTime(activity.occurredAt, DEFAULT_PARISH_TIMEZONE)],
    [
      t('activities.drawer.who'),
      activity.actorName
        ? `${activity.actorName} (${activity.actorRole ?? t(`activities.actors.${activity.actorType}`)})`
        : t(`activities.actors.${activity.actorType}`),
    ],
    [t('activities.drawer.action'), actionLabel(t, activity.action)],
  ];
  if (member) rows.push([t('activities.drawer.member'), `${member.name} (${member.parishNumber})`]);
  if (head) rows.push([t('activities.drawer.head'), `${head.name} (${head.year})`]);
  if (staff) rows.push([t('activities.drawer.staff'), staff.name]);
  if (activity.entityId) rows.push([t('activities.drawer.reference'), activity.entityId]);
  return (
    <Stack>
      <Text fw={600}>{activitySentenceText(t, activity)}</Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {member ? (
        <Button variant="default" onClick={() => onMember(member._id, member.name)}>
          {t('activities.onlyThisMember')}
        </Button>
      ) : null}
      <Title order={2} fz="md">
        {t('activities.drawer.changes')}
      </Title>
      {summary.changes.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('activities.noDetails')}
        </Text>
      ) : (
        <Table withTableBorder layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activities.drawer.field')}</Table.Th>
              <Table.Th>{t('activities.drawer.before')}</Table.Th>
              <Table.Th>{t('activities.drawer.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.field}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.before ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.after ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The filters: who, action, date range, search, and the member chosen from an entry. */
function Filters({
  filters,
  search,
  member,
  onChange,
  onSearch,
  onClearMember,
}: {
  filters: ActivityFilters;
  search: string;
  member: { id: string; name: string } | null;
  onChange: (next: ActivityFilters) => void;
  onSearch: (text: string) => void;
  onClearMember: () => void;
}) {
  const { t } = useTranslation();
  const staff = useStaffNames();
  const who = [
    { value: '', label: t('activities.filters.anyone') },
    ...(staff.data?.items ?? []).map((user) => ({
      value: user._id,
      label: `${user.name} (${t(`staff.${user.role}`)})`,
    })),
    { value: 'member', label: t('activities.filters.members') },
    { value: 'system', label: t('activities.filters.system') },
    { value: 'gateway', label: t('activities.filters.gateway') },
  ];
  const actions = [
    { value: '', label: t('activities.filters.anyAction') },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) })),
  ];
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('activities.filters.label')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Select
          label={t('activities.filters.who')}
          data={who}
          value={filters.actor ?? ''}
          onChange={(value) => onChange({ ...filters, actor: value ?? '' })}
          allowDeselect={false}
        />
        <Select
          label={t('activities.filters.action')}
          data={actions}
          value={filters.action ?? ''}
          onChange={(value) => onChange({ ...filters, action: value ?? '' })}
          searchable
          allowDeselect={false}
        />
        <DateInput
          label={t('activities.filters.from')}
          valueFormat="DD/MM/YYYY"
          value={filters.from || null}
          onChange={(value) => onChange({ ...filters, from: isoDay(value) })}
          clearable
        />
        <DateInput
          label={t('activities.filters.to')}
          valueFormat="DD/MM/YYYY"
          value={filters.to || null}
          onChange={(value) => onChange({ ...filters, to: isoDay(value) })}
          clearable
        />
        <TextInput
          label={t('activities.filters.search')}
          placeholder={t('activities.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
      </SimpleGrid>
      {member ? (
        <Group mt="sm" gap="xs">
          <Badge size="lg" variant="outline" color="gray.8" tt="none">
            {t('activities.filters.member', { name: member.name })}
          </Badge>
          <CloseButton size="sm" aria-label={t('activities.filters.clearMember')} onClick={onClearMember} />
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The Activity Log (admin, `/admin/activities`; `docs/domain.md`, §2 "Activity Log"): the audit
 * trail newest first as sentences people read ("Lissy (cashier) collected ₹1,500.00 from Thomas
 * Mathew (SM001) for Church Tax 2026, receipt 2026-27/000538"), dd/mm/yyyy hh:mm in parish time;
 * filtered on the server by who, action, member, date range and search, 50 at a time with Load
 * more; a drawer with each recorded field before → after (money in rupees); the filtered list as
 * CSV or Excel.
 */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [member, setMember] = useState<{ id: string; name: string } | null>(null);
  const [open, setOpen] = useState<Activity | null>(null);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const query: ActivityFilters = { ...filters, search: debounced, memberId: member?.id ?? '' };
  const list = useActivities(query);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  async function download(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      await downloadActivities(query, format);
    } catch {
      notifications.show({ color: 'red', title: t('common.error'), message: t('activities.downloadError') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} fz={24}>
            {t('activities.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('activities.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void list.refetch()}
            loading={list.isRefetching}
          >
            {t('activities.refresh')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('csv')}
            loading={busy === 'csv'}
          >
            {t('activities.downloadCsv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void download('xlsx')}
            loading={busy === 'xlsx'}
            aria-label={t('activities.downloadExcelLabel')}
          >
            {t('activities.downloadExcel')}
          </Button>
        </Group>
      </Group>
      <Filters
        filters={filters}
        search={search}
        member={member}
        onChange={setFilters}
        onSearch={setSearch}
        onClearMember={() => setMember(null)}
      />
      {list.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('activities.loading')}</Text>
        </Group>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('activities.loadError', { reason: errorText(list.error) })}
        </Alert>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text fw={600}>{t('activities.emptyTitle')}</Text>
          <Text c="gray.7">{t('activities.emptyText')}</Text>
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('activities.title')}>
            {items.map((activity) => {
              const sentence = activitySentenceText(t, activity);
              return (
                <Paper component="li" key={activity._id} withBorder radius={0} px="sm" py="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <Stack gap={2} miw={0}>
                      <Text size="sm">{sentence}</Text>
                      <Text size="xs" c="gray.7" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatDisplayDateTime(activity.occurredAt, DEFAULT_PARISH_TIMEZONE)}
                      </Text>
                    </Stack>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setOpen(activity)}
                      aria-label={t('activities.detailsOf', { sentence })}
                    >
                      {t('activities.details')}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
          <Group justify="space-between">
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('activities.count', { count: items.length })}
            </Text>
            {list.hasNextPage ? (
              <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('activities.loadMore')}
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t('activities.drawer.title')}
      >
        {open ? (
          <ActivityDetails
            activity={open}
            onMember={(id, name) => {
              setMember({ id, name });
              setOpen(null);
            }}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
