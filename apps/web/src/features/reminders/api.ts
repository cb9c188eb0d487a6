import {
  MAX_IMMEDIATE_REMINDERS,
  memberContracts,
  reminderContracts,
  type DeliveriesResult,
  type SendAllRemindersResult,
  type SendRemindersResult,
} from '@parish/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';
import { STALE_TIME } from '../../lib/query-client.ts';

/** The reminders screen's calls (`reminderContracts`, and `GET /api/members` for the member list). */

/** The root of the reminders query keys. */
export const REMINDERS_KEY = ['reminders'] as const;

/** The members query-key root: member and payment events refresh it (lib/live-updates.ts). */
const MEMBERS_KEY = ['members'] as const;

/** `GET /api/whatsapp/status`: whether the server can send (cached with the default lifetime). */
export function useWhatsAppStatus() {
  return useQuery({
    queryKey: [...REMINDERS_KEY, 'status'],
    queryFn: ({ signal }) => apiRequest(reminderContracts.status, {}, { signal }),
    staleTime: STALE_TIME.default,
  });
}

/** What the member list asks for: page, rows per page and the search text. */
export interface ReminderMembersParams {
  page: number;
  limit: number;
  search: string;
  /** Only a ward's members (its id), or `none` (issue 28 item 7: reminders filter by ward); '' for all. */
  wardId?: string;
}

/**
 * One page of members to pick from, by name (`GET /api/members`, search only when not blank). The
 * query key is the Members page's (`['members', 'list', …]`), so both screens share the cache; the
 * previous page stays on screen while the next loads. Cached for `STALE_TIME.members` (2 min).
 */
export function useReminderMembers({ page, limit, search, wardId = '' }: ReminderMembersParams) {
  const params = { page, limit, search, sortBy: 'name', sortOrder: 'asc', wardId } as const;
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(
        memberContracts.list,
        {
          query: {
            page,
            limit,
            sortBy: 'name',
            sortOrder: 'asc',
            search: search.trim(),
            ...(wardId ? { wardId } : {}),
          },
        },
        { signal },
      ),
    staleTime: STALE_TIME.members,
    placeholderData: keepPreviousData,
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
    const answer = await apiRequest(reminderContracts.send, { body: { memberIds: batch } });
    results.successful += answer.results.successful;
    results.failed += answer.results.failed;
    results.details.push(...answer.results.details);
    jobIds.push(answer.jobId);
    onBatch?.([...jobIds]);
  }
  return { results, jobIds };
}

/**
 * Starts "send to all" (`POST /api/admin/send-all-reminders`, no body).
 * @param wardId only that ward's members (a ward id, or `none` for those without a ward; issue 28
 *   item 7, decision 0136), '' for the whole parish. The server chooses the recipients.
 * @param statementFy attach the yearly statement of that financial year (`2026-27`, or `current`:
 *   the server's parish-time year; decision 0143), '' for none
 */
export function sendAllReminders(wardId = '', statementFy = ''): Promise<SendAllRemindersResult> {
  const query = { ...(wardId && { wardId }), ...(statementFy && { statementFy }) };
  return apiRequest(reminderContracts.sendAll, Object.keys(query).length > 0 ? { query } : {});
}

/** Delivery rows asked for per job (the panel shows at most this many). */
const DELIVERIES_LIMIT = 500;

/**
 * `GET /api/admin/reminders/deliveries`: one send job's deliveries, or the latest job's when
 * `jobId` is null.
 */
export function fetchDeliveries(jobId: string | null, signal?: AbortSignal): Promise<DeliveriesResult> {
  return apiRequest(reminderContracts.deliveries, { query: { limit: DELIVERIES_LIMIT, jobId } }, { signal });
}
