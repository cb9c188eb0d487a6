import {
  MAX_IMMEDIATE_REMINDERS,
  type SendAllRemindersResult,
  type SendRemindersResult,
  type WhatsAppStatus,
} from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-client.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/** The root of the reminders query keys. */
export const REMINDERS_KEY = ['reminders'] as const;

/** `GET /api/whatsapp/status`: whether the server can send (cached with the default lifetime). */
export function useWhatsAppStatus() {
  return useQuery({
    queryKey: [...REMINDERS_KEY, 'status'],
    queryFn: ({ signal }) => apiRequest<WhatsAppStatus>('/api/whatsapp/status', { signal }),
    staleTime: STALE_TIME.default,
  });
}

/**
 * Sends the reminder to the selected members now (`POST /api/admin/send-reminders`), in batches of
 * {@link MAX_IMMEDIATE_REMINDERS} one after the other, so each call ends inside the 30 s client timeout.
 * @returns the summed counts and details, and the job id of each batch.
 * @throws ApiError of the first failing batch (earlier batches stay sent).
 */
export async function sendReminders(
  memberIds: readonly string[],
  onBatch?: (jobIds: string[]) => void,
): Promise<{ results: SendRemindersResult['results']; jobIds: string[] }> {
  const results: SendRemindersResult['results'] = { successful: 0, failed: 0, details: [] };
  const jobIds: string[] = [];
  for (let start = 0; start < memberIds.length; start += MAX_IMMEDIATE_REMINDERS) {
    const batch = memberIds.slice(start, start + MAX_IMMEDIATE_REMINDERS);
    const answer = await apiRequest<SendRemindersResult>('/api/admin/send-reminders', {
      method: 'POST',
      body: { memberIds: batch },
    });
    results.successful += answer.results.successful;
    results.failed += answer.results.failed;
    results.details.push(...answer.results.details);
    jobIds.push(answer.jobId);
    onBatch?.([...jobIds]);
  }
  return { results, jobIds };
}

/** Starts "send to all" (`POST /api/admin/send-all-reminders`, no body). */
export function sendAllReminders(): Promise<SendAllRemindersResult> {
  return apiRequest<SendAllRemindersResult>('/api/admin/send-all-reminders', { method: 'POST' });
}
