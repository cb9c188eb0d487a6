import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';

/**
 * The backup file (`docs/deploy.md`, "Backups"; `docs/decisions/0032-backup-file.md`): one file
 * that holds the whole database.
 *
 * ```
 * PARISH-DUES-BACKUP 1\n          magic line
 * {header as JSON}\n              BackupHeader: engine, time, release, payload checksum, encryption
 * payload                         PGlite: the data directory as a gzip tar (PGlite's dumpDataDir);
 *                                 PostgreSQL: pg_dump's custom format
 *                                 encrypted: AES-256-GCM ciphertext, then its 16-byte tag
 * ```
 *
 * With a passphrase the key is scrypt(passphrase, salt) and the header line is the cipher's
 * additional authenticated data, so neither the header nor the payload can be changed unnoticed.
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
  /** SHA-256 of the plain payload, hex. */
  sha256: string;
  /** Size of the plain payload in bytes. */
  bytes: number;
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
 * Builds the file's bytes from a plain payload.
 * @param header the header without checksum, size and encryption (filled in here)
 * @param passphrase when given, the payload is encrypted with it
 */
export async function encodeBackup(
  header: Omit<BackupHeader, 'sha256' | 'bytes' | 'encryption'>,
  payload: Buffer,
  passphrase: string | undefined,
): Promise<Buffer> {
  const sha256 = createHash('sha256').update(payload).digest('hex');
  if (!passphrase) {
    const full: BackupHeader = { ...header, sha256, bytes: payload.length, encryption: null };
    return Buffer.concat([Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`), payload]);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const full: BackupHeader = {
    ...header,
    sha256,
    bytes: payload.length,
    encryption: {
      cipher: 'aes-256-gcm',
      kdf: 'scrypt',
      ...SCRYPT,
      salt: salt.toString('base64'),
      iv: iv.toString('base64'),
    },
  };
  const head = Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, SCRYPT), iv);
  cipher.setAAD(head);
  const body = Buffer.concat([cipher.update(payload), cipher.final()]);
  return Buffer.concat([head, body, cipher.getAuthTag()]);
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
 * Opens a backup file: checks the header, decrypts with the passphrase when it is encrypted, and
 * checks the payload's SHA-256.
 * @throws BackupFileError when the file is not a backup, is damaged or truncated, needs a
 *   passphrase that was not given, or the passphrase is wrong
 */
export async function decodeBackup(
  file: Buffer,
  passphrase: string | undefined,
): Promise<{ header: BackupHeader; payload: Buffer }> {
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
  return { header, payload };
}
