import { sql } from 'drizzle-orm';

import {
  MSG,
  financialYearLabel,
  formatDisplayDate,
  formatINR,
  formatPaisePlain,
  parseFinancialYear,
  sumPaise,
  type Registration80g,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { csvChunk } from '../../lib/table-download.ts';
import { UTF8_BOM } from '../../lib/spreadsheet.ts';
import { queryRows } from '../../db/query.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { CASH_LIMIT_80G_PAISE, donationGroups, type DonationGroup } from './donation-rows.ts';
import { readRegistration80g } from './registration-80g.ts';

/**
 * Form 10BD (the statement of donations a registered trust files for a financial year, Rule 18AB)
 * and Form 10BE (the certificate each donor gets) from the receipts of donation heads (issue 30
 * item 8, decision 0148; `docs/domain.md`, "Form 10BD and 10BE").
 */

/** The message when the trust has no complete 80G registration on Settings. */
export const NO_REGISTRATION_80G_MESSAGE =
  "Set the trust's 80G registration in Parish Settings before exporting Form 10BD or 10BE";

/** The message for a `fy` that is not a financial year label like 2026-27. */
export const BAD_FINANCIAL_YEAR_MESSAGE = 'Choose a financial year, e.g. 2026-27';

/** The columns of the Form 10BD file, in the order of the form's upload template, then ours. */
export const FORM_10BD_HEADER = [
  'Sr. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
  'Eligible for 80G',
  'Remarks',
  'Parish number',
  'Receipts',
] as const;

/** The financial year of a query, checked. @throws AppError 400 {@link BAD_FINANCIAL_YEAR_MESSAGE} (field `fy`) */
function financialYearOfQuery(fy: string): number {
  const year = parseFinancialYear(fy);
  if (year === null) throw badRequest(BAD_FINANCIAL_YEAR_MESSAGE, 'fy');
  return year;
}

/** The registration, complete. @throws AppError 409 {@link NO_REGISTRATION_80G_MESSAGE} */
async function completeRegistration(ctx: ServiceContext): Promise<Registration80g> {
  const registration = await readRegistration80g(ctx.db);
  if (Object.values(registration).some((value) => value === '')) throw conflict(NO_REGISTRATION_80G_MESSAGE);
  return registration;
}

/** What the accountant must do about a group before filing, '' when nothing. */
function remarksOf(group: DonationGroup): string {
  const remarks: string[] = [];
  if (!group.eligible) remarks.push('Cash above ₹2,000: no deduction under section 80G(5D); leave out of the filing');
  if (group.pan === null) remarks.push("No PAN on record: add the donor's ID before filing");
  return remarks.join('; ');
}

/**
 * The rows of Form 10BD for a financial year (`GET /api/accounts/form-10bd.csv?fy=2026-27`): one per
 * donor, donation type (always Others), mode of receipt and 80G eligibility, amounts in rupees to
 * the paisa (1500.50), header first. ID code "PAN" with the donor's PAN in full, or blank when none
 * is stored (flagged); section code "Section 80G"; the trust's URN; the donor's name and address;
 * cash donations above ₹2,000 in rows of their own, "No" under "Eligible for 80G". Voided receipts,
 * test money and receipts outside the registration's validity are left out.
 * @param fy a financial year label, e.g. 2026-27
 * @returns the CSV's name (`form_10bd_2026-27.csv`) and text (UTF-8 with BOM, cells neutralised)
 * @throws AppError 400 {@link BAD_FINANCIAL_YEAR_MESSAGE}; 409 {@link NO_REGISTRATION_80G_MESSAGE}
 */
export async function form10bdCsv(ctx: ServiceContext, fy: string): Promise<{ fileName: string; csv: string }> {
  const year = financialYearOfQuery(fy);
  const registration = await completeRegistration(ctx);
  const groups = await donationGroups(ctx.db, { fy: year, timeZone: await parishTimeZone(ctx), registration });
  const rows = groups.map((group, index) => [
    index + 1,
    '',
    group.pan === null ? '' : 'PAN',
    group.pan ?? '',
    'Section 80G',
    registration.registrationNumber,
    '',
    group.name,
    group.address,
    group.donationType,
    group.mode,
    formatPaisePlain(group.amountPaise),
    group.eligible ? 'Yes' : 'No',
    remarksOf(group),
    group.parishNumber,
    group.receipts.map((receipt) => receipt.number).join(' '),
  ]);
  return {
    fileName: `form_10bd_${financialYearLabel(year)}.csv`,
    csv: UTF8_BOM + csvChunk([[...FORM_10BD_HEADER], ...rows]),
  };
}

/** The stylesheet of the 10BE print view. */
const FORM_10BE_STYLE = `  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Malayalam", sans-serif; color: #1a1b1e; margin: 0; padding: 24px; }
  main { max-width: 720px; margin: 0 auto; border: 1px solid #ced4da; padding: 24px; }
  h1 { font-size: 20px; text-align: center; margin: 0 0 4px; }
  h2 { font-size: 15px; margin: 16px 0 6px; }
  p { margin: 4px 0; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid #e9ecef; vertical-align: top; overflow-wrap: anywhere; }
  th { color: #495057; font-weight: 600; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .flag { color: #c92a2a; }
  .parish { text-align: center; }
  @media print { body { padding: 0; } main { border: none; } }`;

/**
 * The Form 10BE details of one donor for a financial year as a printable HTML page
 * (`GET /api/accounts/form-10be/{memberId}?fy=2026-27`): the trust's name, PAN, URN and validity;
 * the donor's name, address and PAN (in full: the certificate is the donor's); the financial year;
 * per donation type and mode the amount (₹ with Indian grouping), cash above ₹2,000 marked not
 * eligible; and the receipts counted (number, date dd/mm/yyyy, amount). Every value HTML-escaped.
 * @param nonce the CSP nonce of the inline style and script
 * @throws AppError 400 {@link BAD_FINANCIAL_YEAR_MESSAGE}; 404 unknown member (or another parish's);
 *   409 {@link NO_REGISTRATION_80G_MESSAGE}
 */
export async function form10beHtml(
  ctx: ServiceContext,
  input: { memberId: string; fy: string; nonce: string },
): Promise<string> {
  const year = financialYearOfQuery(input.fy);
  const registration = await completeRegistration(ctx);
  const [member] = await queryRows<{ name: string; address: string | null; pan: string | null }>(
    ctx.db,
    sql`select name, address, pan from members where id = ${input.memberId}`,
  );
  if (!member) throw notFound(MSG.notFound);
  const timeZone = await parishTimeZone(ctx);
  const groups = await donationGroups(ctx.db, { fy: year, timeZone, registration, memberId: input.memberId });
  const parish = await getParishSettings(ctx.db);
  const e = escapeHtml;
  const text = (value: string) => `<bdi>${e(value)}</bdi>`;
  const row = (label: string, value: string) => `<tr><th scope="row">${e(label)}</th><td>${value}</td></tr>`;
  const eligible = groups.filter((group) => group.eligible);
  const total = sumPaise(eligible.map((group) => group.amountPaise));
  const groupRows = groups
    .map(
      (group) =>
        `<tr><td>${e(group.donationType)}</td><td>${e(group.mode)}${group.eligible ? '' : ` <span class="flag">(not eligible: cash above ${e(formatINR(CASH_LIMIT_80G_PAISE))})</span>`}</td><td class="num">${e(formatINR(group.amountPaise))}</td></tr>`,
    )
    .join('\n');
  const receiptRows = groups
    .flatMap((group) => group.receipts)
    .sort((a, b) => a.number.localeCompare(b.number))
    .map(
      (receipt) =>
        `<tr><td>${text(receipt.number)}</td><td>${e(formatDisplayDate(receipt.date))}</td><td class="num">${e(formatINR(receipt.amountPaise))}</td></tr>`,
    )
    .join('\n');
  const label = financialYearLabel(year);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form 10BE ${e(label)}: ${e(member.name)}</title>
<style nonce="${e(input.nonce)}">
${FORM_10BE_STYLE}
</style>
</head>
<body>
<main>
<h1>Certificate of donation under section 80G (Form 10BE details)</h1>
<p class="parish">${text(parish.name)}</p>
<h2>Trust</h2>
<table>
${row('Name of the trust', text(registration.trustName))}
${row('PAN of the trust', text(registration.trustPan))}
${row('80G registration number (URN)', text(registration.registrationNumber))}
${row('Valid', `${e(formatDisplayDate(registration.validFrom))} to ${e(formatDisplayDate(registration.validTo))}`)}
</table>
<h2>Donor</h2>
<table>
${row('Name', text(member.name))}
${row('Address', text(member.address ?? '-'))}
${row('PAN', member.pan === null ? '<span class="flag">Not on record</span>' : text(member.pan))}
${row('Financial year', e(label))}
</table>
<h2>Donations</h2>
<table aria-label="Donations by type and mode">
<thead><tr><th scope="col">Donation type</th><th scope="col">Mode of receipt</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${groupRows || '<tr><td colspan="3">No donations in this financial year.</td></tr>'}
</tbody>
</table>
<p><strong>Amount eligible for deduction under section 80G: ${e(formatINR(total))}</strong></p>
<h2>Receipts</h2>
<table aria-label="Receipts counted">
<thead><tr><th scope="col">Receipt No.</th><th scope="col">Date</th><th scope="col" class="num">Donation</th></tr></thead>
<tbody>
${receiptRows || '<tr><td colspan="3">-</td></tr>'}
</tbody>
</table>
<p>The certificate itself (Form 10BE) is downloaded from the Income-tax portal after Form 10BD is filed; these are its details.</p>
</main>
</body>
</html>
`;
}
