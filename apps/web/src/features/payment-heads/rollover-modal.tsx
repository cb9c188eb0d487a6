import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { HEAD_YEAR_MAX, HEAD_YEAR_MIN, formatRupees, paiseToRupees, sumPaise } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { parishToday, rolloverHeads, rolloverPreview } from './api.ts';
import { RolloverHeadsTable } from './rollover-heads-table.tsx';
import { usePhone } from './use-phone.ts';

/**
 * "Move unpaid current dues of year Y to arrears" (`docs/domain.md`, §4 "Year-end roll-over"): the
 * year (last year by default), the preview of every current-due head of it — members unpaid, unpaid
 * amount, members paid — each chosen by a checkbox (all at first), the total of the chosen ones,
 * and the move. The answer is the figures moved, shown in a notification.
 */
export function RolloverModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [year, setYear] = useState(() => Number(parishToday().slice(0, 4)) - 1);
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const validYear = Number.isInteger(year) && year >= HEAD_YEAR_MIN && year <= HEAD_YEAR_MAX;
  const preview = useQuery({
    queryKey: ['payment-heads', 'rollover', year],
    queryFn: () => rolloverPreview(year),
    enabled: validYear,
  });
  const heads = preview.data?.heads ?? [];
  const chosen = heads.filter((head) => !excluded.has(head.paymentHeadId));
  const unpaid = paiseToRupees(sumPaise(chosen.map((head) => paiseOf(head.unpaidAmount))));
  // Unpaid dues of the chosen heads; the distinct members are known for the whole year's heads.
  const dues = chosen.reduce((sum, head) => sum + head.members, 0);
  const allChosen = chosen.length === heads.length;

  const move = useMutation({
    mutationFn: () =>
      rolloverHeads(
        year,
        chosen.map((head) => head.paymentHeadId),
      ),
    onSuccess: async (moved) => {
      await queryClient.invalidateQueries();
      notifications.show({
        color: 'green',
        message: t('yearEnd.rollover.done', {
          heads: t('yearEnd.rollover.heads', { count: moved.heads.length }),
          members: t('yearEnd.rollover.memberCount', { count: moved.members }),
          amount: formatRupees(moved.unpaidAmount),
        }),
      });
      onClose();
    },
  });

  function toggle(id: string, on: boolean) {
    const next = new Set(excluded);
    if (on) next.delete(id);
    else next.add(id);
    setExcluded(next);
  }

  return (
    <Modal opened onClose={onClose} title={t('yearEnd.rollover.title', { year })} size="lg" fullScreen={phone}>
      <Stack>
        <Text size="sm">{t('yearEnd.rollover.intro')}</Text>
        <NumberInput
          label={t('yearEnd.rollover.year')}
          value={year}
          min={HEAD_YEAR_MIN}
          max={HEAD_YEAR_MAX}
          allowDecimal={false}
          onChange={(value) => {
            setYear(Number(value));
            setExcluded(new Set());
          }}
          maw={160}
        />
        {preview.isPending && validYear ? <Text>{t('yearEnd.rollover.loading')}</Text> : null}
        {preview.isError ? (
          <Alert color="red" role="alert">
            {t('yearEnd.rollover.loadError', { message: errorText(preview.error) })}
          </Alert>
        ) : null}
        {preview.data && heads.length === 0 ? <Text c="gray.7">{t('yearEnd.rollover.empty', { year })}</Text> : null}
        {heads.length > 0 ? <RolloverHeadsTable heads={heads} excluded={excluded} onToggle={toggle} /> : null}
        {chosen.length > 0 ? (
          <Alert color="orange" aria-live="polite">
            {allChosen
              ? t('yearEnd.rollover.summary', {
                  heads: t('yearEnd.rollover.heads', { count: chosen.length }),
                  dues: t('yearEnd.rollover.dues', { count: dues }),
                  members: t('yearEnd.rollover.memberCount', { count: preview.data?.members ?? 0 }),
                  amount: formatRupees(unpaid),
                })
              : t('yearEnd.rollover.summarySome', {
                  heads: t('yearEnd.rollover.heads', { count: chosen.length }),
                  dues: t('yearEnd.rollover.dues', { count: dues }),
                  amount: formatRupees(unpaid),
                })}
          </Alert>
        ) : null}
        {move.isError ? (
          <Alert color="red" role="alert">
            {t('yearEnd.rollover.error', { message: errorText(move.error) })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={move.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange.9"
            onClick={() => move.mutate()}
            disabled={chosen.length === 0}
            loading={move.isPending}
          >
            {t('yearEnd.rollover.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
