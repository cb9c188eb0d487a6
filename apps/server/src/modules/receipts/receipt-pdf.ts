import { amountInWords, displayMobile, formatINR, type Language } from '@parish/shared';

import { drawDonation80g } from './donation-80g.ts';
import { cropPageHeight, drawQr, newPdf, pdfBytes, writeRow, writeRule, writeText, type Pdf } from './pdf-document.ts';
import { paymentMethodLabel, TEST_RECEIPT_MARK, type ReceiptData } from './receipt-html.ts';
import { secondLanguageLines } from './receipt-second-language.ts';

/** The page layouts of a receipt PDF: A5 (148 × 210 mm) or a roll of the 80 mm receipt printers. */
export const RECEIPT_PDF_LAYOUTS = ['a5', '80mm'] as const;

/** A receipt PDF's page layout. */
export type ReceiptPdfLayout = (typeof RECEIPT_PDF_LAYOUTS)[number];

const MM = 72 / 25.4;

/** Page size, margin and type sizes of each layout, in points. */
const GEOMETRY: Record<ReceiptPdfLayout, { width: number; height: number; margin: number; base: number }> = {
  a5: { width: 148 * MM, height: 210 * MM, margin: 8 * MM, base: 8.5 },
  // 80 mm paper prints about 72 mm: 4 mm margins. A tall page cropped to the receipt's length.
  '80mm': { width: 80 * MM, height: 1200 * MM, margin: 4 * MM, base: 7.5 },
};

/**
 * How tightly an A5 receipt is set, loosest first (decision 0144): the type size, the QR code's
 * side, the logo's height and the space under each row, in points. A receipt is laid out at the
 * first density that fits one page; a long amount in Malayalam or Tamil words needs the tighter
 * ones. The 80 mm roll is as long as its receipt and uses the first.
 */
const A5_DENSITIES = [
  { base: 8.5, qrSide: 60, logoHeight: 40, rowGap: 2.5 },
  { base: 7.5, qrSide: 52, logoHeight: 32, rowGap: 1.5 },
  { base: 6.8, qrSide: 46, logoHeight: 26, rowGap: 1 },
] as const;

/** One density of {@link A5_DENSITIES}. */
type Density = (typeof A5_DENSITIES)[number];

/** A logo the PDF can embed: a PNG or JPEG data URL (a web address is fetched first: `logo-fetch.ts`); else none. */
function logoImage(url: string): Buffer | null {
  const match = /^data:image\/(png|jpe?g);base64,([a-z0-9+/=\s]+)$/i.exec(url.trim());
  return match?.[2] ? Buffer.from(match[2].replace(/\s/g, ''), 'base64') : null;
}

/** A bordered, centred block of `lines` in `color` (the VOID and TEST marks). */
function markBlock(
  doc: Pdf,
  box: { x: number; width: number },
  color: string,
  mark: { text: string; size: number },
  lines: { text: string; size: number }[],
): void {
  const top = doc.y;
  doc.y += 6;
  writeText(doc, mark.text, { size: mark.size, weight: 700, align: 'center', color, width: box.width - 12 }, box.x + 6);
  for (const line of lines)
    writeText(doc, line.text, { size: line.size, align: 'center', width: box.width - 12 }, box.x + 6);
  doc.y += 6;
  doc
    .rect(box.x, top, box.width, doc.y - top)
    .lineWidth(2)
    .strokeColor(color)
    .stroke();
  doc.y += 8;
  doc.x = box.x;
}

/** Where a receipt is laid out: the document, its geometry, the content box and the base type size. */
interface Frame {
  doc: Pdf;
  layout: ReceiptPdfLayout;
  g: (typeof GEOMETRY)[ReceiptPdfLayout];
  x: number;
  width: number;
  s: number;
  box: { x: number; width: number; labelWidth: number; size: number; gap: number };
  density: Density;
}

/** The parish's logo, name, address and contact, and the title. */
function header(f: Frame, data: ReceiptData): void {
  const { doc, x, width, s } = f;
  const logo = logoImage(data.parish.logoUrl);
  if (logo) {
    const height = f.density.logoHeight;
    try {
      doc.image(logo, x + width / 2 - 36, doc.y, { fit: [72, height], align: 'center' });
      doc.y += height + 4;
    } catch {
      // Not an image pdfkit reads: the receipt goes without the logo, as the HTML one would show a broken image.
    }
  }
  writeText(doc, data.parish.name, { size: s + 5, weight: 700, align: 'center', width }, x);
  if (data.parish.address)
    writeText(doc, data.parish.address, { size: s - 1, align: 'center', color: '#495057', width }, x);
  if (data.parish.contact)
    writeText(doc, data.parish.contact, { size: s - 1, align: 'center', color: '#495057', width }, x);
  doc.y += 4;
  writeText(doc, 'PAYMENT RECEIPT', { size: s + 2, weight: 700, align: 'center', width }, x);
  doc.y += 2;
  writeRule(doc, x, width, 1.5);
}

