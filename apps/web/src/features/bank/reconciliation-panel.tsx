import { Alert, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDisplayDate, type ManualMatch, type Reconciliation } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { matchLine, unmatchLine, useReconciliation } from './api.ts';

/**
 * One account's reconciliation (decision 0149): what matched (by UTR or by whom, when; undo), the
 * bank's credits not matched with the receipts that may be theirs (same amount within 3 days: one
 * button each to match), and the counter's UPI receipts not found on the statement, with the
 * credits that may be theirs.
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
  const { matched, unmatchedLines, unmatchedReceipts } = recon.data;
  const onMatch = (input: ManualMatch) => match.mutate(input);
  const busyReceipt = match.isPending ? match.variables.receiptId : null;

  return (
    <Stack>
      <MatchedTable
        matched={matched}
        onUnmatch={(lineId) => unmatch.mutate(lineId)}
        busyLine={unmatch.isPending ? unmatch.variables : null}
      />
      <UnmatchedLinesTable lines={unmatchedLines} onMatch={onMatch} busyReceipt={busyReceipt} />
      <UnmatchedReceiptsTable receipts={unmatchedReceipts} onMatch={onMatch} />
    </Stack>
  );
}

/** The matched pairs: the line, the receipt, how and when matched, and Undo. */
function MatchedTable(props: {
  matched: Reconciliation['matched'];
  onUnmatch: (lineId: string) => void;
  busyLine: string | null;
}) {
  const { t } = useTranslation();
  const { matched, onUnmatch, busyLine } = props;
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
                <Table.Th>{t('bank.receipt')}</Table.Th>
                <Table.Th>{t('bank.matchedBy')}</Table.Th>
                <Table.Th>{t('bank.unmatch')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matched.map((pair) => (
                <Table.Tr key={pair.line.lineId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(pair.line.date)}</Table.Td>
                  <Table.Td>{pair.line.narration}</Table.Td>
                  <Table.Td ta="right">{formatRupees(pair.line.credit)}</Table.Td>
                  <Table.Td>
                    {pair.receipt.receiptNumber}
                    <Text size="xs" c="gray.7">
                      {pair.receipt.memberName} · {formatDisplayDate(pair.receipt.issuedOn)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {pair.method === 'utr'
                      ? t('bank.matchedAuto', { date: formatDisplayDate(pair.matchedAt) })
                      : t('bank.matchedManual', {
                          name: pair.matchedBy ?? '',
                          date: formatDisplayDate(pair.matchedAt),
                        })}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('bank.unmatchLabel', {
                        date: formatDisplayDate(pair.line.date),
                        receipt: pair.receipt.receiptNumber,
                      })}
                      loading={busyLine === pair.line.lineId}
                      onClick={() => onUnmatch(pair.line.lineId)}
                    >
                      {t('bank.unmatch')}
                    </Button>
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

/** The bank's credits not matched, each with the receipts that may be theirs (one button each). */
function UnmatchedLinesTable(props: {
  lines: Reconciliation['unmatchedLines'];
  onMatch: (input: ManualMatch) => void;
  busyReceipt: string | null;
}) {
  const { t } = useTranslation();
  const { lines, onMatch, busyReceipt } = props;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('bank.unmatchedLinesTitle', { count: lines.length })}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm">{t('bank.nothing')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.date')}</Table.Th>
                <Table.Th>{t('bank.narration')}</Table.Th>
                <Table.Th ta="right">{t('bank.credit')}</Table.Th>
                <Table.Th>{t('bank.suggestions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.lineId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(line.date)}</Table.Td>
                  <Table.Td>
                    {line.narration}
                    {line.utr ? (
                      <Text size="xs" c="gray.7">
                        {t('bank.utr')} {line.utr}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatRupees(line.credit)}</Table.Td>
                  <Table.Td>
                    {line.suggestions.length === 0 ? (
                      <Text size="xs" c="gray.7">
                        {t('bank.noSuggestion')}
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {line.suggestions.map((receipt) => (
                          <Button
                            key={receipt.receiptId}
                            size="xs"
                            variant="light"
                            aria-label={t('bank.matchWithLabel', {
                              date: formatDisplayDate(line.date),
                              receipt: receipt.receiptNumber,
                            })}
                            loading={busyReceipt === receipt.receiptId}
                            onClick={() => onMatch({ lineId: line.lineId, receiptId: receipt.receiptId })}
                          >
                            {t('bank.matchWith', { receipt: receipt.receiptNumber })}
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

/** The counter's UPI receipts not found on the statement, each with the credits that may be theirs. */
function UnmatchedReceiptsTable(props: {
  receipts: Reconciliation['unmatchedReceipts'];
  onMatch: (input: ManualMatch) => void;
}) {
  const { t } = useTranslation();
  const { receipts, onMatch } = props;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('bank.unmatchedReceiptsTitle', { count: receipts.length })}
      </Title>
      {receipts.length === 0 ? (
        <Text size="sm">{t('bank.nothing')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bank.receipt')}</Table.Th>
                <Table.Th>{t('bank.member')}</Table.Th>
                <Table.Th ta="right">{t('bank.amount')}</Table.Th>
                <Table.Th>{t('bank.utr')}</Table.Th>
                <Table.Th>{t('bank.suggestions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipts.map((receipt) => (
                <Table.Tr key={receipt.receiptId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {receipt.receiptNumber}
                    <Text size="xs" c="gray.7">
                      {formatDisplayDate(receipt.issuedOn)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{receipt.memberName}</Table.Td>
                  <Table.Td ta="right">{formatRupees(receipt.amount)}</Table.Td>
                  <Table.Td>{receipt.utr ?? ''}</Table.Td>
                  <Table.Td>
                    {receipt.suggestions.length === 0 ? (
                      <Text size="xs" c="gray.7">
                        {t('bank.noLineSuggestion')}
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {receipt.suggestions.map((line) => (
                          <Button
                            key={line.lineId}
                            size="xs"
                            variant="light"
                            aria-label={t('bank.matchWithLabel', {
                              date: formatDisplayDate(line.date),
                              receipt: receipt.receiptNumber,
                            })}
                            onClick={() => onMatch({ lineId: line.lineId, receiptId: receipt.receiptId })}
                          >
                            {t('bank.lineOf', { date: formatDisplayDate(line.date) })}
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
