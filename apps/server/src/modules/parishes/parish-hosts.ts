import { sql } from 'drizzle-orm';

import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';

/**
 * A parish is found by the host name a request names (issue 28 item 3, decision 0125; `docs/parishes.md`,
 * "Found by host"): its own domain or a subdomain of the diocese's, registered in the global table
 * `parish_hosts` (migration 0025). Until any host is registered, a deployment with one parish serves
 * that parish on every address (localhost, a LAN address, PUBLIC_URL), as before.
 */

/** How long a read of `parish_hosts` is trusted, in milliseconds: another process's registration shows within it. */
export const PARISH_HOSTS_TTL_MS = 5_000;

/** The longest DNS name (RFC 1035): 253 characters without the trailing dot. */
export const MAX_HOST_LENGTH = 253;

/** A plain DNS name: lower-case labels of letters, digits and inner hyphens (what the table's CHECK holds). */
const DNS_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * A host name in the form `parish_hosts` keeps: trimmed, lower-case, without port and trailing dot.
 * @param raw a Host header's value (`name`, `name:port`, `[v6]:port`) or a bare name
 * @returns the DNS name, or null for anything else (empty, over 253 characters, an IPv6 literal,
 *   odd characters): such a host is never a registered one
 */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_HOST_LENGTH + 8) return null;
  let host = raw.trim().toLowerCase();
  const colon = host.indexOf(':');
  if (colon >= 0) {
    // name:port; an IPv6 literal (several colons, or brackets) is no DNS name.
    if (host.indexOf(':', colon + 1) >= 0 || !/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
    host = host.slice(0, colon);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > MAX_HOST_LENGTH || !DNS_NAME.test(host)) return null;
  return host;
}

/** One read of `parish_hosts` and the parish count. */
interface HostsSnapshot {
  /** Each registered host's parish. */
  parishOf: Map<string, number>;
  /** Each parish's oldest registered host: the one links name outside a request. */
  firstHostOf: Map<number, string>;
  /** How many parishes the deployment has. */
  parishCount: number;
  /** The lowest parish id (the only one when `parishCount` is 1). */
  firstParishId: number | null;
}

/** The snapshot of each database handle, with when it was read (`Date.now()`, ms). */
const snapshots = new WeakMap<object, { readAt: number; snapshot: Promise<HostsSnapshot> }>();

async function readSnapshot(db: Db): Promise<HostsSnapshot> {
  const rows = await queryRows<{
    parishCount: number;
    firstParishId: number | null;
    host: string | null;
    parishId: number | null;
  }>(
    db,
    sql`SELECT p.n::int AS "parishCount", p.first AS "firstParishId", h.host, h.parish_id AS "parishId"
          FROM (SELECT count(*) AS n, min(id) AS first FROM parishes) p
          LEFT JOIN parish_hosts h ON true
         ORDER BY h.created_at, h.host`,
  );
  const snapshot: HostsSnapshot = {
    parishOf: new Map(),
    firstHostOf: new Map(),
    parishCount: rows[0]?.parishCount ?? 0,
    firstParishId: rows[0]?.firstParishId ?? null,
  };
  for (const row of rows) {
    if (row.host === null || row.parishId === null) continue;
    snapshot.parishOf.set(row.host, row.parishId);
    if (!snapshot.firstHostOf.has(row.parishId)) snapshot.firstHostOf.set(row.parishId, row.host);
  }
  return snapshot;
}

/**
 * The hosts and parish count of `db`, read at most once per {@link PARISH_HOSTS_TTL_MS} (the whole
 * table: a few hundred rows for a diocese; an unknown host costs no statement). A failed read is not kept.
 */
async function hostsSnapshot(db: Db): Promise<HostsSnapshot> {
  const now = Date.now();
  const held = snapshots.get(db);
  if (held && now - held.readAt < PARISH_HOSTS_TTL_MS) return held.snapshot;
  const snapshot = readSnapshot(db);
  snapshots.set(db, { readAt: now, snapshot });
  snapshot.catch(() => {
    if (snapshots.get(db)?.snapshot === snapshot) snapshots.delete(db);
  });
  return snapshot;
}

/**
 * Drops this process's read of `parish_hosts` and the parish count, so the next lookup reads them
 * again: after registering a host or adding a parish. Other processes see the change within
 * {@link PARISH_HOSTS_TTL_MS}.
 */
export function forgetParishHosts(db: Db): void {
  snapshots.delete(db);
}

/** The parish a request's host names, and the registered host when it is one. */
export interface HostParish {
  parishId: number;
  /** The registered host (normalised), or null when the one-parish rule admitted an unregistered address. */
  host: string | null;
}

/**
 * The parish a host name belongs to: its row of `parish_hosts`; or, while no host is registered and
 * the deployment has exactly one parish, that parish whatever the host (a one-parish install keeps
 * working on localhost or a LAN address).
 * @param host a Host header's value or a bare name (normalised by {@link normalizeHost})
 * @returns the parish and the registered host, or null for a host no parish has (several parishes,
 *   or hosts registered and this one not among them)
 * @throws the database's error when `parish_hosts` cannot be read
 */