/** The VOID and TEST marks (`docs/domain.md`, "Reversal with a reason", §10 "Payment mode"). */
function marks(f: Frame, data: ReceiptData): void {
  const { doc, x, width, s } = f;
  if (data.voided) {
    const note = data.voided.note ? ` — ${data.voided.note}` : '';
    markBlock(doc, { x, width }, '#c92a2a', { text: 'VOID', size: s + 18 }, [
      { text: `Reason: ${data.voided.reason}${note}`, size: s },
      { text: `Voided by ${data.voided.by} on ${data.voided.at}`, size: s },
    ]);
  }
  if (data.test) {
    markBlock(doc, { x, width }, '#d9480f', { text: TEST_RECEIPT_MARK, size: s + 6 }, [
      { text: "Paid in the payment gateway's test mode (sandbox). No money was received.", size: s },
    ]);
  }
}

/** The receipt's rows, then the table of its lines when it holds several payments. */
function details(f: Frame, data: ReceiptData): void {
  const { doc, width, box } = f;
  const rows: { label: string; value: string }[] = [
    { label: 'Receipt No.', value: data.receiptNumber ?? '-' },
    { label: 'Transaction ID', value: data.transactionId ?? '-' },
    { label: 'Date', value: data.date },
    { label: 'Payment Method', value: paymentMethodLabel(data.paymentMethod) },
    { label: 'Member Name', value: data.member.name },
    { label: 'Parish Number', value: data.member.parishNumber },
    { label: 'Mobile', value: displayMobile(data.member.mobile) },
    ...(data.member.email ? [{ label: 'Email', value: data.member.email }] : []),
    ...(data.cheque
      ? [{ label: 'Cheque', value: `${data.cheque.number}, ${data.cheque.bank}, ${data.cheque.date}` }]
      : []),
    ...(data.remarks ? [{ label: 'Remarks', value: data.remarks }] : []),
  ];
  const lines = data.lines ?? [];
  if (lines.length < 2) {
    rows.push({ label: 'Payment Head', value: data.head.name });
    if (data.head.description) rows.push({ label: 'Description', value: data.head.description });
    rows.push({ label: 'Type', value: data.head.typeLabel });
  }
  for (const row of rows) writeRow(doc, row, box);
  if (lines.length < 2) return;
  doc.y += 4;
  const wide = { ...box, labelWidth: width * 0.65 };
  writeRow(doc, { label: 'Payment Head', value: 'Amount' }, wide);
  for (const line of lines) {
    writeRow(doc, { label: `${line.headName} ${line.headYear}`, value: formatINR(line.amountPaise) }, wide);
  }
}

/** The amount, in figures and in English words, on a grey band. */
function amountBand(f: Frame, data: ReceiptData): void {
  const { doc, x, width, s } = f;
  doc.y += 6;
  const bandTop = doc.y;
  doc.y += 5;
  const inner = { x: x + 6, width: width - 12 };
  writeText(doc, 'Amount Paid', { size: s, width: inner.width }, inner.x);
  writeText(doc, formatINR(data.amountPaise), { size: s + 8, weight: 700, width: inner.width }, inner.x);
  writeText(doc, amountInWords(data.amountPaise), { size: s, width: inner.width }, inner.x);
  if (data.cheque?.status === 'received') {
    writeText(doc, 'Cheque received, awaiting clearance', { size: s, width: inner.width }, inner.x);
  }
  doc.y += 5;
  const bandBottom = doc.y;
  doc
    .save()
    .rect(x, bandTop, width, bandBottom - bandTop)
    .fillOpacity(0.25)
    .fill('#ced4da')
    .restore();
  doc.y = bandBottom + 8;
  doc.x = x;
}

/** The second-language block (`docs/domain.md`, §8 "Bilingual receipt"), its words in the language's font. */
function secondLanguage(f: Frame, data: ReceiptData, language: Exclude<Language, 'en'>): void {
  const { doc, x, width, s, box } = f;
  const lines = data.lines ?? [];
  const second = secondLanguageLines({
    language,
    receiptNumber: data.receiptNumber,
    date: data.date,
    memberName: data.member.name,
    parishNumber: data.member.parishNumber,
    headName: lines.length < 2 ? data.head.name : lines.map((line) => `${line.headName} ${line.headYear}`).join(', '),
    methodLabel: paymentMethodLabel(data.paymentMethod),
    amountPaise: data.amountPaise,
    test: data.test === true,
  });
  writeRule(doc, x, width, 1.5);
  writeText(doc, second.heading, { size: s + 3, weight: 700, align: 'center', width }, x);
  if (second.testMark)
    writeText(doc, second.testMark, { size: s + 1, weight: 700, align: 'center', color: '#d9480f', width }, x);
  doc.y += 4;
  for (const row of second.rows) writeRow(doc, row, box);
  writeText(doc, second.thanks, { size: s, align: 'center', color: '#495057', width }, x);
  doc.y += 6;
}

