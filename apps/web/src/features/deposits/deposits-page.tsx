import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ACCOUNTS_ROLES,
  DEFAULT_PARISH_TIMEZONE,
  calendarDateIn,
  formatDisplayDate,
  formatINR,
  sumPaise,
  type PendingDeposits,
  type Rupees,
  type StaffRole,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { paiseOf } from '../../lib/money.ts';
import { printDocument } from '../../lib/print-receipt.ts';
import { createDeposit, fetchDepositSlipHtml, useDeposits, usePendingDeposits } from './api.ts';
import { DayInput } from '../../components/day-input.tsx';

type PendingDay = PendingDeposits['days'][number];
const dayKey = (day: PendingDay) => `${day.cashier._id}/${day.day}`;

/**
 * Bank deposits (`docs/domain.md`, "Bank deposits"; decision 0147). "Not yet deposited": per
 * cashier and closed day, its cash and its cheques with totals (a cashier sees their own, without
 * the slip form). An admin or accountant ticks what goes on the slip, fills bank account, date and
 * slip number and makes the slip, then prints it; the recorded slips are listed with Print.
 */
export default function DepositsPage({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  const canRecord = (ACCOUNTS_ROLES as readonly string[]).includes(role);
  const pending = usePendingDeposits();
  const slips = useDeposits(canRecord);
  const [days, setDays] = useState<Set<string>>(new Set());
  const [cheques, setCheques] = useState<Set<string>>(new Set());
  const items = useMemo(() => pending.data?.days ?? [], [pending.data]);

  async function print(id: string) {
    try {
      const opened = await printDocument(() => fetchDepositSlipHtml(id));
      if (!opened) notifications.show({ color: 'red', message: t('collections.summary.popupBlocked') });
    } catch (error) {
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    }
  }

  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('deposits.title')}
      </Title>
      <Title order={2} fz={18}>
        {t('deposits.pendingTitle')}
      </Title>
      {pending.isPending ? <Loader size="sm" aria-label={t('deposits.loading')} /> : null}
      {pending.isError ? (
        <Alert color="red" role="alert">
          {errorText(pending.error)}
        </Alert>
      ) : null}
      {pending.data && items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text fw={600}>{t('deposits.pendingEmpty')}</Text>
        </Paper>
      ) : null}
      {pending.data && items.length > 0 ? (
        <PendingTable pending={pending.data} selection={canRecord ? { days, cheques, setDays, setCheques } : null} />
      ) : null}
      {canRecord && items.length > 0 ? (
        <SlipForm
          items={items}
          days={days}
          cheques={cheques}
          onRecorded={() => {
            setDays(new Set());
            setCheques(new Set());
          }}
        />
      ) : null}
      {canRecord ? <DepositSlips slips={slips} onPrint={(id) => void print(id)} /> : null}
    </Stack>
  );
}

/** What is ticked for the slip, and how to change it (null: the caller may not record deposits). */
interface Selection {
  days: Set<string>;
  cheques: Set<string>;
  setDays: (next: Set<string>) => void;
  setCheques: (next: Set<string>) => void;
}

