import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';

import type { LinkKeysText } from '../../lib/link-keys.ts';

/**
 * The backup file (`docs/deploy.md`, "Backups"; `docs/decisions/0032-backup-file.md`): one file
 * that holds the whole database.
 *
 * ```
 * PARISH-DUES-BACKUP 1\n          magic line
 * {header as JSON}\n              BackupHeader: engine, time, release, payload checksum, encryption
 * body                            [secrets: `header.secrets.bytes` of BackupSecrets JSON], then the
 *                                 payload: PGlite: the data directory as a gzip tar (PGlite's
 *                                 dumpDataDir); PostgreSQL: pg_dump's custom format
 *                                 encrypted: AES-256-GCM ciphertext of the body, then its 16-byte tag
 * ```
 *
 * With a passphrase the key is scrypt(passphrase, salt) and the header line is the cipher's
 * additional authenticated data, so neither the header nor the body can be changed unnoticed. The
 * secrets (the link keys, `docs/decisions/0071-backups-carry-the-link-keys.md`) are inside the body,
 * so they are encrypted like the database; files written before them have no `secrets` field.
 */

/** The first line of every backup file. */
export const BACKUP_MAGIC = 'PARISH-DUES-BACKUP 1';

/** scrypt's cost parameters (N = 2^15: about 0.1 s and 32 MiB; `maxmem` raised to match). */
const SCRYPT = { N: 32_768, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;
const TAG_BYTES = 16;

/** The JSON line after the magic line. */
export interface BackupHeader {
  /** Which engine the payload is for: `pglite` (data directory tar) or `postgres` (pg_dump -Fc). */
  engine: 'pglite' | 'postgres';
  /** When the snapshot was taken, ISO 8601 UTC. */
  takenAt: string;
  /** The release that wrote it (`APP_VERSION`). */
  appVersion: string;
  /** Migrations applied in the database at the time (rows of drizzle.__drizzle_migrations). */
  migrations: number;
  /** SHA-256 of the plain body (secrets, then payload), hex. */
  sha256: string;
  /** Size of the plain body (secrets, then payload) in bytes. */
  bytes: number;
  /** How many bytes of BackupSecrets JSON begin the plain body; absent or null in older files (no secrets). */
  secrets?: { bytes: number } | null;
  /** Null, or how the payload is encrypted. */
  encryption: null | {
    cipher: 'aes-256-gcm';
    kdf: 'scrypt';
    N: number;
    r: number;
    p: number;
    salt: string;
    iv: string;
  };
}

/**
 * What a backup carries besides the database (`docs/decisions/0071-backups-carry-the-link-keys.md`):
 * what the links the parish sent need to keep opening after a restore on another machine.
 */
export interface BackupSecrets {
  /** The keys of payment and receipt links (`lib/link-keys.ts`), base64url. */
  linkKeys: LinkKeysText;
  /** PUBLIC_URL when the backup was taken: the address every link sent names. */
  publicUrl: string;
}

/** Why a backup file could not be read: a message for the person restoring. */
export class BackupFileError extends Error {}

function deriveKey(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 32, { ...params, maxmem: SCRYPT_MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * The key of one encrypted backup file: scrypt(passphrase, salt) with a fresh random salt. It opens
 * only the file written with it (another file has another salt), so `npm run backup` can hand it to
 * the running server instead of the passphrase itself (issue 27 item 17, decision 0070).
 */
export interface BackupKey {
  /** The 32-byte AES-256 key. */
  key: Buffer;
  /** The 16-byte scrypt salt, written into the file's header. */
  salt: Buffer;
  N: number;
  r: number;
  p: number;
}

/** Derives a {@link BackupKey} from a passphrase with a fresh salt (about 0.1 s of scrypt). */
export async function newBackupKey(passphrase: string): Promise<BackupKey> {
  const salt = randomBytes(16);
  return { key: await deriveKey(passphrase, salt, SCRYPT), salt, ...SCRYPT };
}

/**
 * Builds the file's bytes from a plain payload.
 * @param header the header without checksum, size, secrets and encryption (filled in here)
 * @param encryption when given, the body is encrypted: with a key derived from this passphrase
 *   (a fresh salt), or with this already derived key ({@link newBackupKey}); undefined: plain
 * @param secrets what the body carries before the payload (none when null)
 */
export async function encodeBackup(
  header: Omit<BackupHeader, 'sha256' | 'bytes' | 'encryption' | 'secrets'>,
  payload: Buffer,
  encryption: string | BackupKey | undefined,
  secrets: BackupSecrets | null,
): Promise<Buffer> {
  const secretBytes = secrets ? Buffer.from(JSON.stringify(secrets)) : Buffer.alloc(0);
  const body = Buffer.concat([secretBytes, payload]);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const plainHeader = {
    ...header,
    sha256,
    bytes: body.length,
    secrets: secrets ? { bytes: secretBytes.length } : null,
  };
  if (!encryption) {
    const full: BackupHeader = { ...plainHeader, encryption: null };
    return Buffer.concat([Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`), body]);
  }
  const { key, salt, N, r, p } = typeof encryption === 'string' ? await newBackupKey(encryption) : encryption;
  const iv = randomBytes(12);
  const full: BackupHeader = {
    ...plainHeader,
    encryption: {
      cipher: 'aes-256-gcm',
      kdf: 'scrypt',
      N,
      r,
      p,
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
    },
  };
  const head = Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  return Buffer.concat([head, cipher.update(body), cipher.final(), cipher.getAuthTag()]);
}

/** Reads the header of a backup file without decrypting it. @throws BackupFileError when it is not one. */
export function readBackupHeader(file: Buffer): { header: BackupHeader; headBytes: number } {
  const firstNewline = file.indexOf(10);
  const secondNewline = firstNewline < 0 ? -1 : file.indexOf(10, firstNewline + 1);
  if (firstNewline < 0 || secondNewline < 0 || file.subarray(0, firstNewline).toString() !== BACKUP_MAGIC) {
    throw new BackupFileError('This is not a Parish Dues backup file.');
  }
  try {
    const header = JSON.parse(file.subarray(firstNewline + 1, secondNewline).toString('utf8')) as BackupHeader;
    return { header, headBytes: secondNewline + 1 };
  } catch (error) {
    throw new BackupFileError('The backup file is damaged: its header cannot be read.', { cause: error });
  }
}

/**
 * Opens a backup file: checks the header, decrypts with the passphrase when it is encrypted,
 * checks the body's SHA-256, and splits the body into the secrets and the database payload.
 * @returns the header, the payload, and the secrets (null in a file written before they were carried)
 * @throws BackupFileError when the file is not a backup, is damaged or truncated, needs a
 *   passphrase that was not given, or the passphrase is wrong
 */
export async function decodeBackup(
  file: Buffer,
  passphrase: string | undefined,
): Promise<{ header: BackupHeader; payload: Buffer; secrets: BackupSecrets | null }> {
  const { header, headBytes } = readBackupHeader(file);
  let payload = file.subarray(headBytes);
  if (header.encryption) {
    if (!passphrase) {
      throw new BackupFileError('This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.');
    }
    const { salt, iv, N, r, p } = header.encryption;
    const decipher = createDecipheriv(
      'aes-256-gcm',
      await deriveKey(passphrase, Buffer.from(salt, 'base64'), { N, r, p }),
      Buffer.from(iv, 'base64'),
    );
    decipher.setAAD(file.subarray(0, headBytes));
    decipher.setAuthTag(payload.subarray(payload.length - TAG_BYTES));
    try {
      payload = Buffer.concat([decipher.update(payload.subarray(0, payload.length - TAG_BYTES)), decipher.final()]);
    } catch (error) {
      throw new BackupFileError('The passphrase is wrong, or the backup file is damaged.', { cause: error });
    }
  }
  if (payload.length !== header.bytes || createHash('sha256').update(payload).digest('hex') !== header.sha256) {
    throw new BackupFileError('The backup file is damaged or incomplete: its checksum does not match.');
  }
  const secretBytes = header.secrets?.bytes ?? 0;
  let secrets: BackupSecrets | null = null;
  if (secretBytes > 0) {
    try {
      secrets = JSON.parse(payload.subarray(0, secretBytes).toString('utf8')) as BackupSecrets;
    } catch (error) {
      throw new BackupFileError('The backup file is damaged: its link keys cannot be read.', { cause: error });
    }
  }
  return { header, payload: payload.subarray(secretBytes), secrets };
}