/** The check link's QR code with the link under (80 mm) or beside it (A5), and the footer. */
function checkAndFooter(f: Frame, data: ReceiptData): void {
  const { doc, x, width, s, g } = f;
  const scan = 'Scan the code or open the link to check that this receipt is genuine:';
  const thanks = ['Thank you for your contribution.', 'This is a computer-generated receipt and needs no signature.'];
  const muted = { size: s - 1.5, color: '#495057' };
  if (f.layout === '80mm') {
    if (data.check) {
      const side = 96;
      drawQr(doc, data.check.url, x + width / 2 - side / 2, doc.y, side);
      doc.y += side + 2;
      writeText(doc, scan, { ...muted, align: 'center', width }, x);
      writeText(doc, data.check.url, { ...muted, align: 'center', color: '#1a1b1e', width }, x);
    }
    doc.y += 8;
    for (const line of thanks) writeText(doc, line, { ...muted, align: 'center', width }, x);
    return;
  }
  // The QR code on the left, its link and the footer beside it.
  const side = f.density.qrSide;
  if (doc.y + side > g.height - g.margin) doc.addPage();
  const top = doc.y;
  const textX = data.check ? x + side + 8 : x;
  const textWidth = width - (textX - x);
  if (data.check) {
    drawQr(doc, data.check.url, x, top, side);
    writeText(doc, scan, { ...muted, width: textWidth }, textX, top + 6);
    writeText(doc, data.check.url, { ...muted, color: '#1a1b1e', width: textWidth }, textX);
    doc.y += 6;
  }
  for (const line of thanks) writeText(doc, line, { ...muted, width: textWidth }, textX);
  doc.y = Math.max(doc.y, data.check ? top + side : 0);
}

/**
 * The receipt as a PDF (decision 0139; `docs/domain.md`, §8 "Receipt PDF"): everything the printable
 * HTML receipt shows (`buildReceiptHtml`, same {@link ReceiptData}) — parish logo (a PNG or JPEG data
 * URL), name, address and contact; the VOID mark with reason, who and when; the TEST mark; receipt
 * number, transaction id, date, payment method, member, mobile (+91 98470 12345), email, cheque,
 * remarks, head or the table of lines; the amount (₹ with Indian grouping) and in English words;
 * when `language` is ml, hi or ta, the second-language block with the amount in that language's
 * words; the check link's QR code with the link beside it; the footer. Text is shaped by HarfBuzz
 * and the fonts embedded as subsets (`pdf-fonts.ts`).
 * An A5 receipt is set at the loosest density of {@link A5_DENSITIES} that fits one page (a long
 * amount in Malayalam or Tamil words needs a tighter one; decision 0144); only a receipt of many
 * lines still takes more pages at the tightest.
 * @param layout 'a5' (one A5 page, more if the lines need them) or '80mm' (one page 80 mm wide, as long as the receipt)
 * @param language the second language; 'en' for an English-only receipt
 * @returns the PDF's bytes
 */
export async function buildReceiptPdf(
  data: ReceiptData,
  layout: ReceiptPdfLayout,
  language: Language,
): Promise<Buffer> {
  if (layout === '80mm') return pdfBytes(layOut(data, layout, language, A5_DENSITIES[0]).doc);
  let laid = layOut(data, layout, language, A5_DENSITIES[0]);
  for (const density of A5_DENSITIES.slice(1)) {
    if (laid.pages === 1) break;
    laid = layOut(data, layout, language, density);
  }
  return pdfBytes(laid.doc);
}

/** Lays the receipt out at one density: the document and how many pages it took. */
function layOut(
  data: ReceiptData,
  layout: ReceiptPdfLayout,
  language: Language,
  density: Density,
): { doc: Pdf; pages: number } {
  const g = GEOMETRY[layout];
  const doc = newPdf([g.width, g.height], g.margin, {
    title: `${data.test ? `${TEST_RECEIPT_MARK}: ` : ''}Receipt ${data.receiptNumber ?? ''}`,
    author: data.parish.name,
  });
  let pages = 1;
  doc.on('pageAdded', () => {
    pages += 1;
  });
  const width = g.width - 2 * g.margin;
  const s = layout === 'a5' ? density.base : g.base;
  const labelWidth = width * (layout === 'a5' ? 0.36 : 0.4);
  const box = { x: g.margin, width, labelWidth, size: s, gap: density.rowGap };
  const frame: Frame = { doc, layout, g, x: g.margin, width, s, box, density };
  header(frame, data);
  marks(frame, data);
  details(frame, data);
  amountBand(frame, data);
  drawDonation80g(frame, data.donation80g);
  if (language !== 'en') secondLanguage(frame, data, language);
  checkAndFooter(frame, data);
  if (layout === '80mm') cropPageHeight(doc, doc.y + g.margin);
  return { doc, pages };
}
