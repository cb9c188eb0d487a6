import { currentParishId } from '../../db/parish-scope.ts';

/**
 * The parish logo of a receipt PDF when Settings gives it as a web address (decision 0144): the
 * PDF is made on the server, which fetches the image once and keeps it. Data URLs need no fetch.
 * Safe defaults, for an address any admin may type: https only, no redirects, PNG or JPEG only
 * (by the answer's `Content-Type` and by the file's own signature), at most 512 KB, 3 seconds;
 * any failure gives no logo (the receipt is made without it, as before). Kept per parish and
 * address: a logo for an hour, a failure for five minutes (so a dead address costs one try per five
 * minutes, not one per receipt).
 */

/** The largest logo fetched, in bytes (512 KB). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** How long a logo fetch may take, in milliseconds. */
export const LOGO_TIMEOUT_MS = 3_000;
/** How long a fetched logo is kept, in milliseconds (1 hour). */
export const LOGO_KEEP_MS = 60 * 60 * 1000;
/** How long a failed fetch is remembered, in milliseconds (5 minutes). */
export const LOGO_FAILURE_KEEP_MS = 5 * 60 * 1000;

/** A fetched logo: its image type and bytes. */
export interface FetchedLogo {
  type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The most logos (and failures) kept before the map starts again. */
const KEPT_MAX = 500;

const kept = new Map<string, { logo: FetchedLogo | null; until: number }>();

/** Tests only: how the fetch may be loosened and timed. */
export interface LogoFetchOptions {
  /** Also accept `http://` on a loopback address (a local test server); never set in the product. */
  allowLoopbackHttp?: boolean;
  timeoutMs?: number;
  /** The clock, in milliseconds (Date.now by default). */
  now?: () => number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes really are (PNG or JPEG by their signature), or null. */
function imageTypeOf(bytes: Buffer): FetchedLogo['type'] | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Whether the logo may be fetched from this address: https (or loopback http for tests). */
function fetchable(url: URL, options: LogoFetchOptions): boolean {
  if (url.protocol === 'https:') return true;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  return url.protocol === 'http:' && loopback && options.allowLoopbackHttp === true;
}

/** Reads the body up to {@link LOGO_MAX_BYTES}; null when it is longer. */
async function boundedBody(response: Response): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > LOGO_MAX_BYTES) return null;
  if (!response.body) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > LOGO_MAX_BYTES) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** One fetch of the logo: the image, or null on any failure (never throws). */
async function fetchOnce(url: URL, options: LogoFetchOptions): Promise<FetchedLogo | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? LOGO_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      redirect: 'error',
      signal: controller.signal,
      headers: { accept: 'image/png, image/jpeg' },
    });
    if (!response.ok) return null;
    const declaredType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (declaredType !== 'image/png' && declaredType !== 'image/jpeg' && declaredType !== 'image/jpg') return null;
    const bytes = await boundedBody(response);
    const type = bytes ? imageTypeOf(bytes) : null;
    return bytes && type ? { type, bytes } : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The parish logo at a web address, for a receipt PDF (decision 0144): fetched once per parish
 * (the request's, `currentParishId()`) and address, then kept ({@link LOGO_KEEP_MS}; a failure
 * {@link LOGO_FAILURE_KEEP_MS}). https only, no redirects, PNG or JPEG (type and signature), at
 * most {@link LOGO_MAX_BYTES} bytes, {@link LOGO_TIMEOUT_MS} ms.
 * @param address the logo address from Settings (already trimmed or not)
 * @returns the image, or null for no logo (not an address it may fetch, or any failure)
 */
export async function fetchParishLogo(address: string, options: LogoFetchOptions = {}): Promise<FetchedLogo | null> {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (!fetchable(url, options)) return null;
  const now = (options.now ?? Date.now)();
  const key = `${currentParishId() ?? '-'}|${url.href}`;
  const known = kept.get(key);
  if (known && known.until > now) return known.logo;
  const logo = await fetchOnce(url, options);
  // A handful of parishes with one logo each: the map stays small; cleared should it ever grow.
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(key, { logo, until: now + (logo ? LOGO_KEEP_MS : LOGO_FAILURE_KEEP_MS) });
  return logo;
}

/** Tests only: forgets every kept logo. */
export function forgetParishLogos(): void {
  kept.clear();
}

/**
 * The receipt's logo as the PDF embeds it: a data URL as it is, a web address fetched
 * ({@link fetchParishLogo}) and turned into a data URL, else '' (no logo).
 */
export async function embeddableLogo(logoUrl: string, options: LogoFetchOptions = {}): Promise<string> {
  const trimmed = logoUrl.trim();
  if (trimmed === '' || trimmed.startsWith('data:')) return trimmed;
  const logo = await fetchParishLogo(trimmed, options);
  return logo ? `data:${logo.type};base64,${logo.bytes.toString('base64')}` : '';
}
