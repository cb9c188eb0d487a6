import {
  DIOCESE_MSG,
  ErrorCode,
  HEAD_TYPES,
  paise,
  paiseToRupees,
  rupeesToPaise,
  type HeadType,
  type LeviesResponse,
  type Paise,
  type RollupResponse,
  type setLevySchema,
} from '@parish/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { AppDeps } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { runAsOwner } from '../../db/parish-scope.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { tableDownload, type Download, type TableFormat } from '../../lib/table-download.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { newOneTimePassword } from '../auth/password-resets.service.ts';
import { forgetParishHosts, normalizeHost } from '../parishes/parish-hosts.ts';
import { paymentRate } from '../reports/report-sql.ts';
import {
  periodDays,
  readLeviesInForce,
  readParishes,
  readRollupSums,
  type ParishRow,
  type RollupSums,
} from './diocese-reads.ts';

/**
 * The diocese's work (issue 28 item 5, decision 0131): parishes made and their first admin invited,
 * roll-ups per parish and head type, levies. Cross-parish reads live in `diocese-reads.ts` and run as
 * the owner (`runAsOwner`, `db/parish-scope.ts`: not held by the parish policies); a write into one
 * parish sets that parish for its transaction (`set_config('app.parish_id', .., true)`, as the parish
 * import does), so it runs as `parish_app` and row-level security's WITH CHECK holds it to that parish.
 */

/** Every parish, read as the owner (the counts cross parishes). */
function parishesAsOwner(deps: Pick<AppDeps, 'db'>): Promise<ParishRow[]> {
  return runAsOwner(() => readParishes(deps.db));
}

/** Who acted, for the parish audit records the diocese writes. */
export interface DioceseActor {
  id: string;
  username: string;
}

/**
 * Every parish with its hosts and counts (no member data).
 * @returns the parishes, by name
 */
export function listParishes(deps: Pick<AppDeps, 'db'>): Promise<ParishRow[]> {
  return parishesAsOwner(deps);
}

/**
 * Makes a parish served at `hosts`: its row of `parishes`, its settings row (named, id 1) and its
 * time zone row (the deployment's PARISH_TIMEZONE), what a fresh parish needs to open (migration
 * 0024: the home parish has the same rows); the receipt counters, WhatsApp settings and data
 * versions are made on first use. The hosts are registered for it (`parish_hosts`). One transaction.
 * @returns the parish as the diocese sees it
 * @throws AppError 400 `VALIDATION_FAILED` for a host that is no DNS name; 409 `CONFLICT` for a host
 *   another parish has (nothing is made)
 */
export async function createParish(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { name: string; hosts: string[] },
): Promise<ParishRow> {
  const hosts: string[] = [];
  for (const raw of input.hosts) {
    const host = normalizeHost(raw);
    if (host === null || raw.includes(':')) throw badRequest(DIOCESE_MSG.hostInvalid(raw), 'hosts');
    if (!hosts.includes(host)) hosts.push(host);
  }
  const parishId = await deps.db.transaction(async (tx) => {
    const taken = await queryRows<{ host: string }>(
      tx,
      sql`SELECT host FROM parish_hosts WHERE host = ANY(${sql.param(hosts)}::text[]) ORDER BY host`,
    );
    if (taken[0]) throw conflict(DIOCESE_MSG.hostTaken(taken[0].host));
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO parishes (name) VALUES (${input.name}) RETURNING id`,
    );
    const id = Number(made?.id);
    await tx.execute(sql`SELECT set_config('app.parish_id', ${String(id)}, true)`);
    await tx.execute(sql`INSERT INTO parish_settings (parish_id, id, name) VALUES (${id}, 1, ${input.name})`);
    await tx.execute(
      sql`INSERT INTO parish_timezone (parish_id, id, timezone) VALUES (${id}, 1, ${deps.config.parishTimezone})`,
    );
    for (const host of hosts) {
      await tx.execute(sql`INSERT INTO parish_hosts (host, parish_id) VALUES (${host}, ${id})`);
    }
    return id;
  });
  forgetParishHosts(deps.db);
  const parish = (await parishesAsOwner(deps)).find((row) => row.id === parishId);
  if (!parish) throw new Error('the parish just made is missing');
  return parish;
}

/**
 * Invites a parish's admin: a staff account of role admin in that parish with a one-time password
 * (shown once), which must be changed at the first sign-in at the parish's host
 * (`passwordMustChange`, as a password reset does; `docs/domain.md`, "Password resets"). Audited in
 * the parish as `staff_user.created` by the system actor `diocese: <username>`.
 * @returns the username, the one-time password and the sign-in address (the parish's first host)
 * @throws AppError 404 for an unknown parish; 409 `DUPLICATE_USERNAME` when the parish has that username
 */
export async function inviteParishAdmin(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: DioceseActor,
  parishId: number,
  input: { username: string; name: string },
): Promise<{ username: string; oneTimePassword: string; signInUrl: string }> {
  const parish = (await parishesAsOwner(deps)).find((row) => row.id === parishId);
  if (!parish) throw notFound(DIOCESE_MSG.parishNotFound);
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.parish_id', ${String(parishId)}, true)`);
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM staff_users WHERE parish_id = ${parishId} AND lower(username) = ${input.username.toLowerCase()}`,
    );
    if (existing) throw conflict(DIOCESE_MSG.usernameTaken, ErrorCode.DUPLICATE_USERNAME);
    const [made] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO staff_users (parish_id, username, name, role, password_hash, password_must_change)
          VALUES (${parishId}, ${input.username}, ${input.name}, 'admin', ${passwordHash}, true) RETURNING id`,
    );
    if (!made) throw new Error('insert returned nothing');
    await recordAudit(
      tx,
      { actorType: 'system', actorId: null, actorName: `diocese: ${actor.username}`, requestId: null, ip: null },
      {
        action: 'staff_user.created',
        entityType: 'staff_user',
        entityId: made.id,
        after: {
          _id: made.id,
          username: input.username,
          name: input.name,
          role: 'admin',
          isActive: true,
          createdAt: new Date().toISOString(),
        },
      },
    );
  });
  const host = parish.hosts[0];
  const base = host ? `https://${host}` : deps.config.publicUrl;
  return { username: input.username, oneTimePassword, signInUrl: `${base}/admin/login` };
}

