import path from 'node:path';

/** What the chunk-naming function reads of a module of Rolldown's graph. */
interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
}

/** Rolldown's module graph as `output.codeSplitting.groups[].name` receives it. */
interface GraphContext {
  getModuleInfo(id: string): ModuleFacts | null;
}

/** Import/export statements with a `from`: the names they bind and the specifier. */
const FROM_STATEMENT = /(?:import|export)\s*(\*|\{[^}]*\}|[\w$]+(?:\s*,\s*\{[^}]*\})?)\s*from\s*["']([^"']+)["']/g;
/** Names a module exports itself (`export const a`, `export function b`, `export { c, d as e }`). */
const OWN_EXPORT =
  /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/g;
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)/g;

/** The names a braces list binds or exports (`a, b as c` gives a, b and c). */
function namesOf(list: string): string[] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .flatMap((part) => part.trim().split(/\s+as\s+/))
    .map((name) => name.replace(/^type\s+/, '').trim())
    .filter((name) => /^[\w$]+$/.test(name));
}

/** Whether a module's code is only import and export statements (a barrel: an index of re-exports). */
function isBarrel(code: string): boolean {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(FROM_STATEMENT, '')
    .replace(EXPORT_LIST, '')
    .replace(/[;\s]/g, '');
  return rest.length === 0 && /export/.test(code);
}

/** The id among `ids` that `specifier`, written in the module `from`, resolves to, if it can tell. */
function resolvedAmong(specifier: string, from: string, ids: readonly string[]): string | undefined {
  if (!specifier.startsWith('.')) {
    // A package of node_modules, or one of this repository's workspaces (`@parish/shared` is
    // packages/shared, linked).
    const workspace = `/packages/${specifier.split('/').pop()}/`;
    return ids.find((id) => id.includes(`/node_modules/${specifier}/`) || id.includes(workspace));
  }
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(m?js|tsx?)$/, '');
  return ids.find(
    (id) => id.replace(/\.(m?js|tsx?)$/, '') === base || id.replace(/\/index\.(m?js|tsx?)$/, '') === base,
  );
}

/**
 * The modules a screen's module `root` runs, following static imports; through a barrel (a module
 * of only re-exports, as `@mantine/core`'s or `@parish/shared`'s index) only to the modules that
 * export a name the importing module imports from it, as tree-shaking keeps them. A guess either
 * way only places a module in another chunk: it never breaks the app (Rolldown still loads every
 * chunk a module needs).
 */
export function screenModules(root: string, graph: GraphContext): Set<string> {
  const taken = new Set<string>();
  const exportsMemo = new Map<string, string[]>();
  const exportsOf = (id: string): string[] => {
    const known = exportsMemo.get(id);
    if (known) return known;
    exportsMemo.set(id, []);
    const info = graph.getModuleInfo(id);
    const code = info?.code ?? '';
    const names = [
      ...[...code.matchAll(OWN_EXPORT)].map((match) => match[1]!),
      ...[...code.matchAll(EXPORT_LIST)].flatMap((match) => namesOf(match[1]!)),
      ...[...code.matchAll(FROM_STATEMENT)].flatMap((match) => {
        if (!code.slice(match.index, match.index + 6).startsWith('export')) return [];
        if (match[1] !== '*') return namesOf(match[1]!);
        const child = resolvedAmong(match[2]!, id, info?.importedIds ?? []);
        return child ? exportsOf(child) : [];
      }),
    ];
    exportsMemo.set(id, names);
    return names;
  };
  /** Through barrel `id`, the modules that export one of `wanted` (every module for null). */
  const throughBarrel = (id: string, wanted: Set<string> | null, seen: Set<string>): string[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    const info = graph.getModuleInfo(id);
    const code = info?.code ?? '';
    const found: string[] = [];
    for (const match of code.matchAll(FROM_STATEMENT)) {
      const child = resolvedAmong(match[2]!, id, info?.importedIds ?? []);
      if (!child) continue;
      if (isBarrel(graph.getModuleInfo(child)?.code ?? '')) {
        found.push(...throughBarrel(child, wanted, seen));
        continue;
      }
      const names = match[1] === '*' ? exportsOf(child) : namesOf(match[1]!);
      if (wanted === null || names.some((name) => wanted.has(name))) found.push(child);
    }
    return found;
  };
  /** The names module `user` imports from `barrel` (null: a namespace import, so all of them). */
  const namesImported = (user: string, barrel: string): Set<string> | null => {
    const info = graph.getModuleInfo(user);
    const names = new Set<string>();
    for (const match of (info?.code ?? '').matchAll(FROM_STATEMENT)) {
      if (resolvedAmong(match[2]!, user, [barrel]) !== barrel) continue;
      if (match[1]!.includes('*')) return null;
      for (const name of namesOf(match[1]!)) names.add(name);
    }
    return names;
  };
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (taken.has(id)) continue;
    taken.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const importedCode = graph.getModuleInfo(imported)?.code ?? '';
      if (isBarrel(importedCode)) {
        taken.add(imported);
        stack.push(...throughBarrel(imported, namesImported(id, imported), new Set()));
      } else stack.push(imported);
    }
  }
  return taken;
}

/**
 * Names the chunk of a module of the member's first screens (decision 0150; issue 31): on a phone
 * 150 ms from the server each file costs a round trip, and by default Rolldown cut the member's
 * sign-in into about 40 files and the dashboard into about 60 (one per set of lazy screens that
 * share a module). A module the entry runs goes to `app`; else one both the sign-in and the portal
 * run goes to `member`; else one only the sign-in runs to `member-sign-in`, one only the portal
 * runs to `member-portal`; any other module is left to Rolldown. Each member screen so loads the
 * modules it loaded before in three or four files; the back office's own modules stay in chunks of
 * their own, which no member downloads, and lazy parts (dialogs, other languages) still load when
 * needed. The modules each screen runs are worked out once per build from Rolldown's graph
 * ({@link screenModules}). The member's next step, Pay (decision 0158), loads in one more file,
 * `member-pay`: what the payment dialogs run that none of the three screens runs (Mantine's Modal,
 * its scroll area and Floating UI, Radio), instead of six files, two of them queued behind the
 * browser's six connections on the gateway's script's way. A back-office dialog using Modal loads
 * it too (a few KB more there, on a desktop).
 * @param screens the modules of the entry, the member sign-in route, the member portal route and
 *   the member's payment dialogs
 */
export function firstScreenChunks(screens: { entry: string; signIn: string; portal: string; pay: string }) {
  let runs: { entry: Set<string>; signIn: Set<string>; portal: Set<string>; pay: Set<string> } | undefined;
  return (id: string, graph: GraphContext): string | null => {
    runs ??= {
      entry: screenModules(screens.entry, graph),
      signIn: screenModules(screens.signIn, graph),
      portal: screenModules(screens.portal, graph),
      pay: screenModules(screens.pay, graph),
    };
    if (runs.entry.has(id)) return 'app';
    const signIn = runs.signIn.has(id);
    const portal = runs.portal.has(id);
    if (signIn && portal) return 'member';
    if (signIn) return 'member-sign-in';
    if (portal) return 'member-portal';
    if (runs.pay.has(id)) return 'member-pay';
    return null;
  };
}
