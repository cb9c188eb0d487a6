import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as hb from 'harfbuzzjs';

import { SERVER_ROOT } from '../../paths.ts';

/**
 * The fonts of the receipt PDFs and the HarfBuzz shaping they are laid out with (decision 0139,
 * `docs/domain.md`, §8 "Receipt PDF"). The TrueType files in `apps/server/assets/fonts` are the
 * @fontsource Noto woff2 files of the HTML receipt, decompressed (`scripts/pdf-fonts.sh`): Noto Sans
 * Devanagari's Latin subset for English, digits and punctuation, its Devanagari subset (which also
 * holds ₹), Noto Sans Malayalam and Noto Sans Tamil, at weights 400 and 700.
 *
 * Why HarfBuzz: pdfkit lays text out with fontkit, whose Indic shaper throws on Malayalam with
 * these fonts (a mark anchor without coordinates) and is not HarfBuzz; the requirement is that the
 * glyphs laid out equal HarfBuzz's `hb-shape` for the same font file and text. So every run of text
 * is shaped by `harfbuzzjs` (the HarfBuzz project's wasm build) and pdfkit only places and embeds
 * those glyphs (as a subset) — see {@link installHarfBuzzLayout}.
 */

/** The scripts a receipt PDF sets text in. */
export type PdfScript = 'latin' | 'devanagari' | 'malayalam' | 'tamil';

/** A font weight of the receipt PDFs. */
export type PdfWeight = 400 | 700;

const FAMILY: Record<PdfScript, string> = {
  latin: 'noto-sans-devanagari-latin',
  devanagari: 'noto-sans-devanagari-devanagari',
  malayalam: 'noto-sans-malayalam-malayalam',
  tamil: 'noto-sans-tamil-tamil',
};

/** The TrueType file of a script and weight (an absolute path). */
export function pdfFontFile(script: PdfScript, weight: PdfWeight): string {
  return path.join(SERVER_ROOT, 'assets', 'fonts', `${FAMILY[script]}-${weight}-normal.ttf`);
}

interface LoadedFont {
  bytes: Buffer;
  hbFont: hb.Font;
}

const loaded = new Map<string, LoadedFont>();

/** The file's bytes and its HarfBuzz font, read once per process. */
export function pdfFont(script: PdfScript, weight: PdfWeight): LoadedFont {
  const file = pdfFontFile(script, weight);
  let font = loaded.get(file);
  if (!font) {
    const bytes = readFileSync(file);
    font = { bytes, hbFont: new hb.Font(new hb.Face(new hb.Blob(bytes))) };
    loaded.set(file, font);
  }
  return font;
}

/** One glyph HarfBuzz laid out: its id in the font file (before subsetting) and position, in font units. */
export interface ShapedGlyph {
  /** The glyph id in the font file. */
  id: number;
  /** The index (UTF-16) of the first character of the glyph's cluster in the text. */
  cluster: number;
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * A text shaped by HarfBuzz with one font (script, direction and language guessed from the text,
 * as `hb-shape` does; default features). The same glyph ids and advances as `hb-shape
 * --no-glyph-names` for the same font file and text (`apps/server/test/fixtures/indic-shaping-vectors.json`).
 */
export function shapeText(script: PdfScript, weight: PdfWeight, text: string): ShapedGlyph[] {
  const { hbFont } = pdfFont(script, weight);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(hbFont, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map((glyph, i) => ({
    id: glyph.codepoint,
    cluster: glyph.cluster,
    xAdvance: positions[i]?.xAdvance ?? 0,
    yAdvance: positions[i]?.yAdvance ?? 0,
    xOffset: positions[i]?.xOffset ?? 0,
    yOffset: positions[i]?.yOffset ?? 0,
  }));
}

/** The part of fontkit's font object pdfkit's embedded font uses for layout. */
interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): { id: number; advanceWidth: number; codePoints: number[] };
  glyphForCodePoint(codePoint: number): { id: number };
  layout: (text: string, features?: unknown) => unknown;
}

/**
 * The characters each shaped glyph stands for, for the PDF's ToUnicode map (what copying or
 * `pdftotext` gives back). pdfkit keeps one mapping per glyph id, the first it meets, so a glyph
 * that is a character's own (its cmap glyph) maps to that character alone, and the characters of
 * a cluster left over (a conjunct's, a reordered vowel sign's) go to the cluster's first glyph that
 * is no character's own; a virama absorbed into a glyph that is also a character's own is lost.
 * Indic text therefore extracts approximately, never wrongly for Latin text.
 */
function glyphCodePoints(font: FontkitFont, text: string, shaped: ShapedGlyph[]): number[][] {
  const clusters = [...new Set(shaped.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const result: number[][] = shaped.map(() => []);
  clusters.forEach((cluster, index) => {
    const end = clusters[index + 1] ?? text.length;
    const left = Array.from(text.slice(cluster, end), (c) => c.codePointAt(0) ?? 0);
    const members = shaped.flatMap((glyph, i) => (glyph.cluster === cluster ? [i] : []));
    const unmapped: number[] = [];
    for (const i of members) {
      const own = left.findIndex((point) => font.glyphForCodePoint(point).id === shaped[i]?.id);
      if (own >= 0) result[i] = left.splice(own, 1);
      else unmapped.push(i);
    }
    const target = unmapped[0];
    if (target !== undefined) result[target] = left;
  });
  return result;
}

/**
 * Makes pdfkit lay `fontkitFont` (the fontkit font of one pdfkit embedded font) out with HarfBuzz:
 * its `layout` answers fontkit's shape of result (glyphs with their code points, for the PDF's
 * ToUnicode map: {@link glyphCodePoints}, and positions in font units) from {@link shapeText}.
 * pdfkit then subsets, measures and places exactly those glyphs.
 */
export function installHarfBuzzLayout(fontkitFont: FontkitFont, script: PdfScript, weight: PdfWeight): void {
  fontkitFont.layout = (text: string) => {
    const shaped = shapeText(script, weight, text);
    const points = glyphCodePoints(fontkitFont, text, shaped);
    const glyphs = shaped.map((glyph, i) => fontkitFont.getGlyph(glyph.id, points[i]));
    const positions = shaped.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return { glyphs, positions, advanceWidth: shaped.reduce((sum, glyph) => sum + glyph.xAdvance, 0) };
  };
}

/** The script of one character, or null for one that goes with its neighbours (space, joiners, marks of any script). */
function scriptOf(char: string): PdfScript | null {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x0900 && code <= 0x097f) return 'devanagari';
  if (code >= 0x0d00 && code <= 0x0d7f) return 'malayalam';
  if (code >= 0x0b80 && code <= 0x0bff) return 'tamil';
  if (code === 0x20b9) return 'devanagari'; // ₹: only the Devanagari subset holds it
  if (code === 0x200c || code === 0x200d || code === 0x20 || code === 0x25cc) return null;
  return 'latin';
}

/**
 * A text cut into runs of one script each (`scriptOf`), so each run is set in a font that has its
 * characters: spaces and joiners stay with the run before them (or the next at the start).
 */
export function scriptRuns(text: string): { script: PdfScript; text: string }[] {
  const runs: { script: PdfScript; text: string }[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char);
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last?.script === script) {
      last.text += char;
    } else {
      runs.push({ script, text: pending + char });
      pending = '';
    }
  }
  if (pending) runs.push({ script: 'latin', text: pending });
  return runs;
}