function line(sums: { raisedPaise: Paise; collectedPaise: Paise; outstandingPaise: Paise }) {
  return {
    raised: paiseToRupees(sums.raisedPaise),
    collected: paiseToRupees(sums.collectedPaise),
    outstanding: paiseToRupees(sums.outstandingPaise),
    collectionRate: paymentRate(sums.collectedPaise, sums.raisedPaise),
  };
}

function addSums(rows: RollupSums[]): { raisedPaise: Paise; collectedPaise: Paise; outstandingPaise: Paise } {
  return {
    raisedPaise: paise(rows.reduce((total, row) => total + row.raisedPaise, 0)),
    collectedPaise: paise(rows.reduce((total, row) => total + row.collectedPaise, 0)),
    outstandingPaise: paise(rows.reduce((total, row) => total + row.outstandingPaise, 0)),
  };
}

/**
 * The roll-up of a period (decision 0131): a page of parishes (by name), each with one line per head
 * type it has dues of in the period (raised, collected, outstanding, collection rate) and its total.
 * Amounts in RUPEES, exact to the paisa; test money is not money (decision 0114).
 * @param input.period a financial year (`2026`) or a month (`2026-04`)
 * @param input.page 1-based page of `pageSize` parishes
 */
export async function rollup(
  deps: Pick<AppDeps, 'db'>,
  input: { period: string; page: number; pageSize: number },
): Promise<RollupResponse> {
  const parishes = await parishesAsOwner(deps);
  const pageParishes = parishes.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
  const { from, to } = periodDays(input.period);
  const sums =
    pageParishes.length === 0
      ? []
      : await runAsOwner(() =>
          readRollupSums(deps.db, { from, to, parishIds: pageParishes.map((parish) => parish.id) }),
        );
  return {
    period: input.period,
    page: input.page,
    pageSize: input.pageSize,
    totalParishes: parishes.length,
    items: pageParishes.map((parish) => {
      const own = sums.filter((row) => row.parishId === parish.id);
      return {
        parishId: parish.id,
        name: parish.name,
        lines: own.map((row) => ({ headType: row.headType, ...line(row) })),
        total: line(addSums(own)),
      };
    }),
  };
}

/** Head types as the roll-up download names them. */
const HEAD_TYPE_LABELS: Record<HeadType, string> = {
  arrear: 'Arrear',
  'current due': 'Current Due',
  miscellaneous: 'Miscellaneous',
};

/**
 * The roll-up of a period as a download (CSV or Excel), every parish: one row per parish and head
 * type, then the parish's total row; amounts in rupees with two decimals. Named
 * `diocese_rollup_<period>.csv` / `.xlsx`.
 */
export async function rollupExport(
  deps: Pick<AppDeps, 'db'>,
  input: { period: string; format: TableFormat },
): Promise<Download> {
  const parishes = await parishesAsOwner(deps);
  const { from, to } = periodDays(input.period);
  const sums = await runAsOwner(() => readRollupSums(deps.db, { from, to, parishIds: null }));
  async function* rows() {
    yield [['Parish', 'Head type', 'Raised', 'Collected', 'Outstanding', 'Collection rate (%)']];
    for (const parish of parishes) {
      const own = sums.filter((row) => row.parishId === parish.id);
      const chunk = own.map((row) => {
        const figures = line(row);
        return [
          parish.name,
          HEAD_TYPE_LABELS[row.headType],
          figures.raised.toFixed(2),
          figures.collected.toFixed(2),
          figures.outstanding.toFixed(2),
          figures.collectionRate,
        ];
      });
      const total = line(addSums(own));
      chunk.push([
        parish.name,
        'Total',
        total.raised.toFixed(2),
        total.collected.toFixed(2),
        total.outstanding.toFixed(2),
        total.collectionRate,
      ]);
      yield chunk;
    }
  }
  return tableDownload(`diocese_rollup_${input.period}`, input.format, rows());
}

