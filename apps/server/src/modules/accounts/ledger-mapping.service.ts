import { isDeepStrictEqual } from 'node:util';

import {
  ACCOUNTS_MSG,
  DEFAULT_LEDGER_MAPPING,
  TALLY_GROUPS,
  type LedgerMapping,
  type LedgerMappingInput,
} from '@parish/shared';
import { asc, sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { ledgerMappings, paymentHeads } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * A parish's ledger mapping (issue 30 item 1, decision 0146; `docs/domain.md`, "Accounts export"):
 * where each payment head's income and each way money arrives is booked in the parish's ledger.
 */

/** The stored mapping of the caller's parish, or null while the defaults apply. */
async function storedMapping(db: DbOrTx): Promise<{ mapping: LedgerMappingInput; updatedAt: string } | null> {
  const [row] = await db
    .select({ mapping: ledgerMappings.mapping, updatedAt: ledgerMappings.updatedAt })
    .from(ledgerMappings);
  return row ? { mapping: row.mapping, updatedAt: new Date(row.updatedAt).toISOString() } : null;
}

/**
 * The ledger mapping in force for the caller's parish: the stored one, or the defaults
 * ({@link DEFAULT_LEDGER_MAPPING}; each head's own name under Indirect Incomes), with every payment
 * head of the parish listed (a mapped head as mapped, any other with its defaults). A stored head
 * that no longer exists is left out.
 * @returns the mapping; `updatedAt` (UTC ISO) null while the defaults apply
 */
export async function getLedgerMapping(ctx: Pick<ServiceContext, 'db'>): Promise<LedgerMapping> {
  const stored = await storedMapping(ctx.db);
  const heads = await ctx.db
    .select({ id: paymentHeads.id, name: paymentHeads.name, year: paymentHeads.year })
    .from(paymentHeads)
    .orderBy(asc(paymentHeads.name), asc(paymentHeads.year));
  const mapped = new Map((stored?.mapping.heads ?? []).map((head) => [head.paymentHeadId, head]));
  const base = stored?.mapping ?? { ...DEFAULT_LEDGER_MAPPING, heads: [] };
  return {
    ...base,
    heads: heads.map((head) => {
      const own = mapped.get(head.id);
      return {
        paymentHeadId: head.id,
        name: head.name,
        year: head.year,
        ledger: own?.ledger ?? head.name.trim(),
        parent: own?.parent ?? TALLY_GROUPS.income,
        mapped: own !== undefined,
      };
    }),
    updatedAt: stored?.updatedAt ?? null,
  };
}

/**
 * Replaces the caller's parish's ledger mapping (admin, Parish Settings; decision 0146) and records
 * `settings.ledger_mapping_changed` with the mapping before (null while the defaults applied) and
 * after, in one transaction. Only heads mapped to something other than their default (own name,
 * Indirect Incomes) are stored. Saving the mapping in force changes nothing (no audit).
 * @param input the whole mapping, checked by `ledgerMappingInputSchema`
 * @returns the mapping in force afterwards ({@link getLedgerMapping})
 * @throws AppError 400 VALIDATION_FAILED when a head is not one of the parish's (nothing changes)
 */
export async function setLedgerMapping(ctx: ServiceContext, input: LedgerMappingInput): Promise<LedgerMapping> {
  const actor = actorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const heads = await tx.select({ id: paymentHeads.id, name: paymentHeads.name }).from(paymentHeads);
    const names = new Map(heads.map((head) => [head.id, head.name.trim()]));
    const unknown = input.heads.findIndex((head) => !names.has(head.paymentHeadId));
    if (unknown >= 0) throw badRequest(ACCOUNTS_MSG.unknownHead, `heads.${unknown}.paymentHeadId`);
    const next: LedgerMappingInput = {
      ...input,
      heads: input.heads.filter(
        (head) => head.ledger !== names.get(head.paymentHeadId) || head.parent !== TALLY_GROUPS.income,
      ),
    };
    const [row] = await queryRows<{ mapping: LedgerMappingInput }>(
      tx,
      sql`SELECT mapping FROM ledger_mappings FOR UPDATE`,
    );
    const before = row?.mapping ?? null;
    if (before !== null && isDeepStrictEqual(before, next)) return;
    await tx
      .insert(ledgerMappings)
      .values({ mapping: next, updatedBy: actor.id, updatedAt: ctx.clock.now().toISOString() })
      .onConflictDoUpdate({
        target: ledgerMappings.parishId,
        set: { mapping: next, updatedBy: actor.id, updatedAt: ctx.clock.now().toISOString() },
      });
    await recordAudit(tx, ctx.audit, {
      action: 'settings.ledger_mapping_changed',
      entityType: 'ledger_mapping',
      entityId: null,
      before,
      after: next,
    });
  });
  return getLedgerMapping(ctx);
}
