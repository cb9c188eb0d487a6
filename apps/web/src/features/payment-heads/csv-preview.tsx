import { Checkbox, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Rows of the preview (`docs/domain.md`, §2 "Page sizes and timings": first 5 data rows). */
const PREVIEW_ROWS = 5;

/**
 * The Upload CSV dialog's preview (`docs/domain.md`, §2 "Manage Account Heads page"): the count of
 * data rows, the header and the first {@link PREVIEW_ROWS} data rows, and whether the upload also
 * updates pending amounts.
 * @param rows the parsed file, header first
 */
export function CsvPreview({
  rows,
  updatePending,
  onUpdatePending,
}: {
  rows: string[][];
  updatePending: boolean;
  onUpdatePending: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const header = rows[0] ?? [];
  const preview = rows.slice(1, 1 + PREVIEW_ROWS);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('paymentHeads.csv.preview', { count: rows.length - 1 })}
      </Title>
      <Table.ScrollContainer minWidth={Math.max(320, header.length * 110)}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              {header.map((cell, index) => (
                <Table.Th key={index}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {header.map((_, index) => (
                  <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Checkbox
        label={t('yearEnd.csv.updatePending')}
        description={t('yearEnd.csv.updatePendingHelp')}
        checked={updatePending}
        onChange={(event) => onUpdatePending(event.currentTarget.checked)}
      />
    </Stack>
  );
}
