import { Button, Group, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { listAllHeadPayments, PaymentHead } from './api.ts';
import { useHeadMembersDownload } from './use-head-members-download.ts';

/**
 * The head members dialog's count and downloads (`docs/domain.md`, §2 "Manage Account Heads
 * page"): 'n members', then Download CSV and Excel of every member matching `filter` (off when
 * there is none or the other download runs).
 * @param total how many members match `filter`
 */
export function HeadMembersDownloads({
  head,
  filter,
  total,
}: {
  head: PaymentHead;
  filter: Parameters<typeof listAllHeadPayments>[0];
  total: number;
}) {
  const { t } = useTranslation();
  const { downloading, download } = useHeadMembersDownload(head, filter);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('paymentHeads.members.count', { count: total })}
      </Text>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download('csv')}
          loading={downloading === 'csv'}
          disabled={total === 0 || downloading === 'xlsx'}
        >
          {t('paymentHeads.members.download')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void download('xlsx')}
          loading={downloading === 'xlsx'}
          disabled={total === 0 || downloading === 'csv'}
          aria-label={t('paymentHeads.members.downloadExcelLabel', { name: head.name })}
        >
          {t('paymentHeads.members.downloadExcel')}
        </Button>
      </Group>
    </Group>
  );
}
