import { Alert, Badge, Text } from '@mantine/core';
import { formatDisplayDate, formatINR, type AttemptState, type PaidTwice } from '@parish/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { paiseOf } from '../../lib/money.ts';
import { attemptTexts } from '../../i18n/en/portal-lazy.ts';
import { addLazyEnglish } from '../../i18n/en/sign-in-code.ts';

addLazyEnglish({ portal: { attempts: attemptTexts } });

/**
 * Honest states of the member's online attempts (`docs/domain.md`, §2 "Transactions tab";
 * decision 0142): the state's chip and the note on money paid twice. Display only: the server
 * derives both from what it recorded.
 */

/** Chip colours: paid green, failed red, pending yellow; cancelled, replaced and expired grey (nothing is awaited of them). */
export const ATTEMPT_COLOR: Record<AttemptState, string> = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  cancelled: 'gray',
  superseded: 'gray',
  expired: 'gray',
};

/** An attempt's state as a chip, in the member's language. */
export function AttemptBadge({ state }: { state: AttemptState }) {
  const { t } = useTranslation();
  const color = ATTEMPT_COLOR[state];
  return (
    <Badge color={color} variant="light" c={`${color}.9`} style={{ textTransform: 'none' }}>
      {t(`portal.attempts.state.${state}`)}
    </Badge>
  );
}

/**
 * The sentence on money an attempt paid twice, in the member's language: the amount as ₹ with
 * Indian grouping, the dues by name (`unknownPayment` when a name is missing), and what the
 * parish does or did with it: will refund it, refunded on dd/mm/yyyy, or put it towards another due.
 */
export function paidTwiceText(t: TFunction, paidTwice: PaidTwice): string {
  const amount = formatINR(paiseOf(paidTwice.amount));
  const dues = paidTwice.dues.map((due) => due.name || t('portal.transactions.unknownPayment')).join(', ');
  if (paidTwice.outcome === 'applied') return t('portal.attempts.paidTwiceApplied', { amount, dues });
  if (paidTwice.outcome === 'refunded' && paidTwice.refundedOn) {
    return t('portal.attempts.paidTwiceRefunded', { amount, dues, date: formatDisplayDate(paidTwice.refundedOn) });
  }
  return t('portal.attempts.paidTwiceOpen', { amount, dues });
}

/** The note on money paid twice: a yellow panel titled 'Paid twice' with {@link paidTwiceText}. */
export function PaidTwiceNote({ paidTwice }: { paidTwice: PaidTwice }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('portal.attempts.paidTwiceTitle')} data-testid="paid-twice">
      <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
        {paidTwiceText(t, paidTwice)}
      </Text>
    </Alert>
  );
}
