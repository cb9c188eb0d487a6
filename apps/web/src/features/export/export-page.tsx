import { Alert, Button, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { calendarDateIn, DEFAULT_PARISH_TIMEZONE, reportContracts } from '@parish/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiResponse } from '../../lib/api-request.ts';
import { saveDownload } from '../../lib/download.ts';
import { Form10bdCard } from './form-10bd-card.tsx';

type Format = 'json' | 'csv' | 'xlsx';
const FORMATS: readonly Format[] = ['json', 'csv', 'xlsx'];

/** A byte count as people read it: 812 B, 14.2 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Export data (admin, `/admin/export`; `docs/domain.md`, §2 "Export data"): the full export of
 * `GET /api/admin/export` (members, account heads and payments) as JSON, CSV or an Excel
 * workbook. The file is streamed, so the screen shows the bytes received as they arrive, then
 * saves it with its dated name (`parish_export_<date>.<format>`).
 */
export default function ExportDataPage() {
  const { t } = useTranslation();
  const [format, setFormat] = useState<Format>('json');
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'running'; bytes: number } | { kind: 'done'; bytes: number } | { kind: 'failed' }
  >({ kind: 'idle' });

  async function run() {
    setState({ kind: 'running', bytes: 0 });
    let received = 0;
    try {
      const response = await apiResponse(reportContracts.fullExport, { query: { format, type: 'all' } });
      const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
      await saveDownload(response, `parish_export_${today}.${format}`, (bytes) => {
        received = bytes;
        setState({ kind: 'running', bytes });
      });
      setState({ kind: 'done', bytes: received });
    } catch {
      setState({ kind: 'failed' });
    }
  }

  const running = state.kind === 'running';
  return (
    <Stack maw={640}>
      <Title order={1} fz={24}>
        {t('exportData.title')}
      </Title>
      <Text>{t('exportData.intro')}</Text>
      <Paper withBorder p="md">
        <Stack>
          <Radio.Group label={t('exportData.format')} value={format} onChange={(value) => setFormat(value as Format)}>
            <Stack gap="xs" mt="xs">
              {FORMATS.map((value) => (
                <Radio key={value} value={value} label={t(`exportData.formats.${value}`)} disabled={running} />
              ))}
            </Stack>
          </Radio.Group>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run()}
            loading={running}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('exportData.download')}
          </Button>
          {running ? (
            <Stack gap={4} role="status" aria-live="polite">
              <Progress value={100} striped animated aria-label={t('exportData.progressLabel')} />
              <Text size="sm">
                {state.bytes === 0
                  ? t('exportData.preparing')
                  : t('exportData.received', { size: formatBytes(state.bytes) })}
              </Text>
            </Stack>
          ) : null}
          {state.kind === 'done' ? (
            <Alert color="green" role="status">
              {t('exportData.done', { size: formatBytes(state.bytes) })}
            </Alert>
          ) : null}
          {state.kind === 'failed' ? (
            <Alert color="red" role="alert">
              {t('exportData.failed')}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      <Form10bdCard />
    </Stack>
  );
}
