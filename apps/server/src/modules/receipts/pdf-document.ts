import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

import { installHarfBuzzLayout, pdfFont, scriptRuns, type PdfScript, type PdfWeight } from './pdf-fonts.ts';

/**
 * Drawing helpers shared by the receipt PDF and the yearly statement PDF (decision 0139): a pdfkit
 * document whose every font is shaped by HarfBuzz (`pdf-fonts.ts`) and embedded as a subset, text
 * cut into script runs so Malayalam, Devanagari, Tamil, ₹ and Latin each get a font that has them,
 * label/value rows, boxes and a QR code. Sizes in PDF points (1/72 inch).
 */

/** The pdfkit document type. */
export type Pdf = PDFKit.PDFDocument;

/** How text is set: size in points, weight, alignment, colour, and a box width (points). */
export interface TextStyle {
  size: number;
  weight?: PdfWeight;
  align?: 'left' | 'center' | 'right';
  color?: string;
  width: number;
}

/** The pdfkit internals the font set-up reads: the current embedded font's fontkit font. */
interface FontInternals {
  _font: { font: Parameters<typeof installHarfBuzzLayout>[0] };
}

const installed = new WeakMap<Pdf, Set<string>>();

/** Selects the script's font in `doc`, registering it (HarfBuzz layout) the first time. */
function useFont(doc: Pdf, script: PdfScript, weight: PdfWeight): void {
  const name = `${script}-${weight}`;
  let names = installed.get(doc);
  if (!names) {
    names = new Set();
    installed.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, pdfFont(script, weight).bytes);
    doc.font(name);
    installHarfBuzzLayout((doc as unknown as FontInternals)._font.font, script, weight);
    names.add(name);
    return;
  }
  doc.font(name);
}

/**
 * A new pdfkit document: `size` in points, margins in points, PDF metadata, every font subset.
 * @param size [width, height] in points
 */
export function newPdf(size: [number, number], margin: number, info: { title: string; author: string }): Pdf {
  return new PDFDocument({
    size,
    margin,
    info: { Title: info.title, Author: info.author, Creator: 'Parish Dues' },
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
  });
}

/**
 * Writes `text` at (x, y) — or where the last text ended when x is undefined — in a box `style.width`
 * wide, wrapping at spaces; each script run in its own font. Leaves `doc.y` below the text.
 */
export function writeText(doc: Pdf, text: string, style: TextStyle, x?: number, y?: number): void {
  const runs = scriptRuns(text.length > 0 ? text : ' ');
  const weight = style.weight ?? 400;
  doc.fillColor(style.color ?? '#1a1b1e');
  const widths = runs.map((run) => {
    useFont(doc, run.script, weight);
    return doc.fontSize(style.size).widthOfString(run.text);
  });
  const total = widths.reduce((sum, w) => sum + w, 0);
  const left = x ?? doc.x;
  const top = y ?? doc.y;
  if (runs.length > 1 && total <= style.width) {
    // One line of several scripts: each run placed by hand, so centring and right alignment hold.
    const align = style.align ?? 'left';
    let at = left + (align === 'center' ? (style.width - total) / 2 : align === 'right' ? style.width - total : 0);
    let height = 0;
    runs.forEach((run, index) => {
      useFont(doc, run.script, weight);
      doc.fontSize(style.size);
      height = Math.max(height, doc.currentLineHeight(true));
      doc.text(run.text, at, top, { lineBreak: false });
      at += widths[index] ?? 0;
    });
    doc.x = left;
    doc.y = top + height;
    return;
  }
  runs.forEach((run, index) => {
    useFont(doc, run.script, weight);
    doc.fontSize(style.size);
    const options = { width: style.width, align: style.align ?? 'left', continued: index < runs.length - 1 };
    if (index === 0) doc.text(run.text, left, top, options);
    else doc.text(run.text, options);
  });
  doc.x = left;
}

/**
 * A label and its value side by side (the label `labelWidth` wide, muted), the row's height the
 * taller of the two; leaves `doc.y` below the row with `gap` points of space.
 */
export function writeRow(
  doc: Pdf,
  row: { label: string; value: string; strong?: boolean },
  box: { x: number; width: number; labelWidth: number; size: number; gap?: number },
): void {
  const top = doc.y;
  writeText(doc, row.label, { size: box.size, width: box.labelWidth - 4, color: '#495057', weight: 700 }, box.x, top);
  const labelBottom = doc.y;
  writeText(
    doc,
    row.value,
    { size: box.size, width: box.width - box.labelWidth, weight: row.strong ? 700 : 400 },
    box.x + box.labelWidth,
    top,
  );
  const bottom = Math.max(labelBottom, doc.y) + (box.gap ?? 2.5);
  doc
    .moveTo(box.x, bottom - 1.5)
    .lineTo(box.x + box.width, bottom - 1.5)
    .lineWidth(0.4)
    .strokeColor('#dee2e6')
    .stroke();
  doc.x = box.x;
  doc.y = bottom + 1;
}

/** A horizontal rule across the content box at `doc.y`, then some space. */
export function writeRule(doc: Pdf, x: number, width: number, weight = 1): void {
  doc
    .moveTo(x, doc.y)
    .lineTo(x + width, doc.y)
    .lineWidth(weight)
    .strokeColor('#1a1b1e')
    .stroke();
  doc.y += 6;
}

/**
 * Draws the QR code of `text` (error correction M, one module of quiet zone, as the HTML
 * receipt's) `side` points wide at (x, y), as filled squares (vector, sharp at any print size).
 */
export function drawQr(doc: Pdf, text: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = side / (count + 2);
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + 1) * cell, y + (row + 1) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/** The finished document's bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * Crops the current page to its top `height` points (a roll of the 80 mm receipt printers is as
 * long as its receipt): pdfkit draws from the top of a tall page, so the media box keeps the top.
 */
export function cropPageHeight(doc: Pdf, height: number): void {
  const page = doc.page as unknown as { height: number; dictionary: { data: { MediaBox: number[] } } };
  page.dictionary.data.MediaBox = [
    0,
    Math.max(0, page.height - height),
    page.dictionary.data.MediaBox[2] ?? 0,
    page.height,
  ];
}

/**
 * The glyph ids (in the font file, before subsetting) and advances (font units) pdfkit lays out
 * for `text` in a receipt PDF's font — its embedded font's own layout, the one `writeText` goes
 * through (word by word at spaces, each word shaped by HarfBuzz). What the shaping test compares
 * with `hb-shape`'s vectors (decision 0139).
 */
export function pdfLayoutGlyphs(
  text: string,
  script: PdfScript,
  weight: PdfWeight,
): { ids: number[]; advances: number[] } {
  const doc = newPdf([100, 100], 0, { title: 'layout', author: 'layout' });
  useFont(doc, script, weight);
  const font = (doc as unknown as { _font: { layout(text: string): LaidOut; scale: number } })._font;
  const run = font.layout(text);
  doc.end();
  return {
    ids: run.glyphs.map((glyph) => glyph.id),
    advances: run.positions.map((p) => Math.round(p.xAdvance / font.scale)),
  };
}

/** pdfkit's laid-out run: glyphs and positions (in thousandths of the font size). */
interface LaidOut {
  glyphs: { id: number }[];
  positions: { xAdvance: number }[];
}
