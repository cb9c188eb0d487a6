import { Alert, Button, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { donationsContracts } from '@parish/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toApiError } from '../../lib/api-client.ts';
import { apiResponse } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';
import { errorText } from '../../lib/error-text.ts';
import { recentFinancialYears } from '../../lib/financial-years.ts';

/**
 * The Form 10BD download on the Export data page (issue 30 item 8, decision 0148): a financial year
 * and a button; the CSV (`form_10bd_2026-27.csv`) has one row per donor, donation type and mode of
 * receipt. A refusal (no 80G registration yet) shows the server's words.
 */
export function Form10bdCard() {
  const { t } = useTranslation();
  const years = recentFinancialYears();
  const [year, setYear] = useState(years[0] ?? '');
  const [state, setState] = useState<{ kind: 'idle' | 'running' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  async function run() {
    setState({ kind: 'running' });
    try {
      const response = await apiResponse(donationsContracts.form10bd, { query: { fy: year } }, 'throw');
      if (!response.ok) throw await toApiError(response);
      await saveDownload(response, `form_10bd_${year}.csv`, () => undefined);
      setState({ kind: 'idle' });
    } catch (caught) {
      setState({ kind: 'failed', message: errorText(caught) || t('donations.exports.failed') });
    }
  }
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} fz="lg">
          {t('donations.exports.title')}
        </Title>
        <Text size="sm">{t('donations.exports.intro')}</Text>
        <NativeSelect
          label={t('donations.exports.year')}
          data={years}
          value={year}
          onChange={(event) => setYear(event.currentTarget.value)}
          disabled={state.kind === 'running'}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void run()}
          loading={state.kind === 'running'}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('donations.exports.download')}
        </Button>
        {state.kind === 'failed' ? (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
