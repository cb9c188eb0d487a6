import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { publicAddressProblem } from '@parish/shared';

/**
 * The address the server answers at, as the commands print it (issue 27 item 23): `npm run demo`
 * and `npm run admin:reset` run without the server's environment more often than with it (another
 * shell, PORT set only for `npm start`), so the server records where it listened in
 * `DATA_DIR/server-url`, and a command prints that unless its own PUBLIC_URL or PORT says otherwise.
 */

/** The file in DATA_DIR that holds the address of the server that last started on it. */
export const SERVER_ADDRESS_FILE = 'server-url';

/**
 * Records where the server answers: PUBLIC_URL when set, else `http://localhost:<the port it
 * listens on>` (the real one, also with PORT=0). A failure to write is ignored: the address is
 * only what the commands print.
 * @param publicUrlSet whether PUBLIC_URL was given (then `publicUrl` is recorded as it is)
 */
export function recordServerAddress(dataDir: string, publicUrl: string, publicUrlSet: boolean, port: number): void {
  const address = publicUrlSet ? publicUrl : `http://localhost:${port}`;
  try {
    writeFileSync(path.join(dataDir, SERVER_ADDRESS_FILE), `${address}\n`, { mode: 0o600 });
  } catch {
    // Read-only or full disk: the commands fall back to their own configuration.
  }
}

/**
 * The address a command prints for signing in: its own configuration's (`publicUrl`) when its
 * environment sets PUBLIC_URL or PORT, else the address the server recorded in this data folder,
 * else `publicUrl` (`http://localhost:3000` by default).
 * @returns an http(s) origin without a trailing slash
 */
export function addressToPrint(
  config: { dataDir: string; publicUrl: string },
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.PUBLIC_URL || env.PORT) return config.publicUrl;
  try {
    const recorded = readFileSync(path.join(config.dataDir, SERVER_ADDRESS_FILE), 'utf8').trim();
    if (/^https?:\/\/[^\s]+$/.test(recorded)) return recorded.replace(/\/$/, '');
  } catch {
    // No server has started on this data folder yet.
  }
  return config.publicUrl;
}

/**
 * Warns once at start-up when `publicUrl` is `localhost` or a private address (decision 0117):
 * every WhatsApp reminder, receipt link and gateway return URL starts with it, so nobody outside
 * this computer or network could open them, and a live gateway checkout is refused.
 * @param log the server's logger (a warning with `publicUrl` and `problem`; nothing when public)
 */
export function warnPrivatePublicUrl(log: { warn(details: object, message: string): void }, publicUrl: string): void {
  const problem = publicAddressProblem(publicUrl);
  if (!problem) return;
  log.warn(
    { publicUrl, problem },
    'PUBLIC_URL is not a public address: links in WhatsApp reminders and receipts will not open on members’ phones, and live online payment is refused. Set PUBLIC_URL to the https address members reach this server at',
  );
}
