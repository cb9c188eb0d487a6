import { createHmac, timingSafeEqual } from 'node:crypto';

import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';

import { RECEIPT_CHECK_MSG, calendarDateIn, memberInitials, paiseToRupees, type ReceiptCheck } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { members, receipts, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { LinkKeys } from '../../lib/link-keys.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * Receipt check links (issue 29 item 7; `docs/decisions/0137-receipt-check-links.md`): every
 * receipt carries `{the parish's public address}/r/{token}`, a link anyone may open to learn
 * whether the receipt is genuine. The token is the receipt id (16 bytes) and a MAC over the
 * parish and the receipt id (the first 16 bytes of an HMAC-SHA-256), each as 22 characters of
 * base64url: 44 characters, short enough for a small QR code. The MAC's key is derived from the
 * receipt links' key (`LinkKeys.receipt`, carried by backups: decision 0071), so the check links
 * printed before a restore still check after it. Nothing is stored per link.
 */

/** The length of each half of a token (16 bytes as base64url, no padding). */
const HALF = 22;

/** The key of check links: HMAC-SHA-256(receipt links' key, `parish-dues receipt checks`). */
function checkKey(keys: LinkKeys): Buffer {
  return createHmac('sha256', keys.receipt).update('parish-dues receipt checks').digest();
}

function checkMac(keys: LinkKeys, parishId: number, idHex: string): Buffer {
  return createHmac('sha256', checkKey(keys)).update(`${parishId}|${idHex}`).digest().subarray(0, 16);
}

/**
 * The token of a receipt's check link.
 * @param parishId the receipt's parish (its `parish_id`)
 * @param receiptId the receipt's id (a UUID)
 * @returns 44 characters of base64url
 */
export function signReceiptCheck(keys: LinkKeys, parishId: number, receiptId: string): string {
  const idHex = receiptId.replaceAll('-', '');
  return `${Buffer.from(idHex, 'hex').toString('base64url')}${checkMac(keys, parishId, idHex).toString('base64url')}`;
}

/** The receipt id a token names (its MAC is checked by {@link receiptCheckMatches}), or null when malformed. */
function receiptIdOf(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{44}$/.test(token)) return null;
  const id = Buffer.from(token.slice(0, HALF), 'base64url');
  // Only the one spelling each half has: the last character of 16 bytes in base64url carries 4
  // unused bits, and a token differing only there must not check.
  if (id.length !== 16 || id.toString('base64url') !== token.slice(0, HALF)) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether `token`'s MAC is the one of that receipt in that parish (compared in constant time). */
function receiptCheckMatches(keys: LinkKeys, parishId: number, receiptId: string, token: string): boolean {
  const given = Buffer.from(token.slice(HALF), 'base64url');
  const expected = checkMac(keys, parishId, receiptId.replaceAll('-', ''));
  return (
    given.length === expected.length &&
    given.toString('base64url') === token.slice(HALF) &&
    timingSafeEqual(given, expected)
  );
}

/**
 * `GET /api/receipt-check/{token}` (no sign-in): whether the receipt a check link names is genuine
 * and whether it was voided (`ReceiptCheck`: number, day issued `YYYY-MM-DD` in the parish time
 * zone, total in rupees, `valid` | `voided`, the member's initials, and whether it was test money).
 * The receipt is read in the request's parish (row-level security: a link of another parish
 * finds nothing), then its MAC is checked against the receipt's own parish.
 * @throws AppError 404 {@link RECEIPT_CHECK_MSG.unknown} for a malformed, tampered or foreign token,
 *   or one of no receipt.
 */
export async function checkReceipt(ctx: ServiceContext, token: string): Promise<ReceiptCheck> {
  const receiptId = receiptIdOf(token);
  if (!receiptId) throw notFound(RECEIPT_CHECK_MSG.unknown);
  const [row] = await ctx.db
    .select({
      parishId: receipts.parishId,
      number: receipts.number,
      issuedAt: receipts.issuedAt,
      totalPaise: receipts.totalPaise,
      voidedAt: receipts.voidedAt,
      memberName: members.name,
      isTest: transactions.isTest,
    })
    .from(receipts)
    .innerJoin(members, eq(members.id, receipts.memberId))
    .leftJoin(transactions, eq(transactions.transactionId, receipts.transactionId))
    .where(eq(receipts.id, receiptId));
  if (!row || !receiptCheckMatches(ctx.config.linkKeys, row.parishId, receiptId, token)) {
    throw notFound(RECEIPT_CHECK_MSG.unknown);
  }
  return {
    receiptNumber: row.number,
    date: calendarDateIn(row.issuedAt, await parishTimeZone(ctx)),
    amount: paiseToRupees(row.totalPaise),
    status: row.voidedAt ? 'voided' : 'valid',
    initials: memberInitials(row.memberName),
    test: row.isTest === true,
  };
}

/** A receipt's check link and its QR code, as a printed receipt shows them. */
export interface ReceiptCheckLink {
  /** `{the parish's public address}/r/{token}` (decision 0117: the parish's host, else PUBLIC_URL). */
  url: string;
  /** The QR code of `url` as an SVG document (error correction M, one module of quiet zone). */
  qrSvg: string;
}

/**
 * The check link of a receipt and its QR code (issue 29 item 7).
 * @param receipt the receipt's id and its parish
 */
export async function receiptCheckLink(
  ctx: ServiceContext,
  receipt: { id: string; parishId: number },
): Promise<ReceiptCheckLink> {
  const url = `${await publicUrlOf(ctx)}/r/${signReceiptCheck(ctx.config.linkKeys, receipt.parishId, receipt.id)}`;
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { url, qrSvg };
}
