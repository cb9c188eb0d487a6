import { Alert, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatDisplayDate,
  type ManualMatch,
  type ReconDeposit,
  type ReconLine,
  type Reconciliation,
  type Rupees,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { matchLine, unmatchLine, useReconciliation } from './api.ts';

/**
 * One account's reconciliation (decisions 0149, 0152): what matched (by UTR, slip number, amount
 * and date, or by whom, when; undo), the bank's credits not matched with the receipts and deposit
 * slips that may be theirs (same amount within 3 days: one button each to match), and the
 * counter's UPI receipts and the deposit slips not found on the statement, with the credits that
 * may be theirs.
 */
export function ReconciliationPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recon = useReconciliation(accountId);
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['bank', 'reconciliation'] });
  const match = useMutation({
    mutationFn: (input: ManualMatch) => matchLine(input),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('bank.matchedMessage') });
      refresh();
    },
    onError,
  });
  const unmatch = useMutation({
    mutationFn: (lineId: string) => unmatchLine(lineId),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('bank.unmatchedMessage') });
      refresh();
    },
    onError,
  });

  if (recon.isPending) return <Loader aria-label={t('bank.loading')} />;
  if (recon.isError) return <Alert color="red">{errorText(recon.error)}</Alert>;
  const { matched, unmatchedLines, unmatchedReceipts, unmatchedDeposits } = recon.data;
  const busy = (input: ManualMatch) =>
    match.isPending &&
    match.variables.lineId === input.lineId &&
    match.variables.receiptId === input.receiptId &&
    match.variables.depositId === input.depositId;
  const suggestion = (input: ManualMatch, label: string, ariaLabel: string): Suggestion => ({
    key: `${input.lineId}/${input.receiptId ?? input.depositId ?? ''}`,
    label,
    ariaLabel,
    busy: busy(input),
    onClick: () => match.mutate(input),
  });
  const slipDetail = (deposit: ReconDeposit) =>
    deposit.cheques === 0
      ? t('bank.slipCashOnly', { date: formatDisplayDate(deposit.depositDate) })
      : t('bank.slipDetail', { date: formatDisplayDate(deposit.depositDate), count: deposit.cheques });
  return (
    <Stack>
      <MatchedTable
        matched={matched}
        slipDetail={slipDetail}
        onUnmatch={(lineId) => unmatch.mutate(lineId)}
        busyLine={unmatch.isPending ? unmatch.variables : null}
      />
      <UnmatchedLists
        lines={unmatchedLines}
        receipts={unmatchedReceipts}
        deposits={unmatchedDeposits}
        suggestion={suggestion}
        slipDetail={slipDetail}
      />
    </Stack>
  );
}

/** The line of text under a cell's main text. */
function withDetail(main: ReactNode, detail: string) {
  return (
    <>
      {main}
      <Text size="xs" c="gray.7">
        {detail}
      </Text>
    </>
  );
}

/** The three lists of what is not matched: the bank's credits, our UPI receipts, our deposit slips. */
function UnmatchedLists(props: {
  lines: Reconciliation['unmatchedLines'];
  receipts: Reconciliation['unmatchedReceipts'];
  deposits: Reconciliation['unmatchedDeposits'];
  suggestion: (input: ManualMatch, label: string, ariaLabel: string) => Suggestion;
  slipDetail: (deposit: ReconDeposit) => string;
}) {
  const { t } = useTranslation();
  const {
    lines: unmatchedLines,
    receipts: unmatchedReceipts,
    deposits: unmatchedDeposits,
    suggestion,
    slipDetail,
  } = props;
  /** One button per credit that may pay our item `ours` (a receipt or a slip); `ariaLabel` of the line's date. */
  const lineButtons = (lines: ReconLine[], ours: Omit<ManualMatch, 'lineId'>, ariaLabel: (date: string) => string) =>
    lines.map((line) => {
      const date = formatDisplayDate(line.date);
      return suggestion({ lineId: line.lineId, ...ours }, t('bank.lineOf', { date }), ariaLabel(date));
    });
  return (
    <>
      <UnmatchedTable
        title={t('bank.unmatchedLinesTitle', { count: unmatchedLines.length })}
        headers={[t('bank.date'), t('bank.narration')]}
        noSuggestion={t('bank.noSuggestion')}
        minWidth={720}
        rows={unmatchedLines.map((line) => {
          const date = formatDisplayDate(line.date);
          return {
            key: line.lineId,
            cells: [date, line.utr ? withDetail(line.narration, `${t('bank.utr')} ${line.utr}`) : line.narration],
            amount: line.credit,
            suggestions: [
              ...line.suggestions.map((receipt) =>
                suggestion(
                  { lineId: line.lineId, receiptId: receipt.receiptId },
                  t('bank.matchWith', { receipt: receipt.receiptNumber }),
                  t('bank.matchWithLabel', { date, receipt: receipt.receiptNumber }),
                ),
              ),
              ...line.depositSuggestions.map((deposit) =>
                suggestion(
                  { lineId: line.lineId, depositId: deposit.depositId },
                  t('bank.matchWithSlip', { slip: deposit.slipNumber }),
                  t('bank.matchWithSlipLabel', { date, slip: deposit.slipNumber }),
                ),
              ),
            ],
          };
        })}
      />
      <UnmatchedTable
        title={t('bank.unmatchedReceiptsTitle', { count: unmatchedReceipts.length })}
        headers={[t('bank.receipt'), t('bank.member'), t('bank.utr')]}
        noSuggestion={t('bank.noLineSuggestion')}
        minWidth={640}
        rows={unmatchedReceipts.map((receipt) => ({
          key: receipt.receiptId,
          cells: [
            withDetail(receipt.receiptNumber, formatDisplayDate(receipt.issuedOn)),
            receipt.memberName,
            receipt.utr ?? '',
          ],
          amount: receipt.amount,
          suggestions: lineButtons(receipt.suggestions, { receiptId: receipt.receiptId }, (date) =>
            t('bank.matchWithLabel', { date, receipt: receipt.receiptNumber }),
          ),
        }))}
      />
      <UnmatchedTable
        title={t('bank.unmatchedDepositsTitle', { count: unmatchedDeposits.length })}
        headers={[t('bank.slipNumber'), t('bank.depositDate')]}
        noSuggestion={t('bank.noLineSuggestion')}
        minWidth={560}
        rows={unmatchedDeposits.map((deposit) => ({
          key: deposit.depositId,
          cells: [deposit.slipNumber, slipDetail(deposit)],
          amount: deposit.amount,
          suggestions: lineButtons(deposit.suggestions, { depositId: deposit.depositId }, (date) =>
            t('bank.matchWithSlipLabel', { date, slip: deposit.slipNumber }),
          ),
        }))}
      />
    </>
  );
}

