import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * A 256-bit key for one purpose, derived from the server's JWT_SECRET with HMAC-SHA-256 (the
 * purpose is the message), so that each use of the secret has a key of its own.
 */
export function derivedKey(jwtSecret: string, purpose: string): Buffer {
  return createHmac('sha256', jwtSecret).update(purpose).digest();
}

/**
 * Encrypts a short text with AES-256-GCM under `key` (32 bytes): `v1.<iv>.<tag>.<ciphertext>`,
 * each part base64url, a fresh 96-bit IV each time.
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Decrypts what {@link sealText} made with the same key.
 * @returns the text, or null when the value is malformed or was sealed under another key (e.g. a
 *   database restored on a server with another JWT_SECRET).
 */
export function openText(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
