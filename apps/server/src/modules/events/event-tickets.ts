import { createHash, randomBytes } from 'node:crypto';

import { ErrorCode, REPORT_MSG } from '@parish/shared';
import { sql } from 'drizzle-orm';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** How long a stream ticket may wait before it is redeemed (issue 6: short-lived, 30 s). */
export const TICKET_TTL_MS = 30_000;

/** Who a redeemed ticket lets listen. */
export interface StreamSubject {
  type: 'staff' | 'member';
  id: string;
  role: 'admin' | 'cashier' | 'customer';
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Issues a single-use stream ticket for the signed-in caller, so that the access token never goes
 * into a URL (`EventSource` cannot send headers). The ticket is 32 random bytes (base64url); only
 * its SHA-256 is stored, in the database, so any server process can redeem it exactly once.
 * Expired tickets older than an hour are swept on the way.
 * @returns the ticket and when it expires (ISO 8601 UTC, 30 s from the clock's now)
 * @throws AppError 401 without a signed-in caller
 */
export async function issueTicket(ctx: ServiceContext): Promise<{ ticket: string; expiresAt: string }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const now = ctx.clock.now();
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS).toISOString();
  await db.execute(
    sql`INSERT INTO event_tickets (ticket_hash, subject_type, subject_id, role, expires_at, created_at)
        VALUES (${hashOf(ticket)}, ${actor.type}, ${actor.id}::uuid, ${actor.role}, ${expiresAt}, ${now.toISOString()})`,
  );
  await db.execute(
    sql`DELETE FROM event_tickets WHERE expires_at < ${new Date(now.getTime() - 3_600_000).toISOString()}`,
  );
  return { ticket, expiresAt };
}

/**
 * Redeems a ticket at the clock's now: one conditional UPDATE marks it used only when it is
 * unused and unexpired, so of two concurrent redemptions exactly one wins. The account must
 * still be active.
 * @returns who may listen on the stream
 * @throws 401 `STREAM_TICKET_INVALID` {@link REPORT_MSG.badTicket} for an unknown, used or expired
 *   ticket, or an inactive account
 */
export async function redeemTicket(ctx: ServiceContext, input: { ticket: string }): Promise<StreamSubject> {
  const { db } = ctx;
  const { ticket } = input;
  const now = ctx.clock.now();
  const [row] = await queryRows<{ subject_type: 'staff' | 'member'; subject_id: string; role: StreamSubject['role'] }>(
    db,
    sql`UPDATE event_tickets SET used_at = ${now.toISOString()}
         WHERE ticket_hash = ${hashOf(ticket)} AND used_at IS NULL AND expires_at > ${now.toISOString()}
           AND CASE WHEN subject_type = 'staff'
                    THEN EXISTS (SELECT 1 FROM staff_users s WHERE s.id = subject_id AND s.is_active)
                    ELSE EXISTS (SELECT 1 FROM members m WHERE m.id = subject_id AND m.is_active) END
        RETURNING subject_type, subject_id, role`,
  );
  if (!row) throw new AppError(ErrorCode.STREAM_TICKET_INVALID, REPORT_MSG.badTicket);
  return { type: row.subject_type, id: row.subject_id, role: row.role };
}
