import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { calendarDateIn, DEFAULT_PARISH_TIMEZONE, type AccountsExportQuery } from '@parish/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fetchWithSession, toApiError } from '../../lib/api-client.ts';
import { buildUrl } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';
import { ReceiptsPaymentsCard } from './receipts-payments-card.tsx';
import { DayInput } from '../../components/day-input.tsx';

/**
 * Downloads one of the accounts exports (`GET /api/accounts/tally.xml` or `/journal.csv`, decision
 * 0146) with the bearer token, named by the server.
 * @throws ApiError with the server's error text (400 for a bad range, 403 for a role without the books)
 */
export async function downloadAccountsExport(kind: 'tally.xml' | 'journal.csv', query: AccountsExportQuery) {
  const response = await fetchWithSession(buildUrl(`/api/accounts/${kind}`, { query }), 'throw');
  if (!response.ok) throw await toApiError(response);
  await saveDownload(response, kind === 'tally.xml' ? 'tally.xml' : 'journal.csv');
}

/**
 * Accounts export (admin `/admin/accounts-export`, accountant `/accounts/export`; issue 30 item 2,
 * decision 0146; `docs/domain.md`, "Accounts export"): a range of parish days (from the first of
 * the month to today by default), the Tally grouping (per receipt or per day and way of paying),
 * and the two downloads: the Tally Prime XML and the journal CSV; then the Receipts and Payments
 * account of a financial year (decision 0153), as a PDF or an Excel workbook.
 */
export default function AccountsExportPage() {
  const { t } = useTranslation();
  const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [mode, setMode] = useState<AccountsExportQuery['mode']>('receipt');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: 'tally.xml' | 'journal.csv') {
    setBusy(true);
    setError(null);
    try {
      await downloadAccountsExport(kind, { from, to, mode });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('accounts.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack maw={640}>
      <Title order={1} fz={24}>
        {t('accounts.title')}
      </Title>
      <Text size="sm">{t('accounts.intro')}</Text>
      <Paper withBorder p="md">
        <Stack>
          <Group grow wrap="wrap">
            <DayInput label={t('accounts.from')} value={from} onChange={setFrom} miw={150} required />
            <DayInput label={t('accounts.to')} value={to} onChange={setTo} miw={150} required />
          </Group>
          <Radio.Group
            label={t('accounts.mode')}
            value={mode}
            onChange={(value) => setMode(value === 'day' ? 'day' : 'receipt')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="receipt" label={t('accounts.modeReceipt')} />
              <Radio value="day" label={t('accounts.modeDay')} />
            </Stack>
          </Radio.Group>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void run('tally.xml')}
              loading={busy}
            >
              {t('accounts.downloadTally')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void run('journal.csv')}
              loading={busy}
            >
              {t('accounts.downloadJournal')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ReceiptsPaymentsCard />
    </Stack>
  );
}
