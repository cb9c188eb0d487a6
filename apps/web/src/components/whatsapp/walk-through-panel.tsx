import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ReminderRound } from '@parish/shared';

import { errorText } from '../../lib/error-text.ts';
import { WardSelect } from '../ward-select.tsx';
import { startRound, tickRound, useCurrentRound, whatsAppKeys } from './api.ts';
import { WalkThroughItem } from './walk-through-item.tsx';

/**
 * "Walk through the list" (docs/domain.md, §9 "WhatsApp without the Cloud API"): a round of
 * every member with pending dues who has not opted out; the next member's wa.me link opens at a
 * click and ticks them as sent; a round can be one ward's members only (issue 28 item 7); the round's progress is the server's, so a reload or another
 * admin continues where it stopped.
 */
export function WalkThroughPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const round = useCurrentRound();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The round's ward (issue 28 item 7: reminders filter by ward); '' for the whole parish.
  const [wardId, setWardId] = useState('');
  const current = round.data?.round ?? null;
  const next = current?.items.find((item) => !item.sent) ?? null;

  function store(updated: ReminderRound) {
    queryClient.setQueryData(whatsAppKeys.round, { round: updated });
  }

  async function begin() {
    setBusy(true);
    setProblem(null);
    try {
      const started = await startRound(wardId || undefined);
      queryClient.setQueryData(whatsAppKeys.round, started);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function send(item: ReminderRound['items'][number]) {
    if (!current) return;
    // Open WhatsApp first, inside the click, so the browser does not block the new tab.
    window.open(item.url, '_blank', 'noopener');
    setProblem(null);
    try {
      const ticked = await tickRound(current.id, item.deliveryId);
      store({
        ...current,
        sent: current.sent + (item.sent ? 0 : 1),
        items: current.items.map((row) => (row.deliveryId === ticked.deliveryId ? ticked : row)),
      });
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="walk-through-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="walk-through-heading">
          {t('whatsapp.walk.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('whatsapp.walk.intro')}
        </Text>
        {round.error ? (
          <Alert color="red" role="alert">
            {t('whatsapp.walk.loadError', { reason: errorText(round.error) })}
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {current ? (
          <>
            <Text size="sm" fw={500} aria-live="polite" data-testid="walk-progress">
              {t('whatsapp.walk.progress', { sent: current.sent, total: current.total })}
            </Text>
            <Progress
              value={current.total === 0 ? 100 : (100 * current.sent) / current.total}
              color="green"
              aria-label={t('whatsapp.walk.progress', { sent: current.sent, total: current.total })}
            />
            {next ? (
              <Button
                color="green"
                h="auto"
                py={8}
                styles={{ label: { whiteSpace: 'normal' } }}
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
                onClick={() => void send(next)}
              >
                {t('whatsapp.walk.sendNext', { name: next.name })}
              </Button>
            ) : (
              <Alert color="green" role="status">
                {t('whatsapp.walk.done')}
              </Alert>
            )}
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none', maxHeight: 320, overflowY: 'auto' }}>
              {current.items.map((item) => (
                <WalkThroughItem key={item.deliveryId} item={item} onSend={(one) => void send(one)} />
              ))}
            </Stack>
            {current.items.length < current.total ? (
              <Text size="xs" c="dimmed">
                {t('whatsapp.walk.more', { count: current.items.length })}
              </Text>
            ) : null}
          </>
        ) : null}
        <Group align="flex-end">
          <WardSelect withNone={false} value={wardId} onChange={setWardId} />
          <Button variant={current ? 'default' : 'filled'} onClick={() => void begin()} loading={busy}>
            {current ? t('whatsapp.walk.start') : t('whatsapp.walk.startFirst')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
