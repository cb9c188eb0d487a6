import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ASSET_DROPPED_HEADERS, MEMBER_LOGIN_PAGE } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/*
 * The built web app as the server sends it (`web-app.ts`): the Brotli or gzip copy the build
 * makes (`apps/web/vite.config.ts`) when the browser accepts it, else the original; hashed assets
 * cached for a year, pages never. A directory laid out as the build lays it out, made here.
 */

const SCRIPT = `console.log(${JSON.stringify('ജോസഫ് '.repeat(400))});\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** The member sign-in's page with the screen drawn in it (decision 0159), as the web build makes it. */
const SIGN_IN_PAGE = `<!doctype html><html lang="en"><body><div id="root" data-prerendered="member-login"><main>${'<p>Sign in</p>'.repeat(100)}</main></div></body></html>`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'parish-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files = {
    'index.html': PAGE,
    [MEMBER_LOGIN_PAGE]: SIGN_IN_PAGE,
    'assets/app-abc123.js': SCRIPT,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('the web app, compressed as the browser accepts', () => {
  it('sends a script as Brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('sends a script without the headers only a page needs, keeping nosniff and same-origin', async () => {
    const script = await get('/assets/app-abc123.js', 'br');
    for (const name of ASSET_DROPPED_HEADERS) expect(script.headers[name], name).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const headerBytes = Object.entries(script.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      0,
    );
    expect(headerBytes).toBeLessThan(400);
    // The page keeps them all.
    const page = await get('/', 'br');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-ratelimit-limit']).toBeDefined();
    expect(page.headers.etag).toBeDefined();
  });

  it('sends gzip to a browser that accepts only gzip, and the original to one that accepts neither', async () => {
    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    for (const plain of [await get('/assets/app-abc123.js', 'identity'), await get('/assets/app-abc123.js')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends the page compressed and never cached, at / and at a client-side route', async () => {
    for (const url of ['/', '/customer/login?mobile=9847012345', '/admin/members', '/customer/dashboard']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('sends the member sign-in drawn at /customer/login, and the plain page when a payment link adds a query', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/customer/login', encoding);
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(response.headers['content-type'], encoding).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy'], encoding).toContain("default-src 'self'");
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload).toString()
            : response.body;
      expect(body, encoding).toBe(SIGN_IN_PAGE);
    }
    for (const url of ['/customer/login?code=P-0042&type=payment', '/customer/login?mobile=9847012345']) {
      expect(brotliDecompressSync((await get(url, 'br')).rawPayload).toString(), url).toBe(PAGE);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/customer/login' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a missing file and an unknown API path with the JSON 404, not the page', async () => {
    for (const url of ['/assets/missing-000.js', '/api/no-such-thing']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('a build made before the member pages (decision 0159)', () => {
  it('sends the plain page at /customer/login', async () => {
    const older = mkdtempSync(path.join(os.tmpdir(), 'parish-web-dist-old-'));
    writeFileSync(path.join(older, 'index.html'), PAGE);
    const app = await createTestApp({ config: { webDistDir: older } });
    try {
      for (const url of ['/customer/login', '/customer/dashboard']) {
        const response = await app.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(PAGE);
      }
    } finally {
      await app.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