export async function parishOfRequestHost(db: Db, host: string | undefined): Promise<HostParish | null> {
  const snapshot = await hostsSnapshot(db);
  const name = normalizeHost(host);
  const parishId = name === null ? undefined : snapshot.parishOf.get(name);
  if (parishId !== undefined && name !== null) return { parishId, host: name };
  if (snapshot.parishOf.size === 0 && snapshot.parishCount === 1 && snapshot.firstParishId !== null) {
    return { parishId: snapshot.firstParishId, host: null };
  }
  return null;
}

/**
 * The parish id a host name belongs to ({@link parishOfRequestHost} without the host).
 * @returns the parish id, or null for a host no parish has
 */
export async function parishOfHost(db: Db, host: string): Promise<number | null> {
  return (await parishOfRequestHost(db, host))?.parishId ?? null;
}

/**
 * The oldest registered host of a parish: the address links name when no request says which
 * (a worker's message), decision 0125.
 * @returns the host, or null when the parish has none
 */
export async function firstHostOfParish(db: Db, parishId: number): Promise<string | null> {
  return (await hostsSnapshot(db)).firstHostOf.get(parishId) ?? null;
}

/**
 * Whether Caddy may get a certificate for `domain` (the on-demand TLS ask, `GET /api/tls/ask`):
 * a registered host; or, while no host is registered and there is one parish, the host of PUBLIC_URL.
 * @param domain what Caddy sent (a bare name); anything that is no DNS name is refused
 * @param publicUrl the configured PUBLIC_URL
 */
export async function tlsAllowed(db: Db, domain: string, publicUrl: string): Promise<boolean> {
  const name = normalizeHost(domain);
  if (name === null) return false;
  const snapshot = await hostsSnapshot(db);
  if (snapshot.parishOf.has(name)) return true;
  if (snapshot.parishOf.size > 0 || snapshot.parishCount !== 1) return false;
  return name === normalizeHost(new URL(publicUrl).host);
}

/**
 * Registers a host for a parish (`npm run parish:host`), or moves it to that parish when another
 * had it; forgets this process's read so the change shows at once here.
 * @param host a DNS name (normalised: lower-case, no port, no trailing dot)
 * @returns the normalised host and the parish it had before (null when new)
 * @throws Error when the host is no DNS name or the parish does not exist
 */
export async function registerParishHost(
  db: Db,
  parishId: number,
  host: string,
): Promise<{ host: string; previousParishId: number | null }> {
  const name = normalizeHost(host);
  if (name === null || host.includes(':')) throw new Error(`Not a host name: ${host}`);
  const [parish] = await queryRows<{ id: number }>(db, sql`SELECT id FROM parishes WHERE id = ${parishId}`);
  if (!parish) throw new Error(`No parish with the id ${parishId}`);
  const [before] = await queryRows<{ parishId: number }>(
    db,
    sql`SELECT parish_id AS "parishId" FROM parish_hosts WHERE host = ${name}`,
  );
  await upsertHost(db, name, parishId);
  forgetParishHosts(db);
  return { host: name, previousParishId: before?.parishId ?? null };
}

async function upsertHost(db: DbOrTx, host: string, parishId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO parish_hosts (host, parish_id) VALUES (${host}, ${parishId})
        ON CONFLICT (host) DO UPDATE SET parish_id = excluded.parish_id`,
  );
}

/** What `npm run parish:host` was asked: list the hosts, or register one for a parish. */
export type ParishHostCommand = { kind: 'list' } | { kind: 'register'; parishId: number; host: string };

/** The usage line `npm run parish:host` prints for arguments it does not take. */
export const PARISH_HOST_USAGE = 'Usage: npm run parish:host -- <parish-id> <host>   (or --list)';

/**
 * Reads the arguments of `npm run parish:host` (`docs/deploy.md`, "One server for a diocese").
 * @param args the arguments after `--`: `<parish-id> <host>`, or `--list`
 * @returns the command
 * @throws Error with {@link PARISH_HOST_USAGE} (and the reason) for anything else
 */
export function parseParishHostArgs(args: readonly string[]): ParishHostCommand {
  if (args.length === 1 && args[0] === '--list') return { kind: 'list' };
  const [id, host] = args;
  if (args.length !== 2 || id === undefined || host === undefined || !/^[1-9]\d{0,9}$/.test(id)) {
    throw new Error(PARISH_HOST_USAGE);
  }
  if (normalizeHost(host) === null || host.includes(':')) {
    throw new Error(
      `Not a host name: ${host} (a DNS name such as stmarys.diocese.example, no port)\n${PARISH_HOST_USAGE}`,
    );
  }
  return { kind: 'register', parishId: Number(id), host };
}

/**
 * Every registered host with its parish, for `npm run parish:host -- --list`.
 * @returns rows `{ host, parishId, parishName, createdAt }` (created_at as ISO UTC), by parish, then host
 */
export async function listParishHosts(
  db: Db,
): Promise<{ host: string; parishId: number; parishName: string; createdAt: string }[]> {
  return queryRows(
    db,
    sql`SELECT h.host, h.parish_id AS "parishId", p.name AS "parishName",
               to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
          FROM parish_hosts h JOIN parishes p ON p.id = h.parish_id
         ORDER BY h.parish_id, h.host`,
  );
}
