import { calendarDateIn, DEFAULT_PARISH_TIMEZONE, financialYearLabel, financialYearOf } from '@parish/shared';

/**
 * This financial year (April to March, parish time) and the four before it, newest first
 * ('2026-27', '2025-26', ...): the years the Form 10BD and the Receipts and Payments account offer.
 */
export function recentFinancialYears(): string[] {
  const current = financialYearOf(calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE));
  return [0, 1, 2, 3, 4].map((back) => financialYearLabel(current - back));
}
