import { createHmac, timingSafeEqual } from 'node:crypto';

import type { LinkKeys } from './link-keys.ts';

/**
 * Signed links (`docs/domain.md`, §9 "Payment links without a password";
 * `docs/decisions/0036-signed-payment-links.md`): an HMAC-SHA256 over the link's fields, under the
 * server's key for that kind of link (`Config.linkKeys`: derived from JWT_SECRET, or restored with a
 * backup, `docs/decisions/0071-backups-carry-the-link-keys.md`), so a link cannot be made or changed
 * without the server. Nothing is stored per link: revocation raises the member's
 * `pay_link_version`, which every link carries.
 */

function mac(key: Buffer, fields: string[]): string {
  return createHmac('sha256', key).update(fields.join('|')).digest('base64url');
}

function sameMac(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a payment link names. */
export interface PayLinkClaims {
  memberId: string;
  /** The member's mobile as the link shows it (12 digits). */
  mobile: string;
  /** The member's `pay_link_version` when the link was made. */
  version: number;
  /** Expiry, seconds since the epoch (UTC). */
  expiresAt: number;
}

/**
 * The token of a payment link: `<member id hex>-<version>-<expiry, base 36 seconds>-<mac>`; the
 * mobile travels beside it in the path and is covered by the mac. No dots: the web app's server
 * treats a last path segment with a dot as a file, not a page.
 */
export function signPayLink(keys: LinkKeys, claims: PayLinkClaims): string {
  const id = claims.memberId.replaceAll('-', '');
  const exp = claims.expiresAt.toString(36);
  const fields = [id, claims.mobile, String(claims.version), exp];
  return `${id}-${claims.version}-${exp}-${mac(keys.pay, fields)}`;
}

/**
 * Reads a payment link's token against the mobile beside it.
 * @returns the claims when the mac matches (expiry and version are the caller's to check), or
 *   null for anything tampered or malformed.
 */
export function readPayLink(keys: LinkKeys, mobile: string, token: string): PayLinkClaims | null {
  const match = /^([0-9a-f]{32})-(\d{1,9})-([0-9a-z]{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id = '', version = '', exp = '', given = ''] = match;
  if (!sameMac(given, mac(keys.pay, [id, mobile, version, exp]))) return null;
  const memberId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  return { memberId, mobile, version: Number(version), expiresAt: parseInt(exp, 36) };
}

/** The token of a receipt link: `<receipt id hex>-<mac>` (a receipt never changes, so no expiry). */
export function signReceiptLink(keys: LinkKeys, receiptId: string): string {
  const id = receiptId.replaceAll('-', '');
  return `${id}-${mac(keys.receipt, [id])}`;
}

/** @returns the receipt id of an authentic receipt link token, or null. */
export function readReceiptLink(keys: LinkKeys, token: string): string | null {
  const match = /^([0-9a-f]{32})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id = '', given = ''] = match;
  if (!sameMac(given, mac(keys.receipt, [id]))) return null;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/** What a statement link names (decision 0143). */
export interface StatementLinkClaims {
  /** The parish whose member it is (`parishes.id`): the link opens in that parish only. */
  parishId: number;
  memberId: string;
  /** The year the financial year starts in (2026 for 2026-27). */
  fy: number;
  /** Expiry, seconds since the epoch (UTC). */
  expiresAt: number;
}

/**
 * The token of a yearly statement link (decision 0143): `<parish>-<member id hex>-<fy>-<expiry, base
 * 36 seconds>-<mac>`. Signed with the receipt-link key (a statement is a summary of receipts, and the
 * key travels with backups, decision 0071), the mac's first field `statement` keeping the two kinds
 * of link apart: a receipt link's mac is over one field, so neither can pass for the other.
 */
export function signStatementLink(keys: LinkKeys, claims: StatementLinkClaims): string {
  const id = claims.memberId.replaceAll('-', '');
  const exp = claims.expiresAt.toString(36);
  const fields = ['statement', String(claims.parishId), id, String(claims.fy), exp];
  return `${claims.parishId}-${id}-${claims.fy}-${exp}-${mac(keys.receipt, fields)}`;
}

/**
 * Reads a yearly statement link's token.
 * @returns the claims when the mac matches (the expiry and the parish are the caller's to check),
 *   or null for anything tampered or malformed.
 */
export function readStatementLink(keys: LinkKeys, token: string): StatementLinkClaims | null {
  const match = /^(\d{1,9})-([0-9a-f]{32})-(20\d\d)-([0-9a-z]{1,12})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, parish = '', id = '', fy = '', exp = '', given = ''] = match;
  if (!sameMac(given, mac(keys.receipt, ['statement', parish, id, fy, exp]))) return null;
  const memberId = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  return { parishId: Number(parish), memberId, fy: Number(fy), expiresAt: parseInt(exp, 36) };
}
