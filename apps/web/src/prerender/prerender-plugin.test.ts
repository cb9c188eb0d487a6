import { describe, expect, it } from 'vitest';

import { memberLoginPage, screenChunks } from '../../prerender-plugin.ts';

/*
 * The web build's member sign-in page (decision 0159): index.html with the screen drawn in #root,
 * and the sign-in's own script files preloaded.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Parish Dues</title>
    <script type="module" crossorigin src="/assets/app-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
  </head>
  <body>
    <div id="root">
      <div id="boot">
        <svg width="36" height="36"></svg>
      </div>
    </div>
  </body>
</html>`;

describe('memberLoginPage', () => {
  it('puts the markup in #root, held inert and marked, with the colour scheme and the preloads', () => {
    const page = memberLoginPage(INDEX, '<main><h1>Member Login</h1></main>', ['assets/member-sign-in-2.js']);
    expect(page).toContain(
      '<div id="root" data-prerendered="member-login" inert><main><h1>Member Login</h1></main></div>\n  </body>',
    );
    expect(page).not.toContain('id="boot"');
    expect(page).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(page).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/member-sign-in-2.js">\s*<\/head>/);
    expect(page).toContain('<script type="module" crossorigin src="/assets/app-1.js"></script>');
  });

  it('keeps markup holding $ patterns as it is', () => {
    expect(memberLoginPage(INDEX, '<p>$& $1 ₹</p>', [])).toContain('inert><p>$& $1 ₹</p></div>');
  });

  it('refuses an index.html it does not recognise rather than write a wrong page', () => {
    expect(() => memberLoginPage('<html><body></body></html>', '<main></main>', [])).toThrow(/#root/);
  });
});

describe('screenChunks', () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[], isEntry = false) => ({
    type: 'chunk' as const,
    fileName,
    moduleIds,
    imports,
    isEntry,
  });
  const bundle = {
    'assets/app.js': chunk('assets/app.js', ['/src/main.tsx'], ['assets/vendor.js'], true),
    'assets/vendor.js': chunk('assets/vendor.js', ['/node_modules/react/index.js'], []),
    'assets/member-sign-in.js': chunk(
      'assets/member-sign-in.js',
      ['/src/app/routes/member-login.tsx'],
      ['assets/member.js', 'assets/vendor.js'],
    ),
    'assets/member.js': chunk('assets/member.js', ['/src/components/auth-card.tsx'], ['assets/app.js']),
    'assets/back-office.js': chunk('assets/back-office.js', ['/src/app/routes/back-office/back-office.tsx'], []),
    'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
  };

  it("lists the screen's chunk and what it imports, less what the entry loads already", () => {
    expect(screenChunks(bundle, '/src/app/routes/member-login.tsx').sort()).toEqual([
      'assets/member-sign-in.js',
      'assets/member.js',
    ]);
  });

  it('lists nothing for a module in no chunk', () => {
    expect(screenChunks(bundle, '/src/nowhere.tsx')).toEqual([]);
  });
});
