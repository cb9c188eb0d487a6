import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MemberPayments } from '@parish/shared';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { saveBlob, tableFile, type TableFormat } from '../../lib/table-download.ts';
import { historyFileName, historyTable } from './payment-history.ts';

/** Saves the member's payment history as a CSV or an Excel workbook; a failure shows as a notification. */
async function exportHistory(data: MemberPayments, t: (key: string) => string, today: string, format: TableFormat) {
  try {
    const { header, rows } = historyTable(data, t);
    saveBlob(await tableFile(header, rows, format), historyFileName(data.member.name, today, format));
  } catch (error) {
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
  }
}

/**
 * The Payment Summary dialog's buttons (`docs/domain.md`, §2 "Payment Summary dialog"): Export CSV
 * and Export Excel of the member's history, made in the browser from the payments shown, for the
 * admin and the cashier alike (the specification gives the dialog's Export CSV to both; issue 27,
 * item 5), off when there is none; and Close.
 * @param today the parish date (`YYYY-MM-DD`) the file is named with
 */
export function SummaryActions({ data, today, onClose }: { data: MemberPayments; today: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void exportHistory(data, t, today, 'csv')}
        disabled={data.items.length === 0}
      >
        {t('collections.summary.exportCsv')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        onClick={() => void exportHistory(data, t, today, 'xlsx')}
        disabled={data.items.length === 0}
        aria-label={t('collections.summary.exportExcelLabel')}
      >
        {t('collections.summary.exportExcel')}
      </Button>
      <Button variant="default" onClick={onClose}>
        {t('collections.summary.close')}
      </Button>
    </Group>
  );
}
