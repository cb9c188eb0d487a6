import { eq } from 'drizzle-orm';

import {
  RECEIPT_LANGUAGES,
  lineLimitPaise,
  paiseToRupees,
  publicAddressProblem,
  rupeesToPaise,
  type Paise,
  type ParishSettings,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { parishSettings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';

/**
 * The parish settings (one row). Created at first start with the name from `PARISH_NAME`.
 * @returns `{ name, address, contact, logoUrl, currency: 'INR', receiptLanguage, maxLineAmount }`
 *   (receiptLanguage '' for English-only receipts, else ml, hi or ta: `docs/domain.md`, §8
 *   "Bilingual receipt"; maxLineAmount the bound on one line in rupees, one crore when not set:
 *   §4 "Limits on one line"; wardLabel 'ward' or 'family_unit', what the parish calls its wards,
 *   decision 0126)
 */
export async function getParishSettings(db: DbOrTx): Promise<ParishSettings> {
  const [row] = await db.select().from(parishSettings).where(eq(parishSettings.id, 1));
  return {
    name: row?.name ?? 'Parish',
    address: row?.address ?? '',
    contact: row?.contact ?? '',
    logoUrl: row?.logoUrl ?? '',
    currency: 'INR',
    receiptLanguage: isReceiptLanguage(row?.receiptLanguage) ? row.receiptLanguage : '',
    maxLineAmount: paiseToRupees(lineLimitPaise(row?.maxLinePaise)),
    wardLabel: row?.wardLabel === 'family_unit' ? 'family_unit' : 'ward',
  };
}

/**
 * The bound on one line in force, in paise (`docs/domain.md`, §4 "Limits on one line", decision
 * 0105): the parish setting, else one crore. Read by the counter's collection and the online order.
 */
export async function getLineLimitPaise(db: DbOrTx): Promise<Paise> {
  const [row] = await db
    .select({ maxLinePaise: parishSettings.maxLinePaise })
    .from(parishSettings)
    .where(eq(parishSettings.id, 1));
  return lineLimitPaise(row?.maxLinePaise);
}

function isReceiptLanguage(value: unknown): value is (typeof RECEIPT_LANGUAGES)[number] {
  return typeof value === 'string' && (RECEIPT_LANGUAGES as readonly string[]).includes(value);
}

/** Creates the settings row on an empty database; leaves an existing one alone. */
export async function ensureParishSettings(db: DbOrTx, defaultName: string): Promise<void> {
  await db.insert(parishSettings).values({ id: 1, name: defaultName }).onConflictDoNothing();
}

/**
 * Whether the database is the demo parish made by `npm run demo` (`parish_settings.demo`), whose
 * gateways without credentials run in sandbox mode (`docs/domain.md`, §10 "Payment mode").
 */
export async function isDemoParish(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ demo: parishSettings.demo }).from(parishSettings).where(eq(parishSettings.id, 1));
  return row?.demo === true;
}

/**
 * Updates the settings (admin), with an audit event holding the before and after (the logo cut
 * to its first 80 characters) in the same transaction.
 * @param input name, address, contact and logo URL (the currency is always INR), the receipts'
 *   second language, the bound on one line in rupees and the ward label (each kept when absent).
 * @returns the settings after the change.
 * @throws AppError 401 without a signed-in caller.
 */
export async function updateParishSettings(
  ctx: ServiceContext,
  input: Omit<ParishSettings, 'currency'>,
): Promise<ParishSettings> {
  actorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await getParishSettings(tx);
    const { maxLineAmount, ...fields } = input;
    const values = maxLineAmount === undefined ? fields : { ...fields, maxLinePaise: rupeesToPaise(maxLineAmount) };
    await tx
      .insert(parishSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({
        target: [parishSettings.parishId, parishSettings.id],
        set: { ...values, updatedAt: ctx.clock.now().toISOString() },
      });
    const after = await getParishSettings(tx);
    await recordAudit(tx, ctx.audit, {
      action: 'settings.updated',
      entityType: 'parish_settings',
      entityId: '1',
      before: { ...before, logoUrl: before.logoUrl.slice(0, 80) },
      after: { ...after, logoUrl: after.logoUrl.slice(0, 80) },
    });
    return after;
  });
}

/**
 * The address links sent outside the office start with, and what is wrong with it (decision 0117):
 * PUBLIC_URL, or `https://` and the request's parish host when it is a registered one (decision 0125).
 * @returns `{ publicUrl, problem }`: problem `localhost`, `private` or null
 */
export async function publicAddress(ctx: ServiceContext) {
  const publicUrl = await publicUrlOf(ctx);
  return { publicUrl, problem: publicAddressProblem(publicUrl) };
}
