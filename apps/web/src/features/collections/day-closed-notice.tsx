import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useDaySheet } from './api.ts';

/** The id of the day-closed reason, for `aria-describedby` of a disabled Collect button. */
export const DAY_CLOSED_REASON_ID = 'day-closed-reason';

/**
 * Whether the signed-in staff member's day sheet of today (parish date) is closed
 * (`GET /api/day-sheets`, `docs/domain.md`, "Day close"): then they cannot collect until an admin
 * reopens it, and the screens say so before a form is filled (issue 27 item 3).
 * @returns true when closed; false while loading, on an error, or when open (the server refuses anyway)
 */
export function useTodayClosed(): boolean {
  const sheet = useDaySheet(null);
  return sheet.data?.status === 'closed';
}

/**
 * The banner "Today's day sheet is closed" (`docs/domain.md`, "Day close"), shown on the staff
 * screens and in the Payment Summary while the caller's sheet of today is closed; nothing when open.
 * @param id the reason's element id (a disabled Collect button points at it), default {@link DAY_CLOSED_REASON_ID}
 */
export function DayClosedNotice({ id = DAY_CLOSED_REASON_ID, mb }: { id?: string; mb?: string }) {
  const { t } = useTranslation();
  const closed = useTodayClosed();
  if (!closed) return null;
  return (
    <Alert color="orange" role="status" title={t('collections.collect.dayClosedTitle')} mb={mb}>
      <span id={id}>{t('collections.collect.dayClosed')}</span>
    </Alert>
  );
}
