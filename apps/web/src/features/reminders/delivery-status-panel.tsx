import { Alert, Badge, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate, type DeliveriesResult, type DeliveryStatus } from '@parish/shared';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { fetchDeliveries, REMINDERS_KEY } from './api.ts';

/** Badge colour of each delivery state. */
const STATE_COLOR: Record<DeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  delivered: 'teal',
  read: 'teal',
  failed: 'red',
  unknown: 'orange',
};

const ACTIVE_POLL_MS = 1500;
const IDLE_POLL_MS = 15_000;

/** Sums several jobs' panels into one (an immediate send of more than 20 members is several jobs). */
export function mergeDeliveries(parts: readonly DeliveriesResult[]): DeliveriesResult | null {
  const withJob = parts.filter((part) => part.job);
  if (withJob.length === 0) return parts[0] ?? null;
  const jobs = withJob.map((part) => part.job!);
  const running = jobs.some((job) => job.status === 'queued' || job.status === 'running');
  const first = jobs[0]!;
  return {
    job: {
      ...first,
      status: running ? 'running' : 'done',
      total: jobs.reduce((sum, job) => sum + job.total, 0),
      done: jobs.reduce((sum, job) => sum + job.done, 0),
      sent: jobs.reduce((sum, job) => sum + job.sent, 0),
      failed: jobs.reduce((sum, job) => sum + job.failed, 0),
      unknown: jobs.reduce((sum, job) => sum + job.unknown, 0),
    },
    successful: withJob.reduce((sum, part) => sum + part.successful, 0),
    failed: withJob.reduce((sum, part) => sum + part.failed, 0),
    pending: withJob.reduce((sum, part) => sum + part.pending, 0),
    unknown: withJob.reduce((sum, part) => sum + part.unknown, 0),
    items: withJob.flatMap((part) => part.items),
  };
}

/**
 * The Delivery Status panel (`docs/domain.md`, §2 "Admin Send Reminders"): successful and failed counts,
 * progress while a background send runs, and each member's state (Sent / Failed, then Delivered
 * and Read as WhatsApp reports them). Shows the given jobs, or the latest job when none is given;
 * refreshes every 1.5 s while sending, then every 15 s.
 */
export function DeliveryStatusPanel({ jobIds }: { jobIds: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const ids: (string | null)[] = jobIds.length > 0 ? [...jobIds] : [null];
  const queries = useQueries({
    queries: ids.map((jobId) => ({
      queryKey: [...REMINDERS_KEY, 'deliveries', jobId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchDeliveries(jobId, signal),
      staleTime: 0,
      refetchInterval: (query: { state: { data?: DeliveriesResult | undefined } }) => {
        const status = query.state.data?.job?.status;
        return status === 'queued' || status === 'running' ? ACTIVE_POLL_MS : IDLE_POLL_MS;
      },
    })),
  });
  const loaded = queries.map((query) => query.data).filter((data) => data !== undefined);
  const data = loaded.length === queries.length ? mergeDeliveries(loaded) : null;
  const error = queries.find((query) => query.error)?.error;
  const job = data?.job;
  const running = job?.status === 'queued' || job?.status === 'running';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="delivery-status-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id="delivery-status-heading">
            {t('reminders.status.heading')}
          </Title>
          {queries.some((query) => query.isFetching) ? <Loader size="xs" aria-hidden /> : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        {data && !job ? <Text c="dimmed">{t('reminders.status.empty')}</Text> : null}
        {job ? (
          <>
            <Text size="sm" c="dimmed">
              {t('reminders.status.lastJob', { date: formatDisplayDate(job.createdAt) })}
            </Text>
            <Group gap="lg" aria-live="polite">
              <Count label={t('reminders.status.successful')} value={data.successful} color="green" />
              <Count label={t('reminders.status.failed')} value={data.failed} color="red" />
              {data.pending > 0 ? (
                <Count label={t('reminders.status.pending')} value={data.pending} color="gray" />
              ) : null}
              {data.unknown > 0 ? (
                <Count label={t('reminders.status.unknown')} value={data.unknown} color="orange" />
              ) : null}
            </Group>
            {running || job.total > 0 ? (
              <Stack gap={4}>
                <Progress
                  value={job.total === 0 ? 100 : (job.done / job.total) * 100}
                  animated={running}
                  aria-label={t('reminders.status.progressLabel')}
                />
                <Text size="xs" c="dimmed">
                  {t('reminders.status.progress', { done: job.done, total: job.total })}
                </Text>
              </Stack>
            ) : null}
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="delivery-list">
              {data.items.map((item) => (
                <li key={item.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {item.member.name}
                      </Text>
                      {item.status === 'failed' && (item.errorMessage || item.errorCode) ? (
                        <Text
                          size="xs"
                          c="red"
                          style={{ overflowWrap: 'anywhere' }}
                          lineClamp={3}
                          title={item.errorMessage ?? undefined}
                        >
                          {item.errorCode && i18n.exists(`reminders.status.errorHints.${item.errorCode}`)
                            ? t(`reminders.status.errorHints.${item.errorCode}`)
                            : item.errorMessage}
                        </Text>
                      ) : null}
                      {item.status === 'unknown' ? (
                        <Text size="xs" c="orange.8">
                          {t('reminders.status.unknownHint')}
                        </Text>
                      ) : null}
                    </div>
                    <Badge color={STATE_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
                      {t(`reminders.status.states.${item.status}`)}
                    </Badge>
                  </Group>
                </li>
              ))}
            </Stack>
            {job.total > data.items.length ? (
              <Text size="xs" c="dimmed">
                {t('reminders.status.more', { shown: data.items.length, count: job.total })}
              </Text>
            ) : null}
          </>
        ) : null}
        {!data && !error ? <Loader size="sm" aria-label={t('reminders.status.heading')} /> : null}
      </Stack>
    </Paper>
  );
}

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" c={color}>
        {value}
      </Text>
    </div>
  );
}
