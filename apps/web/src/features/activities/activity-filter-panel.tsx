import { Badge, CloseButton, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { AUDIT_ACTIONS } from '@parish/shared';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { actionLabel } from './activity-sentence.ts';
import { useStaffNames, type ActivityFilters } from './api.ts';
import { calendarProps } from '../../components/day-input.tsx';
import { parseTypedDay } from '../../lib/days.ts';

/** A `Date` from the date picker as a parish day `YYYY-MM-DD` (the picker's value is a local day). */
function isoDay(value: string | null): string {
  return value ? value.slice(0, 10) : '';
}

/** The filters: who, action, date range, search, and the member chosen from an entry. */
export function ActivityFilterPanel({
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
          dateParser={parseTypedDay}
          {...calendarProps(t)}
          value={filters.from || null}
          onChange={(value) => onChange({ ...filters, from: isoDay(value) })}
          clearable
        />
        <DateInput
          label={t('activities.filters.to')}
          valueFormat="DD/MM/YYYY"
          dateParser={parseTypedDay}
          {...calendarProps(t)}
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
