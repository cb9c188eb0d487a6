import { formatINR, type Language, type Paise } from '@parish/shared';

import { newPdf, pdfBytes, writeRule, writeText, type Pdf } from './pdf-document.ts';
import { STATEMENT_TEXTS, type StatementTexts } from './receipt-second-language.ts';

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

/** A table column: its title (English, then the member's language under it), width in points and alignment. */
interface Column {
  title: string[];
  width: number;
  align?: 'right';
}

/**
 * One row of cells across `columns` from the left margin, a cell of several lines one under the
 * other (a column title in two languages); a new page when the page is full.
 */
function tableRow(
  doc: Pdf,
  columns: Column[],
  cells: (string | string[])[],
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
    const cell = cells[index] ?? '';
    (typeof cell === 'string' ? [cell] : cell).forEach((line, lineIndex) => {
      writeText(
        doc,
        line,
        {
          size: SIZE,
          width: column.width - 4,
          weight: options.bold ? 700 : 400,
          ...(column.align && { align: column.align }),
          ...(options.color && { color: options.color }),
        },
        x,
        lineIndex === 0 ? top : undefined,
      );
    });
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

/** The statement's words: English, and the member's language's when that is ml, hi or ta (else null). */
interface Words {
  en: StatementTexts;
  second: StatementTexts | null;
}

/** "English / second language" of a text, or the English alone. */
function both(words: Words, pick: (texts: StatementTexts) => string): string {
  return words.second ? `${pick(words.en)} / ${pick(words.second)}` : pick(words.en);
}

/** Writes an English line and, in the member's language, its translation under it in the same style. */
function writeBoth(
  doc: Pdf,
  words: Words,
  pick: (texts: StatementTexts) => string,
  style: Parameters<typeof writeText>[2],
): void {
  writeText(doc, pick(words.en), style, MARGIN);
  if (words.second) writeText(doc, pick(words.second), style, MARGIN);
}

/** A column title: the English title, with the member's language's under it. */
function title(words: Words, pick: (columns: StatementTexts['columns']) => string): string[] {
  return words.second ? [pick(words.en.columns), pick(words.second.columns)] : [pick(words.en.columns)];
}

/**
 * The yearly statement as an A4 PDF (`docs/domain.md`, §8 "Yearly statement"; decision 0139): the
 * parish, the member and the financial year; a table of the dues raised in the year (head and year,
 * due date, raised, concession, paid, balance, receipt number); the receipts issued in the year
 * (number, date, amount, VOID for a voided one); the totals. Amounts as ₹ with Indian grouping,
 * dates dd/mm/yyyy; text shaped by HarfBuzz, fonts embedded as subsets (`pdf-fonts.ts`). When
 * `language` is ml, hi or ta, every heading, label and column title carries that language's words
 * too, beside or under the English ones (decision 0139, "The statement in the member's language";
 * words from `STATEMENT_TEXTS`); head names stay as the parish entered them.
 * @param language the member's language; 'en' (the default) for an English-only statement
 * @returns the PDF's bytes
 */
export async function buildStatementPdf(data: StatementData, language: Language = 'en'): Promise<Buffer> {
  const words: Words = { en: STATEMENT_TEXTS.en, second: language === 'en' ? null : STATEMENT_TEXTS[language] };
  const fy = data.financialYear;
  const doc = newPdf(A4, MARGIN, {
    title: `Statement ${fy} ${data.member.name}`,
    author: data.parish.name,
  });
  const width = A4[0] - 2 * MARGIN;
  writeText(doc, data.parish.name, { size: 15, weight: 700, align: 'center', width }, MARGIN);
  if (data.parish.address)
    writeText(doc, data.parish.address, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  if (data.parish.contact)
    writeText(doc, data.parish.contact, { size: 9, align: 'center', color: '#495057', width }, MARGIN);
  doc.y += 4;
  writeBoth(doc, words, (texts) => `${texts.title} ${fy}`, { size: 11, weight: 700, align: 'center', width });
  doc.y += 2;
  writeRule(doc, MARGIN, width, 1.5);
  const from = `01/04/${fy.slice(0, 4)}`;
  const to = `31/03/${Number(fy.slice(0, 4)) + 1}`;
  writeText(doc, `${both(words, (t) => t.member)}: ${data.member.name}`, { size: 10, weight: 700, width }, MARGIN);
  writeText(doc, `${both(words, (t) => t.parishNumber)}: ${data.member.parishNumber}`, { size: 9, width }, MARGIN);
  // English alone says "from to to"; with a second language the range is a dash, the same in both.
  writeText(
    doc,
    `${both(words, (t) => t.period)}: ${words.second ? `${from} – ${to}` : `${from} to ${to}`}`,
    { size: 9, width },
    MARGIN,
  );
  writeText(doc, `${both(words, (t) => t.madeOn)}: ${data.madeOn}`, { size: 9, color: '#495057', width }, MARGIN);
  doc.y += 10;

  writeText(
    doc,
    both(words, (t) => t.duesHeading),
    { size: 10, weight: 700, width },
    MARGIN,
  );
  doc.y += 2;
  const dueColumns: Column[] = [
    { title: title(words, (c) => c.head), width: 128 },
    { title: title(words, (c) => c.dueDate), width: 56 },
    { title: title(words, (c) => c.raised), width: 64, align: 'right' },
    { title: title(words, (c) => c.concession), width: 62, align: 'right' },
    { title: title(words, (c) => c.paid), width: 64, align: 'right' },
    { title: title(words, (c) => c.balance), width: 62, align: 'right' },
    { title: title(words, (c) => c.receiptNumber), width: width - 436 },
  ];
  tableRow(
    doc,
    dueColumns,
    dueColumns.map((column) => column.title),
    { bold: true, color: '#495057' },
  );
  if (data.dues.length === 0) writeBoth(doc, words, (t) => t.noDues, { size: SIZE, width });
  for (const due of data.dues) {
    tableRow(doc, dueColumns, [
      `${due.head}${due.status === 'Waived' ? ` (${both(words, (t) => t.waived)})` : ''}`,
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
      both(words, (t) => t.total),
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

  writeText(
    doc,
    both(words, (t) => t.receiptsHeading),
    { size: 10, weight: 700, width },
    MARGIN,
  );
  doc.y += 2;
  const receiptColumns: Column[] = [
    { title: title(words, (c) => c.receiptNumber), width: 160 },
    { title: title(words, (c) => c.date), width: 90 },
    { title: title(words, (c) => c.amount), width: 100, align: 'right' },
    { title: [''], width: width - 350 },
  ];
  tableRow(
    doc,
    receiptColumns,
    receiptColumns.map((column) => column.title),
    { bold: true, color: '#495057' },
  );
  if (data.receipts.length === 0) writeBoth(doc, words, (t) => t.noReceipts, { size: SIZE, width });
  for (const receipt of data.receipts) {
    tableRow(doc, receiptColumns, [
      receipt.number,
      receipt.date,
      formatINR(receipt.totalPaise),
      receipt.voided ? both(words, (t) => t.void) : '',
    ]);
  }
  doc.y += 12;
  writeBoth(doc, words, (t) => `${t.balanceDue.replace('{fy}', fy)}: ${formatINR(data.totals.balancePaise)}`, {
    size: 11,
    weight: 700,
    width,
  });
  doc.y += 8;
  writeBoth(doc, words, (t) => t.note, { size: 8, color: '#495057', width });
  return pdfBytes(doc);
}
