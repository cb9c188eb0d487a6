import { eq } from 'drizzle-orm';

import type { WhatsAppSettings } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappSettings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * The parish's WhatsApp settings (`docs/domain.md`, §9 "Payment links without a password",
 * "Scheduled reminders"): payment links on or off, and the scheduled reminders' day and time. Read
 * by the payment links (`modules/whatsapp-links`) and the reminder schedule (`modules/reminders`),
 * both above this module.
 */

/**
 * The parish's WhatsApp settings row (id 1), defaults when it was never saved: links on, no schedule.
 */
export async function readWhatsAppSettings(db: DbOrTx): Promise<WhatsAppSettings> {
  const [row] = await db.select().from(whatsappSettings).where(eq(whatsappSettings.id, 1));
  return {
    payLinksEnabled: row?.payLinksEnabled ?? true,
    reminderDay: row?.reminderDay ?? null,
    reminderTime: row?.reminderTime ?? null,
  };
}

/**
 * Saves the WhatsApp settings (admin), audited `whatsapp.settings_updated` with before and after
 * in the same transaction.
 * @returns the settings as saved
 */
export async function updateWhatsAppSettings(ctx: ServiceContext, input: WhatsAppSettings): Promise<WhatsAppSettings> {
  return ctx.db.transaction(async (tx) => {
    const before = await readWhatsAppSettings(tx);
    const values = {
      payLinksEnabled: input.payLinksEnabled,
      reminderDay: input.reminderDay,
      reminderTime: input.reminderDay === null ? null : input.reminderTime,
    };
    await tx
      .insert(whatsappSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: [whatsappSettings.parishId, whatsappSettings.id],
        set: { ...values, updatedAt: ctx.clock.now().toISOString() },
      });
    const after = await readWhatsAppSettings(tx);
    await recordAudit(tx, ctx.audit, {
      action: 'whatsapp.settings_updated',
      entityType: 'whatsapp_settings',
      entityId: '1',
      before,
      after,
    });
    return after;
  });
}
