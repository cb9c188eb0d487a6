import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The ledger in one place (`docs/ARCHITECTURE.md`, "Server modules" and "The two money flows";
 * issue 26): every change of a payment or a receipt is a command of `modules/payments/commands/`,
 * so only `modules/payments/` writes the `payments`, `receipts` and `receipt_items` tables. This
 * test reads the source of `apps/server/src` (its syntax tree, comments left out) and fails on any
 * other file that writes them:
 * - with Drizzle: `.insert(payments)`, `.update(receipts)`, `.delete(receiptItems)` (an alias of
 *   the schema's table included);
 * - in SQL text (strings and template literals, `sql\`…\``, an interpolated table `${payments}`
 *   included): `insert into`, `update`, `delete from`, `truncate`, `merge into`, `copy` of those
 *   tables, any case, quoted or not, `public.` or not.
 *
 * Named exceptions, and only these: `modules/backup/` (backup and restore copy the whole
 * database; the parish move, `parish-move.ts`, copies one parish's rows as they are, in one
 * transaction checked against the file's counts and sums, `docs/decisions/0127-parish-move.md`). Migrations and their triggers (`apps/server/drizzle/`) and the demo seeder and
 * benchmarks (`apps/server/scripts/`) are outside `src`.
 *
 * It also holds the ledger's shape: a command is one file of at most 120 lines, and the helpers
 * that write payments and receipts (`markPaid`, `issueReceipt`, `voidReceipt`, `reopenPayments`)
 * are imported by no production file outside `modules/payments/`.
 */

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** Where a file may write the ledger's tables, and why. */
const ALLOWED_WRITERS: Record<string, string> = {
  'modules/payments/': 'the ledger: its commands and their shared pieces',
  'modules/backup/': 'backup and restore copy the whole database; the parish move copies one parish as it is',
};

/** The ledger's write helpers: only `modules/payments/` imports them. */
const WRITE_HELPERS = [
  'payments/ledger/mark-paid.ts',
  'payments/ledger/receipts.ts',
  'payments/ledger/reopen-payments.ts',
];

/** The ledger's tables by the names the schema exports them under (`db/schema/`). */
const SCHEMA_TABLES: Record<string, string> = {
  payments: 'payments',
  receipts: 'receipts',
  receiptItems: 'receipt_items',
};

/** A write statement of SQL on one of the ledger's tables. */
const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into|copy)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?(payments|receipts|receipt_items)"?(?![\w$])/i;

/** One write found: the line (1-based) and what was written how. */
interface Write {
  line: number;
  what: string;
}

/**
 * The writes of the ledger's tables in one source text: Drizzle calls on the schema's tables (by
 * their names or an alias imported from `db/schema`) and SQL text.
 */
function ledgerWrites(fileName: string, text: string): Write[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const tables = new Map(Object.entries(SCHEMA_TABLES));
  const writes: Write[] = [];
  const at = (node: ts.Node, what: string) =>
    writes.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const tableOf = (node: ts.Node | undefined): string | undefined => {
    if (node && ts.isIdentifier(node)) return tables.get(node.text);
    if (node && ts.isPropertyAccessExpression(node)) return tables.get(node.name.text);
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node) && node.propertyName && tables.has(node.propertyName.text)) {
      const table = tables.get(node.propertyName.text);
      if (table) tables.set(node.name.text, table);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const table = tableOf(node.arguments[0]);
      if (table && ['insert', 'update', 'delete'].includes(method)) at(node, `Drizzle .${method}(${table})`);
    }
    let sqlText: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) sqlText = node.text;
    if (ts.isTemplateExpression(node)) {
      sqlText = node.head.text;
      for (const span of node.templateSpans) sqlText += `${tableOf(span.expression) ?? '$'}${span.literal.text}`;
    }
    const match = sqlText === undefined ? null : SQL_WRITE.exec(sqlText);
    if (match) at(node, `SQL "${match[0].replace(/\s+/g, ' ')}"`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Every TypeScript file under `dir`, as paths relative to `src/` with `/` separators. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path).split('\\').join('/')] : [];
  });
}

const files = sourceFiles(SRC);
const allowed = (file: string) => Object.keys(ALLOWED_WRITERS).some((prefix) => file.startsWith(prefix));

describe('only the ledger (modules/payments/) writes payments and receipts', () => {
  it('finds every form of write it looks for, and no read', () => {
    const found = (text: string) => ledgerWrites('probe.ts', text).map((write) => write.what);
    expect(found('await tx.update(payments).set({ status: "pending" });')).toEqual(['Drizzle .update(payments)']);
    expect(found('await db.insert(schema.receipts).values(row);')).toEqual(['Drizzle .insert(receipts)']);
    expect(found("import { receiptItems as items } from '../db/schema/index.ts';\ndb.delete(items);")).toEqual([
      'Drizzle .delete(receipt_items)',
    ]);
    expect(found('sql`UPDATE "payments" SET notes = ${note}`')).toEqual(['SQL "UPDATE "payments""']);
    expect(found('sql`delete from ${payments} where id = ${id}`')).toEqual(['SQL "delete from payments"']);
    expect(found("tx.execute('insert into public.receipts (number) values ($1)')")).toEqual([
      'SQL "insert into public.receipts"',
    ]);
    expect(found('sql`truncate table receipt_items`')).toEqual(['SQL "truncate table receipt_items"']);
    expect(found('sql`select id from payments where id = ${id} for update`')).toEqual([]);
    expect(found('db.select().from(payments).for("update", { of: payments })')).toEqual([]);
    expect(found('// update payments set status here\nconst x = 1;')).toEqual([]);
    expect(found('sql`update payment_heads set type = ${t}`')).toEqual([]);
  });

  it('no file outside modules/payments/ (and the named exceptions) writes them', () => {
    const violations = files
      .filter((file) => !allowed(file))
      .flatMap((file) =>
        ledgerWrites(file, readFileSync(join(SRC, file), 'utf8')).map(
          (write) => `src/${file}:${write.line} ${write.what}`,
        ),
      );
    expect(
      violations,
      'Write payments and receipts through a command of modules/payments/commands/ (docs/ARCHITECTURE.md, "Server modules")',
    ).toEqual([]);
  });

  it('the ledger does write them (the scan sees its writes)', () => {
    const ledgerFiles = files.filter((file) => file.startsWith('modules/payments/'));
    const writes = ledgerFiles.flatMap((file) => ledgerWrites(file, readFileSync(join(SRC, file), 'utf8')));
    expect(writes.length).toBeGreaterThan(10);
  });

  it('a command is one file of at most 120 lines', () => {
    const commands = files.filter((file) => file.startsWith('modules/payments/commands/'));
    expect(commands.length).toBeGreaterThan(10);
    const long = commands
      .map((file) => ({ file, lines: readFileSync(join(SRC, file), 'utf8').trimEnd().split('\n').length }))
      .filter((command) => command.lines > 120);
    expect(long).toEqual([]);
  });

  it('no production file outside modules/payments/ imports the ledger’s write helpers', () => {
    const importers = files
      .filter((file) => !file.startsWith('modules/payments/') && !file.endsWith('.test.ts'))
      .filter((file) => {
        const text = readFileSync(join(SRC, file), 'utf8');
        return WRITE_HELPERS.some((helper) => text.includes(`/${helper}'`));
      });
    expect(importers, `import a command of modules/payments/commands/ instead of ${WRITE_HELPERS.join(', ')}`).toEqual(
      [],
    );
  });
});