/** A set with `key` added, or removed when it was there. */
function toggled(set: Set<string>, key: string): Set<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The "Not yet deposited" table: one row per day's cash and per cheque, ticks when `selection`. */
function PendingTable({ pending, selection }: { pending: PendingDeposits; selection: Selection | null }) {
  const { t } = useTranslation();
  const row = (key: string, day: PendingDay, item: string, amount: number, tick: ReactNode) => (
    <Table.Tr key={key}>
      {selection ? <Table.Td>{tick}</Table.Td> : null}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(day.day)}</Table.Td>
      <Table.Td>{day.cashier.name}</Table.Td>
      <Table.Td>{item}</Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatINR(paiseOf(amount as Rupees))}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <>
      <Text size="sm" c="gray.7">
        {t('deposits.pendingHint')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={t('deposits.pendingTitle')}>
          <Table.Thead>
            <Table.Tr>
              {selection ? <Table.Th w={40} /> : null}
              <Table.Th>{t('deposits.day')}</Table.Th>
              <Table.Th>{t('deposits.cashier')}</Table.Th>
              <Table.Th>{t('deposits.item')}</Table.Th>
              <Table.Th ta="right">{t('deposits.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.days.flatMap((day) => [
              ...(day.cash === null
                ? []
                : [
                    row(
                      `cash-${dayKey(day)}`,
                      day,
                      t('deposits.cash'),
                      day.cash,
                      selection ? (
                        <Checkbox
                          aria-label={t('deposits.selectCash', {
                            name: day.cashier.name,
                            day: formatDisplayDate(day.day),
                          })}
                          checked={selection.days.has(dayKey(day))}
                          onChange={() => selection.setDays(toggled(selection.days, dayKey(day)))}
                        />
                      ) : null,
                    ),
                  ]),
              ...day.cheques.map((cheque) =>
                row(
                  `cheque-${cheque.receiptId}`,
                  day,
                  t('deposits.chequeItem', { number: cheque.number, bank: cheque.bank, member: cheque.member.name }),
                  cheque.amount,
                  selection ? (
                    <Checkbox
                      aria-label={t('deposits.selectCheque', { number: cheque.number })}
                      checked={selection.cheques.has(cheque.receiptId)}
                      onChange={() => selection.setCheques(toggled(selection.cheques, cheque.receiptId))}
                    />
                  ) : null,
                ),
              ),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fw={600}>
        {t('deposits.totals', {
          cash: formatINR(paiseOf(pending.totals.cash)),
          cheque: formatINR(paiseOf(pending.totals.cheque)),
          total: formatINR(paiseOf(pending.totals.total)),
        })}
      </Text>
    </>
  );
}

/** The slip's form: the selected total, bank account, date and slip number; records the deposit. */
function SlipForm({
  items,
  days,
  cheques,
  onRecorded,
}: {
  items: PendingDay[];
  days: Set<string>;
  cheques: Set<string>;
  onRecorded: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [bankAccount, setBankAccount] = useState('');
  const [slipNumber, setSlipNumber] = useState('');
  const [depositDate, setDepositDate] = useState(() => calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE));
  const selectedPaise = sumPaise(
    items.flatMap((day) => [
      ...(days.has(dayKey(day)) && day.cash !== null ? [paiseOf(day.cash)] : []),
      ...day.cheques.filter((c) => cheques.has(c.receiptId)).map((c) => paiseOf(c.amount)),
    ]),
  );
  const make = useMutation({
    mutationFn: () =>
      createDeposit({
        bankAccount,
        depositDate,
        slipNumber,
        days: items
          .filter((d) => days.has(dayKey(d)) && d.cash !== null)
          .map((d) => ({ cashierId: d.cashier._id, day: d.day })),
        chequeReceiptIds: [...cheques],
      }),
    onSuccess: (deposit) => {
      notifications.show({
        color: 'green',
        title: t('common.success'),
        message: t('deposits.recorded', { slip: deposit.slipNumber, total: formatINR(paiseOf(deposit.total)) }),
      });
      setSlipNumber('');
      onRecorded();
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });
  const nothingSelected = days.size + cheques.size === 0;
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          make.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz={18}>
            {t('deposits.formTitle')}
          </Title>
          <Text aria-live="polite">{t('deposits.selected', { total: formatINR(selectedPaise) })}</Text>
          <TextInput
            label={t('deposits.bankAccount')}
            description={t('deposits.bankAccountHint')}
            required
            value={bankAccount}
            onChange={(event) => setBankAccount(event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <DayInput label={t('deposits.depositDate')} required value={depositDate} onChange={setDepositDate} />
            <TextInput
              label={t('deposits.slipNumber')}
              required
              value={slipNumber}
              onChange={(event) => setSlipNumber(event.currentTarget.value)}
            />
          </Group>
          {nothingSelected ? (
            <Text size="sm" c="gray.7">
              {t('deposits.nothingSelected')}
            </Text>
          ) : null}
          <Group>
            <Button
              type="submit"
              loading={make.isPending}
              disabled={nothingSelected || !bankAccount.trim() || !slipNumber.trim()}
            >
              {t('deposits.make')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The recorded slips, newest first, each with Print. */
function DepositSlips({ slips, onPrint }: { slips: ReturnType<typeof useDeposits>; onPrint: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} fz={18}>
        {t('deposits.slipsTitle')}
      </Title>
      {slips.isError ? (
        <Alert color="red" role="alert">
          {errorText(slips.error)}
        </Alert>
      ) : null}
      {slips.data && slips.data.items.length === 0 ? <Text>{t('deposits.slipsEmpty')}</Text> : null}
      {slips.data && slips.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('deposits.slipsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deposits.depositDate')}</Table.Th>
                <Table.Th>{t('deposits.slip')}</Table.Th>
                <Table.Th>{t('deposits.account')}</Table.Th>
                <Table.Th ta="right">{t('deposits.total')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slips.data.items.map((slip) => (
                <Table.Tr key={slip._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(slip.depositDate)}</Table.Td>
                  <Table.Td>{slip.slipNumber}</Table.Td>
                  <Table.Td>{slip.bankAccount}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatINR(paiseOf(slip.total))}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('deposits.printFor', { slip: slip.slipNumber })}
                      onClick={() => onPrint(slip._id)}
                    >
                      {t('deposits.print')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
