import { Alert, Badge, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PARISH_TIMEZONE,
  DENOMINATIONS,
  ZERO_PAISE,
  calendarDateIn,
  formatDisplayDate,
  formatINR,
  paise,
  parseRupeesToPaise,
  sumPaise,
  type DaySheet,
} from '@parish/shared';
import { IconDownload, IconFileSpreadsheet, IconLock, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf, signedPaiseOf } from '../../lib/money.ts';
import { saveBlob } from '../../lib/table-download.ts';
import { printDocument } from '../../lib/print-receipt.ts';
import { closeDaySheet, downloadDaySheetXlsx, fetchDaySheetFile, useDaySheet } from './api.ts';

const METHODS = ['cash', 'upi', 'cheque'] as const;

/** The cash count form: notes by face value and coins (rupees), with the difference to the net cash. */
function CloseDayModal({ sheet, opened, onClose }: { sheet: DaySheet; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState<Record<string, number>>({});
  const [coins, setCoins] = useState<number>(0);
  const countedPaise = sumPaise([
    ...DENOMINATIONS.map((face) => paise((notes[face] ?? 0) * (parseRupeesToPaise(face) ?? 0))),
    parseRupeesToPaise(coins) ?? ZERO_PAISE,
  ]);
  const counting = countedPaise > 0;
  const close = useMutation({
    mutationFn: () => closeDaySheet({ day: sheet.day, ...(counting ? { denominations: { notes, coins } } : {}) }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('collections.day.closedMessage') });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('collections.day.closeTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('collections.day.closeText', { day: formatDisplayDate(sheet.day) })}</Text>
        <Text fw={600} size="sm">
          {t('collections.day.countTitle')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {DENOMINATIONS.map((face) => (
            <NumberInput
              key={face}
              label={t('collections.day.notes', { face })}
              value={notes[face] ?? ''}
              onChange={(value) => setNotes({ ...notes, [face]: typeof value === 'number' ? value : 0 })}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              inputMode="numeric"
            />
          ))}
          <NumberInput
            label={t('collections.day.coins')}
            value={coins || ''}
            onChange={(value) => setCoins(typeof value === 'number' ? value : 0)}
            min={0}
            decimalScale={2}
            allowNegative={false}
            hideControls
            inputMode="decimal"
          />
        </SimpleGrid>
        {counting ? (
          <Group justify="space-between">
            <Text size="sm">{t('collections.day.counted', { amount: formatINR(countedPaise) })}</Text>
            <Text size="sm" fw={700} aria-live="polite">
              {t('collections.day.difference', {
                amount: formatINR(paise(countedPaise - signedPaiseOf(sheet.net.cash))),
              })}
            </Text>
          </Group>
        ) : null}
        {close.isError ? (
          <Alert color="red" role="alert">
            {errorText(close.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('collections.collect.cancel')}
          </Button>
          <Button color="red.8" loading={close.isPending} onClick={() => close.mutate()}>
            {t('collections.day.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The cashier's day sheet on My Collections (`docs/domain.md`, "Day close"): today's net totals by
 * method (cash, UPI, cheque), the count of receipts and voided receipts, the day's state, Close day
 * (with an optional cash count and its difference), Print day sheet and the CSV.
 */
export function DaySheetPanel({ day }: { day: string | null }) {
  const { t } = useTranslation();
  const sheet = useDaySheet(day);
  const [closing, setClosing] = useState(false);
  if (sheet.isPending) return null;
  if (sheet.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(sheet.error)}
      </Alert>
    );
  }
  const data = sheet.data;
  async function print() {
    try {
      const opened = await printDocument(() => fetchDaySheetFile('print', data.day));
      if (!opened) notifications.show({ color: 'red', message: t('collections.summary.popupBlocked') });
    } catch (error) {
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    }
  }
  async function download() {
    try {
      const text = await fetchDaySheetFile('csv', data.day);
      saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), `day_sheet_${data.day}.csv`);
    } catch (error) {
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    }
  }
  async function downloadExcel() {
    try {
      await downloadDaySheetXlsx(data.day);
    } catch (error) {
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    }
  }
  return (
    <Paper component="section" withBorder p="sm" aria-labelledby="day-sheet-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg" id="day-sheet-title">
            {t('collections.day.title', { day: formatDisplayDate(data.day) })}
          </Title>
          <Badge color={data.status === 'closed' ? 'gray.8' : 'green.9'}>
            {t(data.status === 'closed' ? 'collections.day.statusClosed' : 'collections.day.statusOpen')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {[...METHODS, 'total' as const].map((method) => (
            <div key={method}>
              <Text size="xs" c="gray.7">
                {t(`collections.day.${method}`)}
              </Text>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatINR(signedPaiseOf(data.net[method]))}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="gray.7">
          {t('collections.day.receipts', { count: data.receiptCount })} ·{' '}
          {t('collections.day.voided', { count: data.voidedCount })}
        </Text>
        {data.cashCount ? (
          <Text size="sm">
            {t('collections.day.counted', { amount: formatINR(paiseOf(data.cashCount.counted)) })} ·{' '}
            {t('collections.day.difference', { amount: formatINR(signedPaiseOf(data.cashCount.difference)) })}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            color="red.8"
            variant="outline"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => setClosing(true)}
            // A day after today is never offered for closing (decision 0107).
            disabled={data.status === 'closed' || data.day > calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE)}
          >
            {t('collections.day.close')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => void print()}>
            {t('collections.day.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
          >
            {t('collections.day.csv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            onClick={() => void downloadExcel()}
          >
            {t('collections.day.excel')}
          </Button>
        </Group>
      </Stack>
      <CloseDayModal key={String(closing)} sheet={data} opened={closing} onClose={() => setClosing(false)} />
    </Paper>
  );
}
