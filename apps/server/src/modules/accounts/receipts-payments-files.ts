import {
  addPaise,
  formatDisplayDate,
  formatDisplayDateTime,
  formatINR,
  paiseToRupees,
  rupeesToPaise,
  type MoneyPosition,
  type Paise,
} from '@parish/shared';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';

import { newPdf, pdfBytes, writeRule, writeText } from '../receipts/pdf-document.ts';
import type { ReceiptsPaymentsReport } from './receipts-payments.ts';

/**
 * The Receipts and Payments account's files (decision 0153): an A4 PDF (pdfkit with the receipts'
 * fonts and helpers, decision 0139: ₹ and Indian grouping by `formatINR`) and an Excel workbook
 * (write-excel-file, amounts as number cells in a rupee format). Both draw the same lines
 * ({@link statementLines}), so they cannot disagree.
 */

/** One line of the statement: a heading, an item (a head indented under its ledger), a total or a note. */
export interface StatementLine {
  kind: 'heading' | 'item' | 'head' | 'total' | 'note';
  label: string;
  /** Paise; absent on a heading or a note. */
  amount?: Paise;
  /** Set in bold (a ledger above its heads). */
  strong?: boolean;
}

/** The payments side, which the product does not keep. */
export const PAYMENTS_NOTE =
  'Payments side: kept in the parish’s own books. Parish Dues records only the money the parish receives; the balances above are of that money, before any payment made out of it (expenses, bank and gateway charges).';

/** The signatures an Indian parish's accounts carry. */
export const SIGNATURES = ['Accountant', 'Treasurer / Trustee', 'Parish Priest'];

/** The four places money sits, labelled, then their total. */
function positionLines(position: MoneyPosition, total: string): StatementLine[] {
  return [
    { kind: 'item', label: 'Cash in hand (not yet deposited)', amount: rupeesToPaise(position.cashInHand) },
    { kind: 'item', label: 'Cheques received, not yet deposited', amount: rupeesToPaise(position.chequesInHand) },
    { kind: 'item', label: 'Bank', amount: rupeesToPaise(position.bank) },
    {
      kind: 'item',
      label: 'With the payment gateways (online payments not yet settled)',
      amount: rupeesToPaise(position.withGateway),
    },
    { kind: 'total', label: total, amount: rupeesToPaise(position.total) },
  ];
}

/** The title and the period lines both files start with. */
export function statementTitle(report: ReceiptsPaymentsReport): string[] {
  const closing = formatDisplayDate(report.closingOn);
  return [
    report.parish,
    `Receipts and Payments Account, financial year ${report.financialYear}: receipts side`,
    report.running
      ? `From ${formatDisplayDate(report.from)} to ${closing} (today: the year is still running)`
      : `From ${formatDisplayDate(report.from)} to ${closing}`,
    `Generated at ${formatDisplayDateTime(report.generatedAt, report.timeZone)}`,
  ];
}

/**
 * The statement's lines: the opening balances at 1 April, the year's receipts per ledger with its
 * heads, their total, opening + receipts, and the closing balances (at 31 March, or today while the
 * year runs), then the payments note.
 */
