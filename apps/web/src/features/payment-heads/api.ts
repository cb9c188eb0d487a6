import {
  calendarDateIn,
  DEFAULT_PARISH_TIMEZONE,
  memberContracts,
  PAYMENT_CSV_TEMPLATE_FILE,
  paymentContracts,
  paymentHeadContracts,
  type AssignPaymentsResult,
  type PAYMENT_SORT_FIELDS,
  type Payment,
  type PaymentHead as PaymentHeadRecord,
  type PaymentHeadInputRaw,
  type PaymentHeadList,
  type PaymentHeadWithStats,
  type RevokePaymentsResult,
  type UploadCsvPreview,
  type UploadCsvResult,
  type RolloverSummary,
  yearEndContracts,
} from '@parish/shared';

import { ApiError } from '../../lib/api-client.ts';
import { apiRequest, apiResponse } from '../../lib/api-request.ts';
import { saveBlob } from '../../lib/table-download.ts';

/**
 * Wire shapes and calls of the payment-head screens (`paymentHeadContracts`, `paymentContracts`;
 * docs/domain.md, "§7 API"). Amounts on the wire are rupees with at most two decimals; dates are
 * `YYYY-MM-DD`.
 */

/** A payment head with its figures, as `GET /api/payment-heads` answers it; amounts in rupees. */
export type PaymentHead = PaymentHeadWithStats;

/** A payment (an assignment of a head to a member) as `GET /api/payments` answers it. */
export type HeadPayment = Payment;

/** The member fields a payment carries (populated `memberId`). */
export type MemberRef = Payment['memberId'];

/** A page of a list answer (`totalIsLowerBound` from the member list's capped count only). */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalIsLowerBound?: boolean;
  page: number;
  limit: number;
}

/** The body of `POST /api/payment-heads` (and, without `amount`, of `PUT`). */
export type HeadBody = PaymentHeadInputRaw;

/**
 * The answer of `POST /api/payments/upload-csv` (`docs/domain.md`, §7 "Responses named by the specification"). The
 * server answers `success` today; the product's rules also name `processing` (background work),
 * and anything else counts as initiated, so the status is read as any text.
 */
export type UploadAnswer = Omit<UploadCsvResult, 'status'> & { status: string };

/** Sort columns of the head-members list. */
export type PaymentSortBy = (typeof PAYMENT_SORT_FIELDS)[number];

/** The largest page the API serves (`pageQuerySchema`: limit at most 100). */
export const MAX_LIMIT = 100;

/** Query-key roots; every write invalidates the whole cache (`docs/domain.md`, §7 "Client behaviour"). */
export const HEADS_KEY = ['payment-heads'] as const;
export const PAYMENTS_KEY = ['payments'] as const;
export const MEMBERS_KEY = ['members'] as const;

/** Today's calendar date in the parish, `YYYY-MM-DD`. */
export function parishToday(): string {
  return calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
}

/** `GET /api/payment-heads`: every active head with its stats. */
export function listHeads(): Promise<PaymentHeadList> {
  return apiRequest(paymentHeadContracts.list);
}

/** Parameters of `GET /api/payments` for one head. */
export interface HeadPaymentsQuery {
  paymentHeadId: string;
  page: number;
  limit: number;
  search?: string;
  status?: 'paid' | 'pending';
  sortBy?: PaymentSortBy;
  sortOrder?: 'asc' | 'desc';
}

/** `GET /api/payments?paymentHeadId…`: one page of a head's payments. */
export function listHeadPayments(params: HeadPaymentsQuery): Promise<ListPage<HeadPayment>> {
  return apiRequest(paymentContracts.list, { query: { ...params } });
}

/**
 * Every payment of a head matching the filter, fetched 100 at a time (a few pages in parallel):
 * tagging needs the whole set, the screen never renders it whole.
 */
export async function listAllHeadPayments(params: Omit<HeadPaymentsQuery, 'page' | 'limit'>): Promise<HeadPayment[]> {
  const first = await listHeadPayments({ ...params, page: 1, limit: MAX_LIMIT });
  const pages = Math.ceil(first.total / MAX_LIMIT);
  const rest: HeadPayment[][] = [];
  for (let page = 2; page <= pages; page += 4) {
    const batch = [page, page + 1, page + 2, page + 3].filter((value) => value <= pages);
    rest.push(
      ...(await Promise.all(
        batch.map((value) => listHeadPayments({ ...params, page: value, limit: MAX_LIMIT }).then((r) => r.items)),
      )),
    );
  }
  return [...first.items, ...rest.flat()];
}

