import { NEGATIVE_NUMBER_TEXT } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

/**
 * CSV lines written by the database (issue 18, `docs/domain.md` §12 "D3 Streamed export", decision
 * 0058): SQL expressions that give, for a row, exactly the text the JavaScript path writes for it —
 * every cell through `neutralizeCsvCell` of `@parish/shared` (`docs/domain.md`, §11 "EX-01 CSV
 * injection"), then papaparse 5's `unparse` quoting, lines ending in CRLF — so an export built by
 * `string_agg` in SQL is byte-identical to one built from row objects with `csvChunk`.
 *
 * The rules reproduced:
 * - neutralising: a text whose first character is `=`, `+`, `-`, `@`, tab or carriage return gets
 *   a leading apostrophe, unless it is a plain negative number (`-500.00`: `NEGATIVE_NUMBER_TEXT`,
 *   issue 27 item 10); numbers, booleans and amounts are left as they are; NULL is the empty cell;
 * - quoting (papaparse `safe`): a cell is wrapped in double quotes, its quotes doubled, when it
 *   contains a double quote, a comma, a carriage return, a line feed or a byte order mark
 *   (U+FEFF), or when it starts or ends with a space. Neutralising never changes whether a text
 *   needs quotes (the apostrophe is none of these, and only comes before a first character that
 *   is not a space), so the test is made on the raw value.
 */

/** Papa's "needs quotes" test on a raw text: `"`, `,`, CR, LF or U+FEFF anywhere, or a space at either end. */
const NEEDS_QUOTES = sql.raw(`E'[",\\r\\n\\uFEFF]|^ | $'`);
/** The first characters `neutralizeCsvCell` prefixes with an apostrophe: `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = sql.raw(`E'^[-=+@\\t\\r]'`);
/** `NEGATIVE_NUMBER_TEXT` of `@parish/shared` (the same pattern): a plain negative number, not neutralised. */
const NEGATIVE_NUMBER = sql.raw(`'${NEGATIVE_NUMBER_TEXT.source}'`);
/** Separates the texts of a row in the one test of {@link csvLine} (a text holding it only costs the slow path). */
const SEPARATOR = sql.raw(`E'\\x01'`);
/**
 * Anything in any text of a row (joined by {@link SEPARATOR}) that could need neutralising or
 * quoting: a special character anywhere, a formula trigger or a space first, a space last.
 */
const ROW_NEEDS_CARE = sql.raw(`E'[",\\r\\n\\uFEFF]|(^|\\x01)[-=+@\\t\\r ]| (\\x01|$)'`);

/**
 * A text value as one CSV cell: empty for NULL, neutralised, quoted as papaparse quotes.
 * @param value a SQL expression of type text
 */
export function csvTextCell(value: SQL): SQL {
  const formula = sql`(${value} ~ ${FORMULA_START} AND ${value} !~ ${NEGATIVE_NUMBER})`;
  return sql`CASE WHEN ${value} IS NULL THEN ''
    WHEN ${value} ~ ${NEEDS_QUOTES}
      THEN '"' || replace(CASE WHEN ${formula} THEN '''' || ${value} ELSE ${value} END, '"', '""') || '"'
    WHEN ${formula} THEN '''' || ${value}
    ELSE ${value} END`;
}

/**
 * An amount in integer paise as one CSV cell, as `formatPaisePlain` writes it and
 * `neutralizeCsvCell` leaves it: `125050` -> `1250.50`, `-50` -> `-0.50` (a negative amount stays a
 * number, issue 27 item 10), NULL -> empty.
 * @param paise a SQL expression of an integer type (paise)
 */
export function csvPaise(paise: SQL): SQL {
  return sql`CASE WHEN ${paise} IS NULL THEN ''
    ELSE CASE WHEN ${paise} < 0 THEN '-' ELSE '' END || (abs(${paise}) / 100)::text || '.' || lpad((abs(${paise}) % 100)::text, 2, '0') END`;
}

/**
 * A calendar date (SQL `date`) as one CSV cell, dd/mm/yyyy as `formatDisplayDate` writes a
 * `YYYY-MM-DD` text (no time zone involved); NULL -> empty.
 */
export function csvDate(date: SQL): SQL {
  return sql`coalesce(to_char(${date}, 'DD/MM/YYYY'), '')`;
}

/**
 * An instant (SQL `timestamptz`) as one CSV cell: its calendar day in `timeZone`, dd/mm/yyyy, as
 * `formatDisplayDate(isoInstant, timeZone)` writes it; NULL -> empty.
 * @param timeZone the parish's IANA zone (`PARISH_TIMEZONE`), sent as a parameter
 */
export function csvInstantDate(instant: SQL, timeZone: string): SQL {
  return sql`coalesce(to_char(${instant} AT TIME ZONE ${timeZone}::text, 'DD/MM/YYYY'), '')`;
}

/** A boolean as one CSV cell: `true` / `false` as papaparse writes a JS boolean; NULL -> empty. */
export function csvBoolean(value: SQL): SQL {
  return sql`CASE WHEN ${value} THEN 'true' WHEN NOT ${value} THEN 'false' ELSE '' END`;
}

/**
 * A value whose text can never need neutralising or quoting (uuids, non-negative integers, enum
 * labels) as one CSV cell: its text; NULL -> empty.
 */
export function csvPlain(value: SQL): SQL {
  return sql`coalesce(${value}::text, '')`;
}

/**
 * One cell of a {@link csvLine}: a `text` column (neutralised and quoted as needed), or a `cell`
 * already formatted by one of the helpers above (never needing either).
 */
export type CsvSqlCell = { text: SQL } | { cell: SQL };

/**
 * One CSV line of cells, ending in CRLF, as `csvChunk` writes the same row. The texts of the row are
 * tested once together (one regular expression per row): a row none of whose texts needs care —
 * nearly every row — is written by one `concat` of the raw texts; any other goes through
 * {@link csvTextCell} for each text.
 */
export function csvLine(cells: CsvSqlCell[]): SQL {
  const line = (text: (value: SQL) => SQL) =>
    sql`concat(${sql.join(
      cells.map((c) => ('text' in c ? text(c.text) : c.cell)),
      sql`, ',', `,
    )}, E'\\r\\n')`;
  const texts = cells.flatMap((c) => ('text' in c ? [c.text] : []));
  if (texts.length === 0) return line((value) => value);
  return sql`CASE WHEN concat_ws(${SEPARATOR}, ${sql.join(texts, sql`, `)}) ~ ${ROW_NEEDS_CARE}
    THEN ${line(csvTextCell)} ELSE ${line((value) => value)} END`;
}