export function statementLines(report: ReceiptsPaymentsReport): StatementLine[] {
  const closing = formatDisplayDate(report.closingOn);
  const income: StatementLine[] = report.income.flatMap((ledger) => [
    { kind: 'item', label: ledger.ledger, amount: rupeesToPaise(ledger.amount), strong: true } as StatementLine,
    ...ledger.heads.map(
      (head) => ({ kind: 'head', label: `${head.head} (${head.year})`, amount: rupeesToPaise(head.amount) }) as const,
    ),
  ]);
  const totalIncome = rupeesToPaise(report.totalIncome);
  return [
    { kind: 'heading', label: `Opening balances at ${formatDisplayDate(report.from)}` },
    ...positionLines(report.opening, 'Total opening balances'),
    { kind: 'heading', label: 'Receipts during the year, by ledger and head (net of receipts voided in the year)' },
    ...(income.length === 0 ? [{ kind: 'note', label: 'No money was received in this period.' } as const] : income),
    { kind: 'total', label: 'Total receipts', amount: totalIncome },
    {
      kind: 'total',
      label: 'Total: opening balances and receipts',
      amount: addPaise(rupeesToPaise(report.opening.total), totalIncome),
    },
    {
      kind: 'heading',
      label: report.running ? `Closing balances at ${closing} (today)` : `Closing balances at ${closing}`,
    },
    ...positionLines(report.closing, 'Total closing balances'),
    { kind: 'note', label: PAYMENTS_NOTE },
  ];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

/**
 * The statement as an A4 PDF: the parish's name (and address), the title, the period, when it was
 * generated (parish time), the lines with amounts right-aligned (₹, Indian grouping), and signature
 * lines for the accountant, the treasurer or trustee and the parish priest.
 * @returns the PDF's bytes
 */
export async function receiptsPaymentsPdf(report: ReceiptsPaymentsReport): Promise<Buffer> {
  const doc = newPdf(A4, MARGIN, {
    title: `Receipts and Payments ${report.financialYear} ${report.parish}`,
    author: report.parish,
  });
  const width = A4[0] - 2 * MARGIN;
  const amountWidth = 130;
  const [parish = '', title = '', ...period] = statementTitle(report);
  writeText(doc, parish, { size: 15, weight: 700, align: 'center', width }, MARGIN);
  if (report.parishAddress)
    writeText(doc, report.parishAddress, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  doc.y += 4;
  writeText(doc, title, { size: 11.5, weight: 700, align: 'center', width }, MARGIN);
  for (const line of period) writeText(doc, line, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  doc.y += 4;
  writeRule(doc, MARGIN, width, 1.2);
  for (const line of statementLines(report)) {
    if (doc.y > A4[1] - MARGIN - 40) {
      doc.addPage();
      doc.y = MARGIN;
    }
    if (line.kind === 'heading') {
      doc.y += 6;
      writeText(doc, line.label, { size: 10.5, weight: 700, width }, MARGIN);
      doc.y += 2;
      continue;
    }
    if (line.kind === 'note') {
      doc.y += 8;
      writeText(doc, line.label, { size: 8.5, color: '#495057', width }, MARGIN);
      continue;
    }
    const indent = line.kind === 'head' ? 28 : 10;
    const style = {
      size: line.kind === 'head' ? 8.5 : 9.5,
      weight: line.kind === 'total' || line.strong ? 700 : 400,
    } as const;
    const top = doc.y;
    writeText(doc, line.label, { ...style, width: width - amountWidth - indent - 8 }, MARGIN + indent, top);
    const bottom = doc.y;
    writeText(
      doc,
      formatINR(line.amount ?? (0 as Paise)),
      { ...style, width: amountWidth, align: 'right' },
      MARGIN + width - amountWidth,
      top,
    );
    doc.y = Math.max(bottom, doc.y) + 2;
    if (line.kind === 'total') {
      doc
        .moveTo(MARGIN + width - amountWidth, doc.y - 1)
        .lineTo(MARGIN + width, doc.y - 1)
        .lineWidth(0.6)
        .strokeColor('#1a1b1e')
        .stroke();
      doc.y += 3;
    }
  }
  if (doc.y > A4[1] - MARGIN - 80) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const signTop = doc.y + 50;
  const column = width / SIGNATURES.length;
  SIGNATURES.forEach((who, index) => {
    const x = MARGIN + index * column;
    doc
      .moveTo(x + 8, signTop)
      .lineTo(x + column - 8, signTop)
      .lineWidth(0.6)
      .strokeColor('#1a1b1e')
      .stroke();
    writeText(doc, who, { size: 9, align: 'center', width: column - 16 }, x + 8, signTop + 4);
  });
  return pdfBytes(doc);
}

/** Excel's number format of a rupee amount with Indian grouping (₹1,00,000.00; lakhs and crores). */
export const RUPEE_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

/**
 * The statement as an Excel workbook of one sheet: the title lines, then one row per line (Section
 * or item, Head, Amount); every amount a number cell (rupees) in {@link RUPEE_FORMAT}.
 * @returns the .xlsx file's bytes
 */
export async function receiptsPaymentsXlsx(report: ReceiptsPaymentsReport): Promise<Buffer> {
  const text = (value: string, bold = false): Cell => ({
    value,
    type: String,
    ...(bold ? { fontWeight: 'bold' as const } : {}),
  });
  const rows: SheetData = statementTitle(report).map((line, index) => [text(line, index < 2), null, null]);
  rows.push([null, null, null], [text('Item', true), text('Head', true), text('Amount (₹)', true)]);
  for (const line of statementLines(report)) {
    const amount: Cell =
      line.amount === undefined
        ? null
        : {
            value: paiseToRupees(line.amount),
            type: Number,
            format: RUPEE_FORMAT,
            ...(line.kind === 'total' ? { fontWeight: 'bold' as const } : {}),
          };
    if (line.kind === 'head') rows.push([null, text(line.label), amount]);
    else rows.push([text(line.label, line.kind === 'heading' || line.kind === 'total' || line.strong), null, amount]);
  }
  rows.push([null, null, null], ...SIGNATURES.map((who) => [text(`${who}: signature`), null, null]));
  return writeXlsxFile(rows, {
    sheet: `R&P ${report.financialYear}`,
    columns: [{ width: 60 }, { width: 40 }, { width: 18 }],
  }).toBuffer();
}
