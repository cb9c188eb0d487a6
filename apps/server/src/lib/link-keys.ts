import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { derivedKey } from './secret-box.ts';

/**
 * The keys that sign the links the server sends outside the office: payment links and receipt
 * links (`docs/domain.md`, §9 "Payment links without a password";
 * `docs/decisions/0036-signed-payment-links.md`). Each is derived from JWT_SECRET for its purpose,
 * so a link key never signs an access token, and a backup can carry the link keys without the
 * secret that signs sessions (`docs/decisions/0071-backups-carry-the-link-keys.md`): after
 * `npm run restore` on another machine they are kept in `DATA_DIR/link-keys`, which then wins over
 * the ones derived from that machine's JWT_SECRET, so links sent before the backup still open.
 */
export interface LinkKeys {
  /** HMAC-SHA-256 key (32 bytes) of payment links (`/pay/<mobile>/<token>`). */
  pay: Buffer;
  /** HMAC-SHA-256 key (32 bytes) of receipt links (`/api/receipt-links/<token>`). */
  receipt: Buffer;
}

/** The file in DATA_DIR that holds restored link keys (JSON, base64url, mode 0600). */
export const LINK_KEYS_FILE = 'link-keys';

/** The link keys as text (`{ "pay": base64url, "receipt": base64url }`), as the file and a backup hold them. */
export interface LinkKeysText {
  pay: string;
  receipt: string;
}

/**
 * The link keys derived from a JWT secret: HMAC-SHA-256(secret, `parish-dues <purpose> links`), the
 * keys every link was signed with before link keys could be restored (so those links still open).
 */
export function linkKeysFromSecret(jwtSecret: string): LinkKeys {
  return {
    pay: derivedKey(jwtSecret, 'parish-dues pay links'),
    receipt: derivedKey(jwtSecret, 'parish-dues receipt links'),
  };
}

/** Link keys as text (base64url), for the file and a backup. */
export function linkKeysToText(keys: LinkKeys): LinkKeysText {
  return { pay: keys.pay.toString('base64url'), receipt: keys.receipt.toString('base64url') };
}

/**
 * Link keys from text.
 * @throws Error when either key is missing or not 32 bytes of base64url
 */
export function linkKeysFromText(text: unknown): LinkKeys {
  const value = (text ?? {}) as Partial<Record<keyof LinkKeysText, unknown>>;
  const key = (name: keyof LinkKeysText) => {
    const raw = value[name];
    const bytes = typeof raw === 'string' && /^[A-Za-z0-9_-]{43}$/.test(raw) ? Buffer.from(raw, 'base64url') : null;
    if (bytes?.length !== 32) throw new Error(`the ${name} link key is not 32 bytes of base64url`);
    return bytes;
  };
  return { pay: key('pay'), receipt: key('receipt') };
}

/**
 * The restored link keys of a data directory (`DATA_DIR/link-keys`), or null when it has none.
 * @throws Error naming the file when it cannot be read as link keys
 */
export function readLinkKeys(dataDir: string): LinkKeys | null {
  const file = path.join(dataDir, LINK_KEYS_FILE);
  if (!existsSync(file)) return null;
  try {
    return linkKeysFromText(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file} is damaged (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
}

/**
 * Writes restored link keys into `DATA_DIR/link-keys` (mode 0600, through a temporary file). A
 * different file already there is kept beside it as `link-keys.before-restore-<stamp>`.
 * @param stamp the suffix of a replaced file (the restore's time, without separators)
 * @returns where a replaced file was moved, or null
 */
export function writeLinkKeys(dataDir: string, keys: LinkKeys, stamp: string): string | null {
  const file = path.join(dataDir, LINK_KEYS_FILE);
  const text = `${JSON.stringify(linkKeysToText(keys))}\n`;
  let setAside: string | null = null;
  if (existsSync(file) && readFileSync(file, 'utf8') !== text) {
    setAside = `${file}.before-restore-${stamp}`;
    renameSync(file, setAside);
  }
  writeFileSync(`${file}.partial`, text, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return setAside;
}
