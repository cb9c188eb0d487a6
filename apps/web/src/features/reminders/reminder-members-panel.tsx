import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { financialYearLabel, financialYearOf } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import { WardSelect } from '../../components/ward-select.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useWardNames, useWardWords } from '../../lib/wards.ts';
import type { PagedSearch } from '../../lib/use-paged-search.ts';
import { useReminderMembers } from './api.ts';
import { ReminderMemberRow } from './reminder-member-row.tsx';
import type { ReminderSending } from './use-reminder-sending.ts';

/**
 * The Send Reminders page's Members panel (`docs/domain.md`, §2 "Admin Send Reminders"): the
 * search, a ward filter (issue 28 item 7), Select All / Deselect All for the shown page with the count ticked, 'Send to Selected (n)'
 * and 'Send to All' (after a confirmation; both off while WhatsApp is not configured or a send
 * runs; with a ward chosen, 'Send to All in' that ward, decision 0136), the option to attach the
 * yearly statement to Send to All (decision 0143), the members one page at a time and the pager.
 */
export function ReminderMembersPanel({
  paged,
  sending,
  configured,
}: {
  paged: PagedSearch;
  sending: ReminderSending;
  configured: boolean;
}) {
  const { t } = useTranslation();
  const { page, limit } = paged;
  const [wardId, setWardId] = useState('');
  const [statementFy, setStatementFy] = useState('');
  const list = useReminderMembers({ page, limit, search: paged.debouncedSearch, wardId });
  const shown = list.data?.items ?? [];
  const { selected, busy } = sending;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reminder-members-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="reminder-members-heading">
          {t('reminders.members.heading')}
        </Title>
        <TextInput
          label={t('reminders.members.search')}
          placeholder={t('reminders.members.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={paged.search}
          onChange={(event) => paged.setSearch(event.currentTarget.value)}
          type="search"
        />
        <WardSelect
          value={wardId}
          onChange={(next) => {
            setWardId(next);
            paged.setPage(1);
          }}
        />
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => sending.selectAll(shown)} disabled={shown.length === 0}>
            {t('reminders.members.selectAll')}
          </Button>
          <Button variant="default" size="sm" onClick={sending.deselectAll} disabled={selected.size === 0}>
            {t('reminders.members.deselectAll')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('reminders.members.selectedCount', { count: selected.size })}
          </Text>
        </Group>
        <Group gap="xs" grow preventGrowOverflow={false}>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            color="green"
            onClick={() => void sending.sendSelected()}
            loading={busy === 'selected'}
            disabled={!configured || busy !== null}
          >
            {t('reminders.members.sendSelected', { count: selected.size })}
          </Button>
          <SendAllButton wardId={wardId} statementFy={statementFy} sending={sending} configured={configured} />
        </Group>
        <StatementOption value={statementFy} onChange={setStatementFy} />
        <Text size="xs" c="dimmed">
          {t('reminders.members.chunkNote')}
        </Text>

        {list.error ? (
          <Alert color="red" role="alert">
            {t('reminders.members.loadError', { reason: errorText(list.error) })}
          </Alert>
        ) : null}
        {list.isLoading ? <Loader size="sm" aria-label={t('reminders.members.heading')} /> : null}
        {list.data && shown.length === 0 ? <Text c="dimmed">{t('reminders.members.empty')}</Text> : null}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((member) => (
            <ReminderMemberRow
              key={member._id}
              member={member}
              checked={selected.has(member._id)}
              onToggle={sending.toggle}
            />
          ))}
        </Stack>
        {list.data && list.data.total > 0 ? (
          <TablePager
            page={page}
            limit={limit}
            total={list.data.total}
            totalIsLowerBound={list.data.totalIsLowerBound}
            label={t('reminders.members.pagerLabel')}
            onPage={paged.setPage}
            onLimit={paged.setLimit}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * 'Send to All', after a confirmation. It follows the panel's ward filter (issue 28 item 7,
 * decision 0136): with a ward chosen it reads 'Send to All in' the ward and sends to that ward's
 * members only (the server picks them); off while WhatsApp is not configured or a send runs.
 * @param wardId the ward filter: a ward id, `none`, or '' for the whole parish
 */
function SendAllButton({
  wardId,
  statementFy,
  sending,
  configured,
}: {
  wardId: string;
  statementFy: string;
  sending: ReminderSending;
  configured: boolean;
}) {
  const { t } = useTranslation();
  const wardNames = useWardNames();
  const words = useWardWords();
  const wardName = wardId === 'none' ? t('wards.filter.none', { ward: words.ward }) : (wardNames.get(wardId) ?? '');
  const label = wardId ? t('reminders.members.sendAllWard', { name: wardName }) : t('reminders.members.sendAll');

  function confirmSendAll() {
    modals.openConfirmModal({
      title: label,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {wardId ? t('reminders.sendAllConfirm.wardText', { name: wardName }) : t('reminders.sendAllConfirm.text')}
          </Text>
          {statementFy ? (
            <Text size="sm">
              {statementFy === 'current'
                ? t('reminders.sendAllConfirm.statementCurrent')
                : t('reminders.sendAllConfirm.statementText', { fy: statementFy })}
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: label, cancel: t('common.cancel') },
      onConfirm: () => void sending.sendAll(wardId, statementFy),
    });
  }

  return (
    <Button
      leftSection={<IconUsersGroup size={16} aria-hidden />}
      variant="outline"
      onClick={confirmSendAll}
      loading={sending.busy === 'all'}
      disabled={!configured || sending.busy !== null}
    >
      {label}
    </Button>
  );
}

/**
 * The financial years the statement option offers: `current` (the server takes the year of today in
 * the parish's time zone, 1 April to 31 March) and the two before it, by this device's date.
 */
export function statementYearOptions(today: Date): string[] {
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  const current = financialYearOf(iso);
  return [financialYearLabel(current - 1), financialYearLabel(current - 2)];
}

/**
 * "Attach the yearly statement" (issue 29 item 8, decision 0143): a checkbox and, once ticked, the
 * financial year (default the current one). Send to All then sends each member reached their
 * statement of that year as a WhatsApp document after the reminder.
 * @param value '' for no statement, `current`, or a year like `2025-26`
 */
function StatementOption({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useTranslation();
  const years = [
    { value: 'current', label: t('reminders.members.statementCurrent') },
    ...statementYearOptions(new Date()).map((fy) => ({ value: fy, label: fy })),
  ];
  return (
    <Stack gap={4}>
      <Checkbox
        label={t('reminders.members.statement')}
        description={t('reminders.members.statementHint')}
        checked={value !== ''}
        onChange={(event) => onChange(event.currentTarget.checked ? 'current' : '')}
      />
      {value ? (
        <NativeSelect
          label={t('reminders.members.statementYear')}
          data={years}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maw={280}
        />
      ) : null}
    </Stack>
  );
}
