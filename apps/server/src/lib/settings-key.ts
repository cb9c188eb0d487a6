import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that seals each parish's secrets (gateway credentials, WhatsApp tokens) in the database
 * (issue 28 item 4, `docs/decisions/0130-parish-secrets-sealed-with-settings-key.md`).
 */

/** The file in DATA_DIR that holds a generated key when SETTINGS_KEY is not set (owner-only, 0600). */
export const SETTINGS_KEY_FILE = 'settings-key';

/** The key in use: the AES-256 key, its public id, and where it came from. */
export interface SettingsKey {
  /** 32 bytes: HMAC-SHA-256 of the SETTINGS_KEY text with the purpose string, the AES-256-GCM key. */
  key: Buffer;
  /**
   * A short public fingerprint of the key (16 hex characters of SHA-256 over a second derivation),
   * stored beside each sealed value so that a value sealed under another key is recognised without
   * trying to open it. Reveals nothing of the key.
   */
  id: string;
  /** `env`: SETTINGS_KEY; `file`: DATA_DIR/settings-key (read); `generated`: that file, written now. */
  source: 'env' | 'file' | 'generated';
  /** The file's path when `source` is `file` or `generated`; null for `env`. */
  file: string | null;
}

/**
 * The key of a SETTINGS_KEY text (any text of at least 32 characters; a generated key is 64
 * base64url characters): the AES key and its id, each an HMAC-SHA-256 derivation of its own.
 */
export function settingsKeyOf(
  text: string,
  source: SettingsKey['source'] = 'env',
  file: string | null = null,
): SettingsKey {
  const key = createHmac('sha256', text).update('parish-dues settings secrets v1').digest();
  const id = createHash('sha256')
    .update(createHmac('sha256', text).update('parish-dues settings key id v1').digest())
    .digest('hex')
    .slice(0, 16);
  return { key, id, source, file };
}

/**
 * The settings key of this server (decision 0130): SETTINGS_KEY when set; else `DATA_DIR/settings-key`,
 * read when it exists or generated now (48 random bytes, base64url, written owner-only). The caller
 * says so in the log when it was generated ({@link SettingsKey.source}); nothing pretends a key was
 * configured.
 * @param envValue SETTINGS_KEY (already checked to be at least 32 characters) or undefined
 * @param dataDir the absolute data directory (created, owner-only)
 * @throws Error when the file exists but is shorter than 32 characters (damaged)
 */
export function loadSettingsKey(envValue: string | undefined, dataDir: string): SettingsKey {
  if (envValue) return settingsKeyOf(envValue, 'env', null);
  const file = path.join(dataDir, SETTINGS_KEY_FILE);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length < 32) throw new Error(`${file} is damaged: a settings key has at least 32 characters`);
    return settingsKeyOf(text, 'file', file);
  }
  const text = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the same data folder wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadSettingsKey(undefined, dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return settingsKeyOf(text, 'generated', file);
}
