import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fetchWithSession, toApiError } from '../../lib/api-client.ts';
import { buildUrl } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';
import { errorText } from '../../lib/error-text.ts';
import { recentFinancialYears } from '../../lib/financial-years.ts';

/**
 * The Receipts and Payments account's downloads on the Accounts export screen (issue 30 item 7,
 * decision 0153): a financial year and two buttons, the A4 PDF and the Excel workbook of
 * `GET /api/accounts/receipts-and-payments?fy=&format=pdf|xlsx` (admin, accountant). A refusal
 * shows the server's words.
 */
export function ReceiptsPaymentsCard() {
  const { t } = useTranslation();
  const years = recentFinancialYears();
  const [year, setYear] = useState(years[0] ?? '');
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(format: 'pdf' | 'xlsx') {
    setBusy(format);
    setError(null);
    try {
      const url = buildUrl('/api/accounts/receipts-and-payments', { query: { fy: year, format } });
      const response = await fetchWithSession(url, 'throw');
      if (!response.ok) throw await toApiError(response);
      await saveDownload(response, `receipts_and_payments_${year}.${format}`);
    } catch (caught) {
      setError(errorText(caught) || t('receiptsPayments.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} fz="lg">
          {t('receiptsPayments.title')}
        </Title>
        <Text size="sm">{t('receiptsPayments.intro')}</Text>
        <NativeSelect
          label={t('receiptsPayments.year')}
          data={years}
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          disabled={busy !== null}
          maw={200}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('pdf')}
            loading={busy === 'pdf'}
            disabled={busy === 'xlsx'}
          >
            {t('receiptsPayments.downloadPdf')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('xlsx')}
            loading={busy === 'xlsx'}
            disabled={busy === 'pdf'}
          >
            {t('receiptsPayments.downloadExcel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
