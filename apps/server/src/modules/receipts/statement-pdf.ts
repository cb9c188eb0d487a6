import { formatINR, type Paise } from '@parish/shared';

import { newPdf, pdfBytes, writeRule, writeText, type Pdf } from './pdf-document.ts';

/** One due of a yearly statement (amounts in paise). */
export interface StatementDue {
  head: string;
  /** dd/mm/yyyy, or '-' without a due date. */
  dueDate: string;
  /** The assigned amount before concessions: amount + concession. */
  raisedPaise: Paise;
  concessionPaise: Paise;
  /** What was paid for it; 0 while not paid. */
  paidPaise: Paise;
  /** Still owed: the amount of a pending or failed due; 0 once paid or waived. */
  balancePaise: Paise;
  status: 'Pending' | 'Paid' | 'Waived';
  /** The receipt number of a paid due, else null. */
  receiptNumber: string | null;
}

/** What a yearly statement shows (`docs/domain.md`, §8 "Yearly statement"). */
export interface StatementData {
  parish: { name: string; address: string; contact: string };
  member: { name: string; parishNumber: string };
  /** '2026-27'. */
  financialYear: string;
  /** dd/mm/yyyy, parish time: the day the statement was made. */
  madeOn: string;
  dues: StatementDue[];
  /** The receipts issued to the member in the year (dd/mm/yyyy, parish time), voided ones marked. */
  receipts: { number: string; date: string; totalPaise: Paise; voided: boolean }[];
  totals: { raisedPaise: Paise; concessionPaise: Paise; paidPaise: Paise; balancePaise: Paise };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const SIZE = 8;

/** A table column: its title, width in points and alignment. */
interface Column {
  title: string;
  width: number;
  align?: 'right';
}

/** One row of cells across `columns` from the left margin; a new page (with the header) when the page is full. */
function tableRow(
  doc: Pdf,
  columns: Column[],
  cells: string[],
  options: { bold?: boolean; color?: string } = {},
): void {
  if (doc.y + 24 > A4[1] - MARGIN) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const top = doc.y;
  let x = MARGIN;
  let bottom = top;
  columns.forEach((column, index) => {
    writeText(
      doc,
      cells[index] ?? '',
      {
        size: SIZE,
        width: column.width - 4,
        weight: options.bold ? 700 : 400,
        ...(column.align && { align: column.align }),
        ...(options.color && { color: options.color }),
      },
      x,
      top,
    );
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc
    .moveTo(MARGIN, bottom + 1.5)
    .lineTo(A4[0] - MARGIN, bottom + 1.5)
    .lineWidth(0.4)
    .strokeColor('#dee2e6')
    .stroke();
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

/**
 * The yearly statement as an A4 PDF (`docs/domain.md`, §8 "Yearly statement"; decision 0139): the
 * parish, the member and the financial year; a table of the dues raised in the year (head and year,
 * due date, raised, concession, paid, balance, receipt number); the receipts issued in the year
 * (number, date, amount, VOID for a voided one); the totals. Amounts as ₹ with Indian grouping,
 * dates dd/mm/yyyy; text shaped by HarfBuzz, fonts embedded as subsets (`pdf-fonts.ts`).
 * @returns the PDF's bytes
 */
export async function buildStatementPdf(data: StatementData): Promise<Buffer> {
  const doc = newPdf(A4, MARGIN, {
    title: `Statement ${data.financialYear} ${data.member.name}`,
    author: data.parish.name,
  });
  const width = A4[0] - 2 * MARGIN;
  writeText(doc, data.parish.name, { size: 15, weight: 700, align: 'center', width }, MARGIN);
  if (data.parish.address)
    writeText(doc, data.parish.address, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  if (data.parish.contact)
    writeText(doc, data.parish.contact, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  doc.y += 4;
  writeText(
    doc,
    `STATEMENT OF DUES, FINANCIAL YEAR ${data.financialYear}`,
    { size: 11, weight: 700, align: 'center', width },
    MARGIN,
  );
  doc.y += 2;
  writeRule(doc, MARGIN, width, 1.5);
  writeText(doc, `Member: ${data.member.name}`, { size: 10, weight: 700, width }, MARGIN);
  writeText(doc, `Parish Number: ${data.member.parishNumber}`, { size: 9, width }, MARGIN);
  writeText(
    doc,
    `Period: 01/04/${data.financialYear.slice(0, 4)} to 31/03/${Number(data.financialYear.slice(0, 4)) + 1}`,
    { size: 9, width },
    MARGIN,
  );
  writeText(doc, `Made on: ${data.madeOn}`, { size: 9, color: '#495057', width }, MARGIN);
  doc.y += 10;

  writeText(doc, 'Dues raised in the year', { size: 10, weight: 700, width }, MARGIN);
  doc.y += 2;
  const dueColumns: Column[] = [
    { title: 'Payment Head', width: 128 },
    { title: 'Due Date', width: 56 },
    { title: 'Raised', width: 64, align: 'right' },
    { title: 'Concession', width: 62, align: 'right' },
    { title: 'Paid', width: 64, align: 'right' },
    { title: 'Balance', width: 62, align: 'right' },
    { title: 'Receipt No.', width: width - 436 },
  ];
  tableRow(
    doc,
    dueColumns,
    dueColumns.map((column) => column.title),
    { bold: true, color: '#495057' },
  );
  if (data.dues.length === 0) writeText(doc, 'No dues were raised in this year.', { size: SIZE, width }, MARGIN);
  for (const due of data.dues) {
    tableRow(doc, dueColumns, [
      `${due.head}${due.status === 'Waived' ? ' (waived)' : ''}`,
      due.dueDate,
      formatINR(due.raisedPaise),
      formatINR(due.concessionPaise),
      formatINR(due.paidPaise),
      formatINR(due.balancePaise),
      due.receiptNumber ?? '-',
    ]);
  }
  tableRow(
    doc,
    dueColumns,
    [
      'Total',
      '',
      formatINR(data.totals.raisedPaise),
      formatINR(data.totals.concessionPaise),
      formatINR(data.totals.paidPaise),
      formatINR(data.totals.balancePaise),
      '',
    ],
    { bold: true },
  );
  doc.y += 10;

  writeText(doc, 'Receipts issued in the year', { size: 10, weight: 700, width }, MARGIN);
  doc.y += 2;
  const receiptColumns: Column[] = [
    { title: 'Receipt No.', width: 160 },
    { title: 'Date', width: 90 },
    { title: 'Amount', width: 100, align: 'right' },
    { title: '', width: width - 350 },
  ];
  tableRow(doc, receiptColumns, ['Receipt No.', 'Date', 'Amount', ''], { bold: true, color: '#495057' });
  if (data.receipts.length === 0)
    writeText(doc, 'No receipts were issued in this year.', { size: SIZE, width }, MARGIN);
  for (const receipt of data.receipts) {
    tableRow(doc, receiptColumns, [
      receipt.number,
      receipt.date,
      formatINR(receipt.totalPaise),
      receipt.voided ? 'VOID' : '',
    ]);
  }
  doc.y += 12;
  writeText(
    doc,
    `Balance due for ${data.financialYear}: ${formatINR(data.totals.balancePaise)}`,
    { size: 11, weight: 700, width },
    MARGIN,
  );
  doc.y += 8;
  writeText(
    doc,
    'Raised is each due before concessions; balance is what is still to be paid of the dues of this year. This is a computer-generated statement and needs no signature.',
    { size: 8, color: '#495057', width },
    MARGIN,
  );
  return pdfBytes(doc);
}
