import { amountInWords, displayMobile, formatINR, type Paise } from '@parish/shared';

import { escapeHtml } from '../../lib/html.ts';
import { DONATION_80G_STYLE, donation80gHtml, type Donation80g } from './donation-80g.ts';
import { secondLanguageBlock, secondLanguageFontFaces, type ReceiptLanguage } from './receipt-second-language.ts';

/**
 * How a payment method shows on the receipt; anything unknown or missing is 'Manual'
 * (`docs/domain.md`, §8 "Receipt content").
 */
export function paymentMethodLabel(method: string | null | undefined): string {
  switch (method?.toLowerCase()) {
    case 'cash':
      return 'Cash';
    case 'upi':
      return 'UPI';
    case 'cheque':
      return 'Cheque';
    case 'card':
      return 'Card';
    case 'online':
    case 'razorpay':
    case 'worldline':
      return 'Online';
    default:
      return 'Manual';
  }
}

/** A logo address the receipt may load: an embedded image or an http(s)/same-origin address; else none. */
function safeLogoUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[a-z0-9+/=\s]+$/i.test(trimmed)) return trimmed;
  if (/^https?:\/\//i.test(trimmed) || /^\/(?!\/)/.test(trimmed)) return trimmed;
  return null;
}

/** Everything a printed receipt shows, already read from the ledger and the parish settings. */
export interface ReceiptData {
  parish: { name: string; address: string; contact: string; logoUrl: string };
  receiptNumber: string | null;
  transactionId: string | null;
  /** dd/mm/yyyy in the parish time zone. */
  date: string;
  /** The stored payment method (cash, upi, cheque, online...), shown through {@link paymentMethodLabel}. */
  paymentMethod: string | null;
  member: { name: string; parishNumber: string; mobile: string; email: string | null };
  head: { name: string; description: string; typeLabel: string };
  /** What was paid, in paise: the receipt's total. */
  amountPaise: Paise;
  /**
   * The receipt's lines when it holds more than one payment (an online payment of several dues):
   * each head's name and year and the amount received for it, in paise. Empty or one line: the
   * receipt shows the head above.
   */
  lines?: readonly { headName: string; headYear: number; amountPaise: Paise }[];
  /** The remarks typed at the counter, printed on the receipt (`docs/domain.md`, "Collecting several dues"). */
  remarks?: string | null;
  /** A cheque's bank, number and date (dd/mm/yyyy), and whether it is awaiting clearance. */
  cheque?: { bank: string; number: string; date: string; status: string | null } | null;
  /** A voided receipt: why (the reason's label and note), who voided it and when (dd/mm/yyyy hh:mm, parish time). */
  voided?: { reason: string; note: string | null; by: string; at: string } | null;
  /**
   * Paid by a sandbox (test) checkout: the receipt carries the "TEST — no real money" mark, in the
   * second language too (`docs/domain.md`, §10 "Payment mode").
   */
  test?: boolean;
  /**
   * The parish's second receipt language (Parish Settings), printed below the English receipt
   * (`docs/domain.md`, §8 "Bilingual receipt"); absent for an English-only receipt.
   */
  secondLanguage?: ReceiptLanguage;
  /**
   * The receipt's check link and its QR code (issue 29 item 7): printed at the foot of the receipt,
   * the link as text under the code. Absent: no check block.
   */
  check?: { url: string; qrSvg: string };
  /**
   * The 80G lines of a receipt with donation lines while the trust's 80G registration is in force on
   * its date (decision 0148, `donation-80g.ts`); absent or null: none.
   */
  donation80g?: Donation80g | null;
}

/** The check block of a receipt: its QR code, and the link as text under it (issue 29 item 7). */
function checkBlock(data: ReceiptData): string {
  if (!data.check) return '';
  // The SVG is the QR library's own output for our URL (no text of anyone's), so it goes in as it is.
  return `<section class="check" aria-label="Check this receipt">
<div class="qr" role="img" aria-label="QR code of the receipt's check link">${data.check.qrSvg}</div>
<p>Scan the code or open the link to check that this receipt is genuine:</p>
<p class="check-url">${escapeHtml(data.check.url)}</p>
</section>`;
}

/** The remarks and cheque rows of a receipt (`docs/domain.md`, "Collecting several dues", "Cheques"). */
function officeRows(data: ReceiptData, row: (label: string, value: string) => string): string[] {
  const text = (value: string) => `<bdi>${escapeHtml(value)}</bdi>`;
  const rows: string[] = [];
  if (data.cheque) {
    rows.push(row('Cheque', text(`${data.cheque.number}, ${data.cheque.bank}, ${data.cheque.date}`)));
  }
  if (data.remarks) rows.push(row('Remarks', text(data.remarks)));
  return rows;
}

