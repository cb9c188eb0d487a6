import { notifications } from '@mantine/notifications';
import { formatDisplayDate } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { downloadTable, type TableFormat } from '../../lib/table-download.ts';
import { listAllHeadPayments, parishToday, type PaymentHead } from './api.ts';

/** A head name made safe for a file name. */
export function fileSafe(name: string): string {
  return name.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'account_head';
}

/** The download's columns, as `paymentHeads.members.csvHeader.*` catalogue keys, in order. */
const COLUMNS = ['name', 'parishNumber', 'mobile', 'amount', 'paidAmount', 'status', 'paidAt', 'createdAt'] as const;

/**
 * The download of a head's members (`docs/domain.md`, §2 "Manage Account Heads page"): every
 * payment matching `filter` (not only the page shown) as a CSV or an Excel workbook named
 * `<head>_members_<YYYY-MM-DD>`; a failure shows a notification.
 * @param filter what `listAllHeadPayments` is asked for (the dialog's search, status and sort)
 * @returns the format being downloaded (null when none) and the download action
 */
export function useHeadMembersDownload(head: PaymentHead, filter: Parameters<typeof listAllHeadPayments>[0]) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<TableFormat | null>(null);

  async function download(format: TableFormat) {
    setDownloading(format);
    try {
      const all = await listAllHeadPayments(filter);
      const header = COLUMNS.map((key) => t(`paymentHeads.members.csvHeader.${key}`));
      const rows = all.map((payment) => [
        payment.memberId.name,
        payment.memberId.parishNumber,
        payment.memberId.mobile,
        payment.amount,
        payment.paidAmount ?? '',
        payment.status,
        formatDisplayDate(payment.paidAt),
        formatDisplayDate(payment.createdAt),
      ]);
      await downloadTable(header, rows, { prefix: `${fileSafe(head.name)}_members`, isoDay: parishToday(), format });
    } catch (caught) {
      notifications.show({
        color: 'red',
        title: t('paymentHeads.members.downloadError'),
        message: errorText(caught),
      });
    } finally {
      setDownloading(null);
    }
  }

  return { downloading, download };
}
