import { Button, Group, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload, IconFileSpreadsheet, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { TableFormat } from '../../lib/table-download.ts';
import type { MyCollectionsFilters } from './use-my-collections.ts';
import { calendarProps } from '../../components/day-input.tsx';
import { parseTypedDay } from '../../lib/days.ts';

/**
 * The Cashier Collections filter bar (`docs/domain.md`, §2 "Cashier Collections"): search, From
 * and To (DD/MM/YYYY, each bounding the other), Clear, Refresh, Export CSV and Export Excel (off
 * while there is nothing to export or the other export runs).
 */
export function MyCollectionsFilterBar({
  filters,
  refreshing,
  onRefresh,
  canExport,
  exporting,
  onExport,
}: {
  filters: MyCollectionsFilters;
  refreshing: boolean;
  onRefresh: () => void;
  canExport: boolean;
  exporting: TableFormat | null;
  onExport: (format: TableFormat) => void;
}) {
  const { t } = useTranslation();
  const { from, to } = filters;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('collections.mine.searchLabel')}
        placeholder={t('collections.mine.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => filters.setSearch(event.currentTarget.value)}
        type="search"
        w={{ base: '100%', sm: 320 }}
      />
      <DateInput
        label={t('collections.mine.from')}
        placeholder={t('collections.mine.datePlaceholder')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        {...calendarProps(t)}
        value={from}
        onChange={filters.setFrom}
        maxDate={to ?? undefined}
        clearable
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
        popoverProps={{ withinPortal: true }}
      />
      <DateInput
        label={t('collections.mine.to')}
        placeholder={t('collections.mine.datePlaceholder')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        {...calendarProps(t)}
        value={to}
        onChange={filters.setTo}
        minDate={from ?? undefined}
        clearable
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
        popoverProps={{ withinPortal: true }}
      />
      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={filters.clear}>
          {t('collections.mine.clear')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={refreshing}
        >
          {t('collections.mine.refresh')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => onExport('csv')}
          disabled={!canExport || exporting === 'xlsx'}
          loading={exporting === 'csv'}
        >
          {t('collections.mine.exportCsv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => onExport('xlsx')}
          disabled={!canExport || exporting === 'csv'}
          loading={exporting === 'xlsx'}
          aria-label={t('collections.mine.exportExcelLabel')}
        >
          {t('collections.mine.exportExcel')}
        </Button>
      </Group>
    </Group>
  );
}