/**
 * Sets a parish's levy from a financial year on (decision 0131): a share (per cent, two decimals,
 * stored as basis points) of one head type's collections, or a fixed sum a year (stored in paise).
 * Setting the same parish, kind, head type and year again replaces that row.
 * @throws AppError 404 for an unknown parish
 */
export async function setLevy(
  deps: Pick<AppDeps, 'db'>,
  parishId: number,
  input: z.output<typeof setLevySchema>,
): Promise<void> {
  const [parish] = await queryRows<{ id: number }>(deps.db, sql`SELECT id FROM parishes WHERE id = ${parishId}`);
  if (!parish) throw notFound(DIOCESE_MSG.parishNotFound);
  const headType = input.kind === 'share' ? input.headType : null;
  const basisPoints = input.kind === 'share' ? Math.round(input.percent * 100) : null;
  const fixedPaise = input.kind === 'fixed' ? rupeesToPaise(input.amount) : null;
  if (fixedPaise !== null && fixedPaise < 0) throw badRequest(DIOCESE_MSG.levyFixedNeedsAmount, 'amount');
  await deps.db.execute(
    sql`INSERT INTO diocese_levies (parish_id, kind, head_type, basis_points, fixed_paise, effective_year)
        VALUES (${parishId}, ${input.kind}, ${headType}, ${basisPoints}, ${fixedPaise}, ${input.effectiveYear})
        ON CONFLICT ON CONSTRAINT diocese_levies_slot_year_uq
        DO UPDATE SET basis_points = excluded.basis_points, fixed_paise = excluded.fixed_paise, updated_at = now()`,
  );
}

/**
 * A share of collections in paise: `base × basisPoints / 10,000`, rounded half up to the paisa.
 * @param basePaise the collections (paise, non-negative)
 * @param basisPoints 0 to 10,000
 */
export function shareOf(basePaise: Paise, basisPoints: number): Paise {
  return paise(Number((BigInt(basePaise) * BigInt(basisPoints) + 5_000n) / 10_000n));
}

/**
 * What each parish owes the diocese for financial year `year` (decision 0131): the levies in force
 * that year; a share is taken of what the parish collected that year on dues of its head type (the
 * roll-up's `collected` of the financial year), a fixed levy is its yearly sum. Amounts in RUPEES.
 * @returns every parish (by name), with its levies and total; the diocese's total
 */
export async function leviesOwed(deps: Pick<AppDeps, 'db'>, year: number): Promise<LeviesResponse> {
  const parishes = await parishesAsOwner(deps);
  const levies = await runAsOwner(() => readLeviesInForce(deps.db, year));
  const { from, to } = periodDays(String(year));
  const sums = levies.some((levy) => levy.kind === 'share')
    ? await runAsOwner(() =>
        readRollupSums(deps.db, { from, to, parishIds: [...new Set(levies.map((levy) => levy.parishId))] }),
      )
    : [];
  let diocesePaise = 0;
  const items = parishes.map((parish) => {
    let parishPaise = 0;
    const own = levies
      .filter((levy) => levy.parishId === parish.id)
      .sort(
        (a, b) =>
          a.kind.localeCompare(b.kind) ||
          HEAD_TYPES.indexOf(a.headType ?? 'arrear') - HEAD_TYPES.indexOf(b.headType ?? 'arrear'),
      )
      .map((levy) => {
        const base =
          levy.kind === 'share'
            ? paise(
                sums
                  .filter((row) => row.parishId === parish.id && row.headType === levy.headType)
                  .reduce((total, row) => total + row.collectedPaise, 0),
              )
            : null;
        const owed =
          levy.kind === 'share' ? shareOf(base ?? paise(0), levy.basisPoints ?? 0) : (levy.fixedPaise ?? paise(0));
        parishPaise += owed;
        return {
          kind: levy.kind,
          headType: levy.headType,
          percent: levy.basisPoints === null ? null : levy.basisPoints / 100,
          fixedAmount: levy.fixedPaise === null ? null : paiseToRupees(levy.fixedPaise),
          effectiveYear: levy.effectiveYear,
          base: base === null ? null : paiseToRupees(base),
          owed: paiseToRupees(owed),
        };
      });
    diocesePaise += parishPaise;
    return { parishId: parish.id, name: parish.name, levies: own, totalOwed: paiseToRupees(paise(parishPaise)) };
  });
  return { year, items, totalOwed: paiseToRupees(paise(diocesePaise)) };
}
