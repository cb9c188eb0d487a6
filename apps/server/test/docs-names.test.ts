import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md stays true to the code (issue 26, item 8): every file name it cites in
 * backticks (`settle.ts`, `modules/payments/ledger/receipts.ts`) is a file of the repository, and
 * every function or type name it cites in backticks (`markPaid`, `PaymentGateway`) is written
 * somewhere in the source. And docs/README.md lists every decision record.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCE_ENDINGS = /\.(ts|tsx|js|mjs|cjs|json|css|html|sh)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);

/** Every file of the repository below `folder`, as paths relative to the root with '/'. */
function filesBelow(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const relative = folder === '.' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesBelow(relative));
    else found.push(relative);
  }
  return found;
}

const files = filesBelow('.');
const sourceText = files
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !file.startsWith('docs/'))
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n');

/** The backticked spans of a Markdown text, code blocks left out. */
function backticked(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
}

/** A cited file: a path or name ending like source (`a/b.ts`), without spaces or wildcards. */
function isFileName(span: string): boolean {
  return SOURCE_ENDINGS.test(span) && !/[\s*{}<>:]/.test(span);
}

/** A cited code name: one identifier in camelCase or PascalCase (`markPaid`, `markPaid()`). */
function codeName(span: string): string | null {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(\(\))?$/.exec(span);
  if (!match) return null;
  const name = match[1]!;
  const mixedCase = /[a-z]/.test(name) && /[A-Z]/.test(name) && !/^[A-Z][a-z]+$/.test(name);
  return mixedCase ? name : null;
}

describe('docs/ARCHITECTURE.md names what exists', () => {
  const architecture = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const spans = backticked(architecture);

  it('cites only files that exist', () => {
    const cited = [...new Set(spans.filter(isFileName))];
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)));
    expect(missing, 'files cited by docs/ARCHITECTURE.md that are not in the repository').toEqual([]);
  });

  it('cites only functions and types written in the source', () => {
    const cited = [...new Set(spans.map(codeName).filter((name): name is string => name !== null))];
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.filter((name) => !new RegExp(`\\b${name}\\b`).test(sourceText));
    expect(missing, 'names cited by docs/ARCHITECTURE.md that no source file writes').toEqual([]);
  });
});

describe('docs/README.md', () => {
  it('lists every decision record', () => {
    const index = readFileSync(path.join(root, 'docs/README.md'), 'utf8');
    const decisions = readdirSync(path.join(root, 'docs/decisions')).filter((name) => name.endsWith('.md'));
    expect(decisions.length).toBeGreaterThan(50);
    const unlisted = decisions.filter((name) => !index.includes(`decisions/${name}`));
    expect(unlisted, 'decision records missing from the index of docs/README.md').toEqual([]);
  });
});