/** The VOID mark of a voided receipt, with the reason, who and when (`docs/domain.md`, "Reversal with a reason"). */
function voidBlock(data: ReceiptData): string {
  if (!data.voided) return '';
  const e = escapeHtml;
  const note = data.voided.note ? ` — <bdi>${e(data.voided.note)}</bdi>` : '';
  return `<section class="void" role="note" aria-label="Voided receipt">
<div class="void-mark">VOID</div>
<p>Reason: ${e(data.voided.reason)}${note}</p>
<p>Voided by <bdi>${e(data.voided.by)}</bdi> on ${e(data.voided.at)}</p>
</section>`;
}

/** The words of the test mark (`docs/domain.md`, §10 "Payment mode"). */
export const TEST_RECEIPT_MARK = 'TEST — no real money';

/** The TEST mark of a receipt of a sandbox (test) payment (`docs/domain.md`, §10 "Payment mode"). */
function testBlock(data: ReceiptData): string {
  if (!data.test) return '';
  return `<section class="test" role="note" aria-label="Test payment">
<div class="test-mark">${escapeHtml(TEST_RECEIPT_MARK)}</div>
<p>Paid in the payment gateway's test mode (sandbox). No money was received.</p>
</section>`;
}

/** The receipt's stylesheet, apart from the second language's font faces (print: no border, no padding). */
const RECEIPT_STYLE = `  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Malayalam", "Noto Sans Devanagari", "Noto Sans Tamil", sans-serif; color: #1a1b1e; margin: 0; padding: 24px; }
  .receipt { max-width: 640px; margin: 0 auto; border: 1px solid #ced4da; padding: 24px; }
  header { text-align: center; border-bottom: 2px solid #1a1b1e; padding-bottom: 12px; margin-bottom: 16px; }
  header img { max-height: 72px; max-width: 200px; }
  h1 { font-size: 22px; margin: 8px 0 4px; }
  h2 { font-size: 16px; letter-spacing: 0.08em; text-transform: uppercase; margin: 12px 0 0; }
  .muted { color: #495057; font-size: 13px; margin: 2px 0; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid #e9ecef; vertical-align: top; overflow-wrap: anywhere; }
  th { width: 38%; color: #495057; font-weight: 600; }
  .lines { margin-top: 16px; }
  .lines th { width: auto; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .amount { margin-top: 16px; padding: 12px; background: #f1f3f5; }
  .amount .figure { font-size: 24px; font-weight: 700; font-variant-numeric: tabular-nums; }
  .amount .words { font-style: italic; margin-top: 4px; }
  .void { margin: 16px 0; padding: 12px; border: 3px solid #c92a2a; color: #c92a2a; text-align: center; }
  .void-mark { font-size: 40px; font-weight: 800; letter-spacing: 0.3em; }
  .void p { margin: 4px 0; color: #1a1b1e; }
  .test { margin: 16px 0; padding: 12px; border: 3px dashed #e8590c; color: #d9480f; text-align: center; }
  .test-mark { font-size: 28px; font-weight: 800; letter-spacing: 0.05em; }
  .test p { margin: 4px 0; color: #1a1b1e; }
  .check { margin-top: 20px; text-align: center; font-size: 12px; color: #495057; }
  .check .qr svg { width: 112px; height: 112px; }
  .check p { margin: 2px 0; }
  .check-url { font-family: ui-monospace, monospace; overflow-wrap: anywhere; color: #1a1b1e; }
  footer { margin-top: 24px; text-align: center; font-size: 12px; color: #495057; }
  @media print { body { padding: 0; } .receipt { border: none; } }
  .second-language { margin-top: 20px; padding-top: 12px; border-top: 2px solid #1a1b1e; line-height: 1.6; }
  .second-language h2 { text-align: center; letter-spacing: 0; text-transform: none; margin: 0 0 8px; }
  .second-language .thanks { text-align: center; font-size: 13px; color: #495057; }
  /* Labels break between words only: Malayalam and Tamil words are long, and a break inside one misreads. */
  .second-language th { overflow-wrap: normal; }`;