/** `GET /api/members`: one page of members (search by name, mobile, parish number, location). */
export function listMembers(params: { page: number; search?: string }): Promise<ListPage<MemberRef>> {
  return apiRequest(memberContracts.list, { query: { ...params, limit: MAX_LIMIT, sortBy: 'name', sortOrder: 'asc' } });
}

/** `POST /api/payment-heads` or `PUT /api/payment-heads/{id}`. */
export function saveHead(id: string | null, body: HeadBody): Promise<PaymentHeadRecord> {
  return id
    ? apiRequest(paymentHeadContracts.update, { params: { id }, body })
    : apiRequest(paymentHeadContracts.create, { body });
}

/** `DELETE /api/payment-heads/{id}` (409 while any of its payments is paid). */
export function deleteHead(id: string): Promise<unknown> {
  return apiRequest(paymentHeadContracts.remove, { params: { id } });
}

/**
 * `POST /api/payments/assign` with `replacePending: true`: saving tags (`docs/domain.md`, §4 "Saving tags") revokes the
 * head's pending payments and assigns the given members in one transaction. `amount` in rupees;
 * omitted means the head's base amount.
 */
export function assignMembers(
  paymentHeadId: string,
  assignments: { memberId: string; amount?: number }[],
): Promise<AssignPaymentsResult> {
  return apiRequest(paymentContracts.assign, { body: { paymentHeadId, assignments, replacePending: true } });
}

/** `POST /api/payments/revoke`: removes the members' pending payments of the head. */
export function revokeMembers(paymentHeadId: string, memberIds: string[]): Promise<RevokePaymentsResult> {
  return apiRequest(paymentContracts.revoke, { body: { paymentHeadId, memberIds } });
}

/**
 * `POST /api/payments/upload-csv` with the parsed rows (a list of lists), "Update amounts of
 * pending dues" ticked or not (docs/domain.md, "Account head CSV") and the row numbers of the
 * mismatches ticked in the dry run (`accept`, decision 0110).
 */
export function uploadCsv(
  csvData: string[][],
  updatePendingAmounts = false,
  accept: number[] = [],
): Promise<UploadAnswer> {
  return apiRequest(paymentContracts.uploadCsv, { body: { csvData, updatePendingAmounts, accept } });
}

/**
 * The dry run of the account-head CSV (`POST /api/payments/upload-csv/preview`, decision 0110):
 * rows to create and to apply, mismatches and row errors; nothing is written.
 * @throws ApiError with the server's message (400 for a malformed file, 403 for a non-admin).
 */
export function previewUploadCsv(csvData: string[][]): Promise<UploadCsvPreview> {
  return apiRequest(paymentContracts.uploadCsvPreview, { body: { csvData } });
}

/**
 * Downloads the bulk CSV template (`GET /api/payments/csv-template`, one refresh-and-replay on a
 * 401) and hands it to the browser as `bulk_member_payment_template.csv`.
 * @throws ApiError 'HTTP error! status: {code}' when the answer is not 2xx.
 */
export async function downloadCsvTemplate(): Promise<void> {
  const response = await apiResponse(paymentContracts.csvTemplate, {});
  if (!response.ok) throw new ApiError(`HTTP error! status: ${response.status}`, response.status);
  saveBlob(await response.blob(), PAYMENT_CSV_TEMPLATE_FILE);
}

/** `GET /api/payment-heads/rollover?year=`: the roll-over preview of a year (rupees). */
export function rolloverPreview(year: number): Promise<RolloverSummary> {
  return apiRequest(yearEndContracts.rolloverPreview, { query: { year } });
}

/** `POST /api/payment-heads/rollover`: moves the chosen current-due heads of `year` to arrears. */
export function rolloverHeads(year: number, paymentHeadIds: string[]): Promise<RolloverSummary> {
  return apiRequest(yearEndContracts.rollover, { body: { year, paymentHeadIds } });
}
