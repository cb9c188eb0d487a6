import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { build, type Plugin } from 'vite';

/** The page the server sends for `/customer/login` (apps/server's web-app plugin), in the build's folder. */
export const MEMBER_LOGIN_PAGE = 'member-login.html';

/** What the plugin reads of an output chunk of the browser's bundle. */
interface ChunkFacts {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
  imports?: readonly string[];
}

/**
 * The script files the screen whose module is `screen` needs beyond the entry's (decision 0159):
 * the chunk holding `screen` and the chunks it imports statically, less the entry chunk and its
 * own static imports (the page already loads and preloads those).
 * @param bundle the browser bundle's output, by file name
 * @returns file names relative to the build's folder (`assets/…`)
 */
export function screenChunks(bundle: Record<string, ChunkFacts>, screen: string): string[] {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const closure = (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...(bundle[name]?.imports ?? []));
    }
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const home = chunks.find((chunk) => chunk.moduleIds?.includes(screen));
  if (!home) return [];
  return [...closure([home.fileName])].filter((name) => !entry.has(name));
}

/**
 * `index.html` with `preload` (script files, `assets/…`) preloaded beside the entry's own, before
 * `</head>`, as Vite writes the entry's (`crossorigin`, so the app's later `import()` of the same
 * file finds it in the module map instead of asking again).
 * @throws Error when `index.html` has no `</head>`
 */
export function withPreloads(indexHtml: string, preload: readonly string[]): string {
  if (!indexHtml.includes('</head>')) throw new Error('index.html lacks </head>');
  const links = preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return indexHtml.replace('</head>', () => `  ${links}\n  </head>`);
}

/**
 * `index.html` made into the member sign-in's page (decision 0159): `#root` holds `markup` (the
 * sign-in drawn) and says so (`data-prerendered`, read by main.tsx), held `inert` until the app has
 * hydrated it (`releasePrerender` in `src/app/prerendered.ts` says why), the page names Mantine's light
 * colour scheme (what Mantine sets when it starts; its styles for the scheme apply before any
 * script), and the sign-in's own script files are preloaded beside the entry's.
 * @param indexHtml the built `index.html`
 * @param markup the sign-in's HTML (`prerenderMemberLogin`)
 * @param preload script files to preload (`assets/…`)
 * @throws Error when `index.html` lacks the `<html lang="en">`, `</head>` or `#root` it expects
 */
export function memberLoginPage(indexHtml: string, markup: string, preload: readonly string[]): string {
  const root = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
  if (!indexHtml.includes('<html lang="en">') || !indexHtml.includes('</head>') || !root.test(indexHtml)) {
    throw new Error('index.html lacks <html lang="en">, </head> or #root with the boot spinner');
  }
  return withPreloads(indexHtml, preload)
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(root, () => `<div id="root" data-prerendered="member-login" inert>${markup}</div>`);
}

/** Writes `page` to `file` with its Brotli and gzip copies, as the compression plugin makes for the other files. */
async function writePage(file: string, page: string): Promise<void> {
  await writeFile(file, page);
  await writeFile(
    `${file}.br`,
    await promisify(brotliCompress)(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, await promisify(gzip)(page, { level: 9 }));
}

/**
 * The web build's member sign-in page (decision 0159; issue 31 item 1: on a slow phone the sign-in
 * waited for the app's 117 KB script, its parse at 4× CPU and the screen's own chunk one round
 * trip later). After the browser's bundle is written, builds `src/prerender/member-login-page.tsx`
 * for Node into a temporary folder (under the app's `node_modules`, where its packages are found),
 * runs it, and writes {@link MEMBER_LOGIN_PAGE} (the sign-in drawn, its chunks preloaded) beside
 * `index.html`, with its Brotli and gzip copies. Does nothing in the Node build itself.
 */
export function memberLoginPagePlugin(): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  let configFile: string | undefined;
  let signInChunks: string[] = [];
  return {
    name: 'parish:member-login-page',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
      mode = config.mode;
      configFile = config.configFile;
    },
    generateBundle(_options, bundle) {
      signInChunks = screenChunks(
        bundle as unknown as Record<string, ChunkFacts>,
        path.join(root, 'src/app/routes/member-login.tsx'),
      );
    },
    async closeBundle() {
      // Inside the app's folder, so the built module finds its packages (react-dom, Mantine…).
      await mkdir(path.join(root, 'node_modules'), { recursive: true });
      const temp = await mkdtemp(path.join(root, 'node_modules', '.parish-prerender-'));
      try {
        await build({
          root,
          mode,
          configFile,
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender/member-login-page.tsx',
            outDir: temp,
            emptyOutDir: true,
            copyPublicDir: false,
            rolldownOptions: { output: { entryFileNames: '[name].mjs' } },
          },
        });
        const rendered = (await import(pathToFileURL(path.join(temp, 'member-login-page.mjs')).href)) as {
          prerenderMemberLogin: () => Promise<string>;
        };
        const markup = await rendered.prerenderMemberLogin();
        const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await writePage(path.join(outDir, MEMBER_LOGIN_PAGE), memberLoginPage(index, markup, signInChunks));
      } finally {
        await rm(temp, { recursive: true, force: true });
      }
    },
  };
}
