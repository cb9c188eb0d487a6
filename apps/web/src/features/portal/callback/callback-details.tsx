import { Box, Code, Table, Text } from '@mantine/core';
import { formatINR, parseRupeesToPaise } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { alreadyPaid, reportedOutcome } from './callback-params.ts';
import type { WorldlineCallback } from './use-worldline-callback.ts';
import { gatewayText } from '../../../lib/gateway-text.ts';
import { attemptTexts } from '../../../i18n/en/portal-lazy.ts';
import { addLazyEnglish } from '../../../i18n/en/sign-in-code.ts';

addLazyEnglish({ portal: { attempts: attemptTexts } });

/**
 * The payment callback page's Details panel (`docs/domain.md`, §2 "Payment callback page"): the
 * transaction id, the server's and the gateway's references, the amount, the gateway, the payments
 * processed and records updated, how many were already paid before (to be refunded: decision
 * 0142), the reason, status code and message, the error (only the rows with a value), then the folded debug block with the raw state, parameters and answer.
 * @param failureMessage the reason shown in state `failed`
 */
export function CallbackDetails({ callback, failureMessage }: { callback: WorldlineCallback; failureMessage: string }) {
  const { t } = useTranslation();
  const { params, state, result, error, amount } = callback;
  const amountPaise = amount ? parseRupeesToPaise(amount) : null;
  const details: [string, string | number | null | undefined][] = [
    [t('portal.callback.fields.transactionId'), params.txnId],
    [
      t('portal.callback.fields.systemReference'),
      result?.transactionId === params.txnId ? null : result?.transactionId,
    ],
    [t('portal.callback.fields.gatewayReference'), params.transactionId],
    [t('portal.callback.fields.amount'), amountPaise === null ? amount : formatINR(amountPaise)],
    [t('portal.callback.fields.gateway'), 'worldline'],
    [t('portal.callback.fields.paymentsProcessed'), result?.paymentIds?.length],
    [t('portal.callback.fields.recordsUpdated'), result?.paymentsUpdated],
    // The rest of a paid transaction's dues were already paid: money to refund, not a lost update (decision 0142).
    [t('portal.attempts.alreadyPaidCount'), state === 'success' ? alreadyPaid(result) : null],
    [
      t('portal.callback.fields.reason'),
      state === 'failed' ? failureMessage : state === 'error' ? gatewayText(params.reason) : null,
    ],
    [
      t('portal.callback.fields.statusCode'),
      params.statusCode ?? (params.status && /^\d+$/.test(params.status) ? params.status : null),
    ],
    [t('portal.callback.fields.statusMessage'), gatewayText(params.statusMessage)],
    [t('portal.callback.fields.error'), state === 'error' ? error : null],
  ];
  const shown = details.filter(([, value]) => value !== null && value !== undefined && value !== '');

  return (
    <>
      {shown.length > 0 ? (
        <Box>
          <Text fw={600} size="sm" mb={4}>
            {t('portal.callback.details')}
          </Text>
          <Table withTableBorder verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {shown.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="45%" fw={500} c="gray.7">
                    {label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{String(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      ) : null}
      <Box component="details">
        <Text component="summary" size="sm" c="gray.7" style={{ cursor: 'pointer' }}>
          {t('portal.callback.debug')}
        </Text>
        <Code block mt={4} fz="xs">
          {JSON.stringify({ state, outcome: reportedOutcome(params), params, result }, null, 2)}
        </Code>
      </Box>
    </>
  );
}
