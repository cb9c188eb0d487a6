import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The order of the server modules (`docs/ARCHITECTURE.md`, "Server modules"): eslint.config.js
 * refuses an import of a module that is not ranked below the importing one in
 * `apps/server/module-order.json`; these tests keep that list whole, so that a new module folder
 * cannot slip past the rule, and keep the files of `src/` free of import cycles, which the rule
 * does not see inside one module.
 */

const SERVER = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(SERVER, 'src');
const ranks = (JSON.parse(readFileSync(path.join(SERVER, 'module-order.json'), 'utf8')) as { ranks: string[][] }).ranks;

/** Every `.ts` file under `dir`, tests aside, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The files of `src/` each file imports (type-only imports, re-exports and `import()` included). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name))
      .filter((target) => existsSync(target));
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The groups of files that import each other, directly or around a loop: Tarjan's strongly
 * connected components of more than one file, or a file importing itself.
 * @returns each group's paths relative to `src/`, sorted
 */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(path.relative(SRC, member));
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the order of the server modules', () => {
  it('ranks every folder of src/modules, each once', () => {
    const folders = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const ranked = ranks.flat();
    expect(folders.filter((folder) => !ranked.includes(folder))).toEqual([]);
    expect(ranked.filter((name, i) => ranked.indexOf(name) !== i)).toEqual([]);
    expect(folders.length).toBeGreaterThan(10);
  });

  it('leaves no import cycle between the files of src/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    const c = path.join(SRC, 'c.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a, c]],
          [c, []],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
