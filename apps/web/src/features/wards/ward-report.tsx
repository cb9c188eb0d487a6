import { Alert, Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEFAULT_PARISH_TIMEZONE, calendarDateIn, type WardReportRow } from '@parish/shared';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { downloadTable, type TableFormat } from '../../lib/table-download.ts';
import { useWardReport, useWardWords } from '../../lib/wards.ts';

const COLUMNS = ['name', 'members', 'raised', 'collected', 'pending', 'rate'] as const;

/** A report row's name: the ward's, or "No ward" for the members without one. */
function rowName(row: WardReportRow, noWard: string): string {
  return row.name ?? noWard;
}

/**
 * The ward-wise report (issue 28 item 7; `GET /api/reports/wards`, decision 0126): per ward and
 * then the members without one, the active members, dues raised, collected and pending (₹ with
 * Indian grouping) and the collection rate; CSV and Excel downloads of the same rows, as the
 * other reports (`lib/table-download.ts`). A table on a wide screen, a card per ward on a phone.
 */
export function WardReport() {
  const { t } = useTranslation();
  const words = useWardWords();
  const report = useWardReport();
  const [exporting, setExporting] = useState<TableFormat | null>(null);
  const noWard = t('wards.report.noWard', { ward: words.ward });
  const rows = report.data?.items ?? [];

  async function exportRows(format: TableFormat) {
    setExporting(format);
    try {
      const header = COLUMNS.map((column) => t(`wards.report.columns.${column}`));
      const cells = rows.map((row) => [
        rowName(row, noWard),
        row.members,
        row.raised,
        row.collected,
        row.pending,
        row.collectionRate,
      ]);
      await downloadTable(header, cells, {
        prefix: t('wards.report.file'),
        isoDay: calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE),
        format,
      });
    } catch (caught) {
      notifications.show({ color: 'red', message: t('wards.report.exportError', { reason: errorText(caught) }) });
    } finally {
      setExporting(null);
    }
  }

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="ward-report-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} fz={20} id="ward-report-heading">
              {t('wards.report.title', { ward: words.one })}
            </Title>
            <Text size="sm" c="gray.7">
              {t('wards.report.intro', { ward: words.ward })}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void exportRows('csv')}
              loading={exporting === 'csv'}
              disabled={rows.length === 0}
              aria-label={t('wards.report.exportLabel', { ward: words.one })}
            >
              {t('wards.report.exportCsv')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={() => void exportRows('xlsx')}
              loading={exporting === 'xlsx'}
              disabled={rows.length === 0}
              aria-label={t('wards.report.exportExcelLabel', { ward: words.one })}
            >
              {t('wards.report.exportExcel')}
            </Button>
          </Group>
        </Group>
        {report.isPending ? <Loader size="sm" aria-label={t('wards.loading', { wards: words.wards })} /> : null}
        {report.isError ? (
          <Alert color="red" role="alert">
            {t('wards.loadError', { wards: words.wards, reason: errorText(report.error) })}
          </Alert>
        ) : null}
        {report.data && rows.length === 0 ? <Text c="gray.7">{t('wards.report.empty')}</Text> : null}
        {rows.length > 0 ? <ReportRows rows={rows} noWard={noWard} /> : null}
      </Stack>
    </Paper>
  );
}

function ReportRows({ rows, noWard }: { rows: readonly WardReportRow[]; noWard: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} ta={column === 'name' ? undefined : 'right'}>
                    {t(`wards.report.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.wardId ?? 'none'}>
                  <Table.Td>{rowName(row, noWard)}</Table.Td>
                  <Table.Td ta="right">{row.members}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.raised)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.collected)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.pending)}</Table.Td>
                  <Table.Td ta="right">{t('wards.report.rate', { rate: row.collectionRate })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Paper key={row.wardId ?? 'none'} component="li" withBorder p="sm">
            <Text fw={700}>{rowName(row, noWard)}</Text>
            <Text size="sm">
              {t('wards.report.columns.members')}: {row.members} · {t('wards.report.columns.rate')}:{' '}
              {t('wards.report.rate', { rate: row.collectionRate })}
            </Text>
            <Text size="sm">
              {t('wards.report.columns.raised')}: {formatRupees(row.raised)}
            </Text>
            <Text size="sm">
              {t('wards.report.columns.collected')}: {formatRupees(row.collected)} · {t('wards.report.columns.pending')}
              : {formatRupees(row.pending)}
            </Text>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
