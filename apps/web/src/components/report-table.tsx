import { Box, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from './table-pager.tsx';

const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };

/** One column of a {@link ReportTable}. */
export interface ReportColumn<Row> {
  /** Tells the columns apart (React key). */
  key: string;
  header: ReactNode;
  /** The cell of a row. */
  cell: (row: Row) => ReactNode;
  /** Right-aligned header and cells (amounts, counts, rates). */
  align?: 'right';
  /** Cells that never wrap (dates, receipt numbers). */
  nowrap?: boolean;
  /** Bold cells (the year of the year-wise summary). */
  strong?: boolean;
}

/** The page a paged table shows (see {@link TablePager}). */
export interface ReportTablePage {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}

/** Below this width the rows show as cards (Mantine's `sm` breakpoint, 48em). */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The rows of a report on a phone (`docs/domain.md`, §2 "Accessibility"): one card per row, the
 * first column as its heading and every other column as a label and its value, so amounts and
 * statuses are on screen without scrolling sideways.
 */
function ReportCards<Row>({
  rows,
  rowKey,
  columns,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly ReportColumn<Row>[];
}) {
  const [first, ...rest] = columns;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder p="sm">
          {first ? (
            <Box fw={600} mb={4}>
              {first.cell(row)}
            </Box>
          ) : null}
          <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
            {rest.map((column) => (
              <Box key={column.key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="gray.7">
                  {column.header}
                </Text>
                <Box component="dd" m={0} ta="right" fw={column.strong ? 600 : undefined}>
                  {column.cell(row)}
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A table of report rows: a horizontally scrolling table with a header row and a row per item,
 * striped by default — on a phone a card per row ({@link ReportCards}) — and under it, when
 * `pager` is given, the shared pager without a rows-per-page select, named 'Report pages'
 * (nothing when the report is empty). The reports screen's tabs and dialogs use it
 * (docs/domain.md, "§2 Screens", "Reports and Analytics").
 */
export function ReportTable<Row>({
  rows,
  rowKey,
  columns,
  minWidth,
  striped = true,
  highlightOnHover = false,
  pager,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly ReportColumn<Row>[];
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  pager?: ReportTablePage;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const pagerBlock =
    pager && pager.total > 0 ? <TablePager {...pager} label={t('common.reportTable.pagerLabel')} /> : null;
  if (phone) {
    return (
      <>
        <ReportCards rows={rows} rowKey={rowKey} columns={columns} />
        {pagerBlock}
      </>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped={striped} highlightOnHover={highlightOnHover}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.align}
                    fw={column.strong ? 600 : undefined}
                    style={column.nowrap ? NO_WRAP : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagerBlock}
    </>
  );
}
