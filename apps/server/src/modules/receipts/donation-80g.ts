import { calendarDateIn, formatDisplayDate, formatINR, maskPan, sumPaise, type Paise } from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { readRegistration80g, registrationValidOn } from '../donations/registration-80g.ts';
import { writeRow, writeRule, writeText, type Pdf } from './pdf-document.ts';

/**
 * The 80G lines of a donation receipt (issue 30 item 8, decision 0148; `docs/domain.md`,
 * "Donations under section 80G"): the trust's name and PAN, its 80G registration number (URN) and
 * validity, the donor's PAN (masked) when given, and the statement that the donation is eligible
 * for deduction — or, for cash above ₹2,000, that it is not (section 80G(5D)). Printed by the
 * HTML receipt and the receipt PDF alike.
 */

/** The statement of an eligible donation. */
export const ELIGIBLE_80G_STATEMENT = 'Donation eligible for deduction under section 80G of the Income-tax Act, 1961';

/** The statement of a cash donation above ₹2,000 (section 80G(5D)). */
export const CASH_ABOVE_LIMIT_80G_STATEMENT =
  'Cash donation above ₹2,000: not eligible for deduction under section 80G (section 80G(5D) of the Income-tax Act, 1961)';

/** ₹2,000 in paise: the most cash a deductible donation may be (section 80G(5D)). */
const CASH_LIMIT_PAISE = 200_000;

/** What a receipt's 80G block shows. */
export interface Donation80g {
  trustName: string;
  trustPan: string;
  registrationNumber: string;
  /** `dd/mm/yyyy to dd/mm/yyyy`. */
  validity: string;
  /** The donor's PAN masked (ABCPE****F), or null when none is stored. */
  donorPan: string | null;
  /** What the receipt received for donation heads, in paise. */
  amountPaise: Paise;
  /** False for a cash receipt whose donation exceeds ₹2,000. */
  eligible: boolean;
}

/**
 * The 80G block of a receipt, or null when it has none (decision 0148): none without donation lines,
 * for test money, or when the trust's registration is not complete and in force on the receipt's
 * date (parish time zone).
 * @param receipt its instant of issue (UTC), payment method and gateway, and whether it is test money
 * @param lines its lines, each with the amount in paise and whether its head is a donation head
 * @param donorPan the member's PAN in full, or null
 */
export async function donation80gOf(
  db: DbOrTx,
  receipt: { issuedAt: string; paymentMethod: string; paymentGateway: string; test: boolean; timeZone: string },
  lines: readonly { amountPaise: Paise; isDonation: boolean }[],
  donorPan: string | null,
): Promise<Donation80g | null> {
  const donation = lines.filter((line) => line.isDonation);
  if (donation.length === 0 || receipt.test) return null;
  const registration = await readRegistration80g(db);
  if (!registrationValidOn(registration, calendarDateIn(receipt.issuedAt, receipt.timeZone))) return null;
  const amountPaise = sumPaise(donation.map((line) => line.amountPaise));
  const cash = receipt.paymentGateway === 'manual' && receipt.paymentMethod.toLowerCase() === 'cash';
  return {
    trustName: registration.trustName,
    trustPan: registration.trustPan,
    registrationNumber: registration.registrationNumber,
    validity: `${formatDisplayDate(registration.validFrom)} to ${formatDisplayDate(registration.validTo)}`,
    donorPan: donorPan === null ? null : maskPan(donorPan),
    amountPaise,
    eligible: !(cash && amountPaise > CASH_LIMIT_PAISE),
  };
}

/** The block's label-value rows, in print order. */
function donation80gRows(block: Donation80g): { label: string; value: string }[] {
  return [
    { label: 'Trust', value: block.trustName },
    { label: 'PAN of the trust', value: block.trustPan },
    { label: '80G registration', value: `${block.registrationNumber}, valid ${block.validity}` },
    ...(block.donorPan ? [{ label: 'PAN of the donor', value: block.donorPan }] : []),
    { label: 'Donation', value: formatINR(block.amountPaise) },
  ];
}

/** The statement under the rows. */
function statementOf(block: Donation80g): string {
  return block.eligible ? ELIGIBLE_80G_STATEMENT : CASH_ABOVE_LIMIT_80G_STATEMENT;
}

/** The 80G block of the HTML receipt ('' without one); every value escaped, text isolated in `<bdi>`. */
export function donation80gHtml(block: Donation80g | null | undefined): string {
  if (!block) return '';
  const e = escapeHtml;
  const rows = donation80gRows(block)
    .map((row) => `<tr><th scope="row">${e(row.label)}</th><td><bdi>${e(row.value)}</bdi></td></tr>`)
    .join('\n');
  return `<section class="donation-80g" aria-label="Section 80G">
<table>
${rows}
</table>
<p class="statement-80g">${e(statementOf(block))}</p>
</section>`;
}

/** The HTML receipt's style of the 80G block. */
export const DONATION_80G_STYLE = `  .donation-80g { margin-top: 16px; padding: 8px 0; border-top: 1px solid #ced4da; }
  .statement-80g { font-weight: 600; margin: 8px 0 0; }`;

/**
 * Draws the 80G block on a receipt PDF below the amount (nothing without one): its rows, then the
 * statement in bold, between thin rules.
 * @param frame the receipt's document, content box (`x`, `width`), base type size `s` and row box
 */
export function drawDonation80g(
  frame: {
    doc: Pdf;
    x: number;
    width: number;
    s: number;
    box: { x: number; width: number; labelWidth: number; size: number };
  },
  block: Donation80g | null | undefined,
): void {
  if (!block) return;
  const { doc, x, width, s, box } = frame;
  writeRule(doc, x, width, 0.75);
  doc.y += 2;
  for (const row of donation80gRows(block)) writeRow(doc, row, box);
  doc.y += 2;
  writeText(doc, statementOf(block), { size: s, weight: 700, width }, x);
  doc.y += 6;
}