/** The matched pairs: the line, the receipt or deposit slip, how and when matched, and Undo. */
function MatchedTable(props: {
  matched: Reconciliation['matched'];
  slipDetail: (deposit: ReconDeposit) => string;
  onUnmatch: (lineId: string) => void;
  busyLine: string | null;
}) {
  const { t } = useTranslation();
  const { matched, slipDetail, onUnmatch, busyLine } = props;
  /** What the line paid in: the receipt, the deposit slip or the gateway's settlement, and a detail. */
  const pairText = (pair: Reconciliation['matched'][number]): [string, string] => {
    if (pair.receipt) {
      return [pair.receipt.receiptNumber, `${pair.receipt.memberName} · ${formatDisplayDate(pair.receipt.issuedOn)}`];
    }
    if (pair.settlement) {
      const gateway = pair.settlement.gateway === 'razorpay' ? 'Razorpay' : 'Worldline';
      return [
        t('bank.settlement', { gateway, utr: pair.settlement.utr }),
        t('bank.settlementDetail', { date: formatDisplayDate(pair.settlement.settledOn) }),
      ];
    }
    return [t('bank.slip', { slip: pair.deposit?.slipNumber }), pair.deposit ? slipDetail(pair.deposit) : ''];
  };
  const how = (pair: Reconciliation['matched'][number]) => {
    const date = formatDisplayDate(pair.matchedAt);
    if (pair.method === 'utr') return t('bank.matchedAuto', { date });
    if (pair.method === 'slip') return t('bank.matchedSlip', { date });
    if (pair.method === 'amount_date') return t('bank.matchedAmountDate', { date });
    return t('bank.matchedManual', { name: pair.matchedBy ?? '', date });
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('bank.matchedTitle', { count: matched.length })}
      </Title>
      {matched.length === 0 ? (
        <Text size="sm">{t('bank.nothing')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.date')}</Table.Th>
                <Table.Th>{t('bank.narration')}</Table.Th>
                <Table.Th ta="right">{t('bank.amount')}</Table.Th>
                <Table.Th>{t('bank.receiptOrSlip')}</Table.Th>
                <Table.Th>{t('bank.matchedBy')}</Table.Th>
                <Table.Th>{t('bank.unmatch')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matched.map((pair) => {
                const date = formatDisplayDate(pair.line.date);
                return (
                  <Table.Tr key={pair.line.lineId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}</Table.Td>
                    <Table.Td>{pair.line.narration}</Table.Td>
                    <Table.Td ta="right">{formatRupees(pair.line.credit)}</Table.Td>
                    <Table.Td>{withDetail(...pairText(pair))}</Table.Td>
                    <Table.Td>{how(pair)}</Table.Td>
                    <Table.Td>
                      {pair.settlement ? (
                        <Text size="xs">{t('bank.settlementFixed')}</Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={
                            pair.receipt
                              ? t('bank.unmatchLabel', { date, receipt: pair.receipt.receiptNumber })
                              : t('bank.unmatchSlipLabel', { date, slip: pair.deposit?.slipNumber })
                          }
                          loading={busyLine === pair.line.lineId}
                          onClick={() => onUnmatch(pair.line.lineId)}
                        >
                          {t('bank.unmatch')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** A suggested pair: its button's text and accessible name, whether it is being matched, and what it does. */
interface Suggestion {
  key: string;
  label: string;
  ariaLabel: string;
  busy: boolean;
  onClick: () => void;
}

/**
 * One list of what is not matched, on either side (the bank's credits, our receipts, our deposit
 * slips; review item D1): a row's own cells under `headers`, its amount in rupees, and the
 * suggestions that may be its pair (one button each).
 */
function UnmatchedTable(props: {
  title: string;
  headers: string[];
  noSuggestion: string;
  minWidth: number;
  rows: { key: string; cells: ReactNode[]; amount: Rupees; suggestions: Suggestion[] }[];
}) {
  const { t } = useTranslation();
  const { title, headers, noSuggestion, minWidth, rows } = props;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{t('bank.nothing')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
                <Table.Th ta="right">{t('bank.amount')}</Table.Th>
                <Table.Th>{t('bank.suggestions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <Table.Td key={headers[index]} style={index === 0 ? { whiteSpace: 'nowrap' } : undefined}>
                      {cell}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatRupees(row.amount)}</Table.Td>
                  <Table.Td>
                    {row.suggestions.length === 0 ? (
                      <Text size="xs" c="gray.7">
                        {noSuggestion}
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {row.suggestions.map((s) => (
                          <Button
                            key={s.key}
                            size="xs"
                            variant="light"
                            aria-label={s.ariaLabel}
                            loading={s.busy}
                            onClick={s.onClick}
                          >
                            {s.label}
                          </Button>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
