import '@mantine/dates/styles.css';

import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  Text,
  type MantineColor,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { formatINR, type ReportType, type Rupees } from '@parish/shared';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { amountPaise } from '../../lib/money.ts';
import { downloadReport, type ReportFilters } from './api.ts';
import { calendarProps } from '../../components/day-input.tsx';
import { parseTypedDay } from '../../lib/days.ts';

/** An amount in rupees from the API shown as ₹1,00,000.00. */
export function Money({ rupees, strong = false }: { rupees: Rupees; strong?: boolean }) {
  return (
    <Text
      span
      inherit={!strong}
      fw={strong ? 700 : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {rupees < 0 ? '-' : ''}
      {formatINR(amountPaise(rupees))}
    </Text>
  );
}

/** A member's name with the parish number under it, as the report tables show members. */
export function NameAndNumber({ name, number }: { name: string; number: string }) {
  return (
    <>
      {name}
      <Text size="xs" c="gray.7">
        {number}
      </Text>
    </>
  );
}

/** A percentage to one decimal (`docs/domain.md`, §3 "Derived figures": collection rate shown to 1 decimal). */
export function percent(rate: number): string {
  return (Math.round(rate * 10) / 10).toFixed(1);
}

/** The payment-rate bar, capped at 100% (`docs/domain.md`, §2 "Reports and Analytics"). */
export function RateBar({ rate, label }: { rate: number; label: string }) {
  const capped = Math.max(0, Math.min(100, rate));
  const color: MantineColor = capped >= 100 ? 'green' : capped >= 50 ? 'blue' : 'orange';
  return (
    <Group gap="xs" wrap="nowrap" miw={140}>
      <Progress value={capped} color={color} w={80} aria-label={label} />
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {percent(capped)}%
      </Text>
    </Group>
  );
}

/** The head-type badge: Arrears, Current Due or Miscellaneous (`docs/domain.md`, §3 "Payment heads"). */
export function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  const color = type === 'arrear' ? 'red' : type === 'miscellaneous' ? 'grape' : 'blue';
  const key = type === 'arrear' || type === 'miscellaneous' ? type : 'current due';
  return (
    <Badge color={color} variant="light">
      {t(`reports.types.${key}`)}
    </Badge>
  );
}

/** The payment status badge. */
export function StatusBadge({ status }: { status: 'paid' | 'pending' | 'failed' | 'waived' }) {
  const { t } = useTranslation();
  const color = status === 'paid' ? 'green' : status === 'failed' ? 'red' : status === 'waived' ? 'gray' : 'orange';
  return (
    <Badge color={color} variant="light">
      {t(`reports.status.${status}`)}
    </Badge>
  );
}

/** 'Loading reports...', the failure text ('Failed to generate report' fallback) or the empty state. */
export function ReportState({
  isPending,
  error,
  empty,
  emptyTitle,
  emptyText,
}: {
  isPending: boolean;
  error: unknown;
  empty: boolean;
  emptyTitle: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('reports.loading')}</Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" role="alert">
        {errorText(error, t('reports.failed'))}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Paper withBorder p="xl">
        <Text fw={600}>{emptyTitle}</Text>
        <Text c="gray.7">{emptyText}</Text>
      </Paper>
    );
  }
  return null;
}

/**
 * Download of one report tab, as CSV and beside it as an Excel workbook; failures show 'Export
 * Error' / 'Failed to export report. Please try again.'.
 */
export function DownloadButton({
  type,
  filters,
  label,
  disabled,
}: {
  type: ReportType;
  filters: ReportFilters;
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const name = t(`reports.tabs.${type}`);
  async function run(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      await downloadReport(type, filters, format);
    } catch {
      notifications.show({ color: 'red', title: t('reports.exportErrorTitle'), message: t('reports.exportError') });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void run('csv')}
        loading={busy === 'csv'}
        disabled={disabled}
        // The name holds the visible text (a tab's own label, 'Export CSV', included).
        aria-label={
          label
            ? t('reports.downloadLabelWith', { label, download: t('reports.downloadLabel', { name }) })
            : t('reports.downloadLabel', { name })
        }
      >
        {label ?? t('reports.download')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        onClick={() => void run('xlsx')}
        loading={busy === 'xlsx'}
        disabled={disabled}
        aria-label={t('reports.downloadExcelLabel', { name })}
      >
        {t('reports.downloadExcel')}
      </Button>
    </Group>
  );
}

/** From/To parish dates (dd/mm/yyyy), inclusive. */
export function DateRange({
  from,
  to,
  onChange,
  clearable = true,
}: {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  clearable?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateInput
        label={t('reports.filters.from')}
        placeholder={t('reports.filters.datePlaceholder')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        {...calendarProps(t)}
        value={from}
        onChange={(value) => onChange({ from: value, to })}
        maxDate={to ?? undefined}
        clearable={clearable}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
        popoverProps={{ withinPortal: true }}
      />
      <DateInput
        label={t('reports.filters.to')}
        placeholder={t('reports.filters.datePlaceholder')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseTypedDay}
        {...calendarProps(t)}
        value={to}
        onChange={(value) => onChange({ from, to: value })}
        minDate={from ?? undefined}
        clearable={clearable}
        w={{ base: 'calc(50% - 6px)', sm: 160 }}
        popoverProps={{ withinPortal: true }}
      />
    </>
  );
}

/** Sort field and order selects of a report (the fields come from the shared REPORT_SORT_FIELDS). */
export function SortControls({
  fields,
  labelPrefix,
  sortBy,
  sortOrder,
  onChange,
}: {
  fields: readonly string[];
  labelPrefix: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onChange: (sort: { sortBy: string; sortOrder: 'asc' | 'desc' }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('reports.filters.sortBy')}
        value={sortBy}
        data={fields.map((field) => ({ value: field, label: t(`${labelPrefix}.${field}`) }))}
        onChange={(event) => onChange({ sortBy: event.currentTarget.value, sortOrder })}
        w={{ base: 'calc(50% - 6px)', sm: 170 }}
      />
      <NativeSelect
        label={t('reports.filters.order')}
        value={sortOrder}
        data={[
          { value: 'asc', label: t('reports.filters.ascending') },
          { value: 'desc', label: t('reports.filters.descending') },
        ]}
        onChange={(event) => onChange({ sortBy, sortOrder: event.currentTarget.value as 'asc' | 'desc' })}
        w={{ base: 'calc(50% - 6px)', sm: 140 }}
      />
    </>
  );
}

/** A row of filters and actions that wraps on a phone. */
export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {children}
    </Group>
  );
}

/** The label of a stored payment method ('Not recorded' when none). */
export function useMethodLabel(): (method: string | null) => string {
  const { t } = useTranslation();
  return (method) => {
    const key = method ?? 'unknown';
    return t(`reports.methods.${key}`, { defaultValue: key });
  };
}