/**
 * The printable receipt (`docs/domain.md`, §8 "Receipt content") as a complete HTML document: parish
 * logo, name, address and contact; receipt number, transaction id, date, payment method; member
 * name, parish number, mobile and optional email; head name, description and type label (or, for a
 * receipt of several payments, a table of its lines: head, year, amount); the receipt's amount
 * with Indian digit grouping and in words; the parish's second language, when it has one (its
 * block and its font: `receipt-second-language.ts`); a footer. A receipt of a test payment
 * carries the {@link TEST_RECEIPT_MARK} above its table and in its title (`docs/domain.md`, §10 "Payment mode"). Every value is HTML-escaped and member text is
 * isolated in `<bdi>` (`docs/domain.md`, "XS-04" and "XS-06"). Its one inline script and style carry `nonce`, for a
 * Content-Security-Policy without 'unsafe-inline': printing starts 0.5 s after load and the window
 * closes 1 s after printing (`docs/domain.md`, §8 "Printing").
 */
export function buildReceiptHtml(data: ReceiptData, nonce: string): string {
  const e = escapeHtml;
  const text = (value: string) => `<bdi>${e(value)}</bdi>`;
  const row = (label: string, value: string) => `<tr><th scope="row">${e(label)}</th><td>${value}</td></tr>`;
  const logo = safeLogoUrl(data.parish.logoUrl);
  const mobile = displayMobile(data.member.mobile);
  const rows = [
    row('Receipt No.', text(data.receiptNumber ?? '-')),
    row('Transaction ID', text(data.transactionId ?? '-')),
    row('Date', e(data.date)),
    row('Payment Method', e(paymentMethodLabel(data.paymentMethod))),
    row('Member Name', text(data.member.name)),
    row('Parish Number', text(data.member.parishNumber)),
    row('Mobile', text(mobile)),
    ...(data.member.email ? [row('Email', text(data.member.email))] : []),
    ...officeRows(data, row),
  ];
  const lines = data.lines ?? [];
  if (lines.length < 2) {
    rows.push(row('Payment Head', text(data.head.name)));
    if (data.head.description) rows.push(row('Description', text(data.head.description)));
    rows.push(row('Type', e(data.head.typeLabel)));
  }
  const lineTable =
    lines.length < 2
      ? ''
      : `<table class="lines" aria-label="Payments on this receipt">
<thead><tr><th scope="col">Payment Head</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${lines.map((line) => `<tr><td>${text(`${line.headName} ${line.headYear}`)}</td><td class="num">${e(formatINR(line.amountPaise))}</td></tr>`).join('\n')}
</tbody>
</table>`;
  const second = data.secondLanguage;
  const secondBlock = second
    ? secondLanguageBlock({
        language: second,
        receiptNumber: data.receiptNumber,
        date: data.date,
        memberName: data.member.name,
        parishNumber: data.member.parishNumber,
        headName:
          lines.length < 2 ? data.head.name : lines.map((line) => `${line.headName} ${line.headYear}`).join(', '),
        methodLabel: paymentMethodLabel(data.paymentMethod),
        amountPaise: data.amountPaise,
        test: data.test === true,
      })
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${data.test ? `${e(TEST_RECEIPT_MARK)}: ` : ''}Receipt ${e(data.receiptNumber ?? '')}</title>
<style nonce="${e(nonce)}">
${RECEIPT_STYLE}
${DONATION_80G_STYLE}
  ${second ? secondLanguageFontFaces(second) : ''}
</style>
</head>
<body>
<main class="receipt">
<header>
${logo ? `<img src="${e(logo)}" alt="${e(data.parish.name)} logo">` : ''}
<h1>${text(data.parish.name)}</h1>
${data.parish.address ? `<p class="muted">${text(data.parish.address)}</p>` : ''}
${data.parish.contact ? `<p class="muted">${text(data.parish.contact)}</p>` : ''}
<h2>Payment Receipt</h2>
</header>
${voidBlock(data)}
${testBlock(data)}
<table>
${rows.join('\n')}
</table>
${lineTable}
<section class="amount" aria-label="Amount">
<div>Amount Paid</div>
<div class="figure">${e(formatINR(data.amountPaise))}</div>
<div class="words">${e(amountInWords(data.amountPaise))}</div>
${data.cheque?.status === 'received' ? '<div>Cheque received, awaiting clearance</div>' : ''}
</section>
${donation80gHtml(data.donation80g)}
${secondBlock}
${checkBlock(data)}
<footer>
<p>Thank you for your contribution.</p>
<p>This is a computer-generated receipt and needs no signature.</p>
</footer>
</main>
<script nonce="${e(nonce)}">
window.addEventListener('load', function () { setTimeout(function () { window.print(); }, 500); });
window.addEventListener('afterprint', function () { setTimeout(function () { window.close(); }, 1000); });
</script>
</body>
</html>
`;
}
