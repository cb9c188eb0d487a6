import { ActionIcon, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { HistorySort, StatusFilter } from './payment-history.ts';

/** What the Payment Summary dialog shows: the status filter, the sort and its direction. */
export interface SummaryView {
  status: StatusFilter;
  sortBy: HistorySort;
  direction: 'asc' | 'desc';
}

/**
 * The Payment Summary dialog's status filter (All, Pending, Paid), sort (date, amount, status) and
 * direction toggle (`docs/domain.md`, §2 "Payment Summary dialog").
 */
export function SummaryViewControls({ view, onChange }: { view: SummaryView; onChange: (view: SummaryView) => void }) {
  const { t } = useTranslation();
  const { status, sortBy, direction } = view;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="payment-status-filter">
          {t('collections.summary.statusFilter')}
        </Text>
        <SegmentedControl
          aria-labelledby="payment-status-filter"
          value={status}
          onChange={(value) => onChange({ ...view, status: value as StatusFilter })}
          data={[
            { value: 'all', label: t('collections.summary.all') },
            { value: 'pending', label: t('collections.summary.pending') },
            { value: 'paid', label: t('collections.summary.paid') },
          ]}
        />
      </Stack>
      <Group gap={4} align="flex-end" wrap="nowrap">
        <Select
          label={t('collections.summary.sortBy')}
          value={sortBy}
          onChange={(value) => onChange({ ...view, sortBy: (value as HistorySort | null) ?? 'date' })}
          data={[
            { value: 'date', label: t('collections.summary.sortDate') },
            { value: 'amount', label: t('collections.summary.sortAmount') },
            { value: 'status', label: t('collections.summary.sortStatus') },
          ]}
          allowDeselect={false}
          w={130}
          comboboxProps={{ withinPortal: true }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => onChange({ ...view, direction: direction === 'asc' ? 'desc' : 'asc' })}
          aria-label={t('collections.summary.directionToggle', {
            direction: t(direction === 'asc' ? 'collections.summary.ascending' : 'collections.summary.descending'),
          })}
        >
          {direction === 'asc' ? (
            <IconSortAscending size={18} aria-hidden />
          ) : (
            <IconSortDescending size={18} aria-hidden />
          )}
        </ActionIcon>
      </Group>
    </Group>
  );
}
