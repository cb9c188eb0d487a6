import { and, eq, sql } from 'drizzle-orm';

import { ErrorCode, OFFICE_MSG, type CollectDuesResult } from '@parish/shared';

import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { idempotencyKeys } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';

/** A request's `Idempotency-Key` and the SHA-256 of its validated body (decision 0022). */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/**
 * Claims an `Idempotency-Key` for this caller inside the collection's transaction, as its first
 * statement (decision 0022): the insert of a key another transaction is inserting waits for it to
 * end, so a concurrent double submit sees the first one's committed answer.
 * @returns null when this request owns the key (do the work), else the first answer.
 * @throws 422 `IDEMPOTENCY_KEY_REUSED` when the key was used with a different body.
 */
export async function claimKey(
  tx: DbOrTx,
  actorId: string,
  claim: IdempotencyClaim,
): Promise<CollectDuesResult | null> {
  const { key, requestHash } = claim;
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`insert into idempotency_keys (actor_id, key, request_hash, response)
        values (${actorId}, ${key}, ${requestHash}, 'null'::jsonb)
        on conflict (parish_id, actor_id, key) do nothing returning key`,
  );
  if (claimed.length > 0) return null;
  const [earlier] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.requestHash !== requestHash) {
    throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, OFFICE_MSG.idempotencyMismatch);
  }
  return earlier.response as CollectDuesResult;
}

/** Keeps the answer of a claimed key, in the collection's transaction, for a repeated request to get. */
export async function storeAnswer(tx: DbOrTx, actorId: string, key: string, answer: CollectDuesResult): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, key)));
}
