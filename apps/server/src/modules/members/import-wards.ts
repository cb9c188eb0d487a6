import { MAX_WARD_NAME_LENGTH, WARD_MSG } from '@parish/shared';
import { sql } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/*
 * The Ward column of the member import (decision 0126; `docs/domain.md`, "Wards"): a row's ward is
 * named, matched to a ward of the parish case-insensitively; an unknown name is created when the
 * import is applied (and listed by the dry run as a new ward); a blank cell is no ward.
 */

/**
 * A row's ward cell, trimmed (inner runs of spaces kept as the file had them).
 * @returns `{ ward }`: the name, or undefined for a blank or absent cell; `{ error }` when longer
 *   than {@link MAX_WARD_NAME_LENGTH} characters (the row is skipped with that message)
 */
export function wardOfCell(cell: string | undefined): { ward: string | undefined } | { error: string } {
  const name = cell?.trim() ?? '';
  if (name === '') return { ward: undefined };
  if (name.length > MAX_WARD_NAME_LENGTH) return { error: WARD_MSG.nameTooLong };
  return { ward: name };
}

/** The parish's wards by lower-cased name: their ids. */
async function wardIdsByName(db: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const lowered = names.map((name) => name.toLowerCase());
  const rows = await queryRows<{ id: string; key: string }>(
    db,
    sql`select id, lower(name) as key from wards where lower(name) = any(${sql.param(lowered)}::text[])`,
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** The distinct names among `names`, case-insensitively, each in its first spelling. */
function distinctNames(names: readonly (string | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (name !== undefined && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

/**
 * The ward names the import would create: those of `names` that name no ward of the parish.
 * @returns the names in first-seen order, first spelling of each
 */
export async function newWardNames(db: DbOrTx, names: readonly (string | undefined)[]): Promise<string[]> {
  const distinct = distinctNames(names);
  const existing = await wardIdsByName(db, distinct);
  return distinct.filter((name) => !existing.has(name.toLowerCase()));
}

/**
 * Creates the wards `names` name that do not exist yet (each audited `ward.created`, in one
 * transaction; a ward created meanwhile by someone else is simply used), then maps every name to
 * its ward's id.
 * @returns lower-cased name → ward id, for every name given
 */
export async function ensureWards(
  ctx: ServiceContext,
  names: readonly (string | undefined)[],
): Promise<Map<string, string>> {
  const distinct = distinctNames(names);
  if (distinct.length === 0) return new Map();
  return ctx.db.transaction(async (tx) => {
    const missing = await newWardNames(tx, distinct);
    if (missing.length > 0) {
      const created = await queryRows<{ id: string; name: string }>(
        tx,
        sql`insert into wards (name) select unnest(${sql.param(missing)}::text[])
            on conflict do nothing returning id, name`,
      );
      for (const ward of created) {
        await recordAudit(tx, ctx.audit, {
          action: 'ward.created',
          entityType: 'ward',
          entityId: ward.id,
          before: null,
          after: { id: ward.id, name: ward.name, memberCount: 0 },
        });
      }
    }
    return wardIdsByName(tx, distinct);
  });
}
