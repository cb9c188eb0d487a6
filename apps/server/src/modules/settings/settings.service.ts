import { eq } from 'drizzle-orm';

import {
  DEFAULT_LANGUAGE_NOT_OFFERED,
  LANGUAGES,
  RECEIPT_LANGUAGES,
  isLanguage,
  lineLimitPaise,
  paiseToRupees,
  publicAddressProblem,
  rupeesToPaise,
  type Paise,
  type Language,
  type ParishSettings,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { parishSettings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { publicUrlOf } from '../parishes/request-parish.ts';

/**
 * The parish settings (one row). Created at first start with the name from `PARISH_NAME`.
 * @returns `{ name, address, contact, logoUrl, currency: 'INR', receiptLanguage, maxLineAmount }`
 *   (receiptLanguage '' for English-only receipts, else ml, hi or ta: `docs/domain.md`, §8
 *   "Bilingual receipt"; maxLineAmount the bound on one line in rupees, one crore when not set:
 *   §4 "Limits on one line"; wardLabel 'ward' or 'family_unit', what the parish calls its wards,
 *   decision 0126; memberLanguages the languages offered to members in the order of `LANGUAGES`,
 *   all four by default, and defaultLanguage one of them, 'en' by default: decision 0135)
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
    ...memberLanguagesOf(row),
  };
}

/** The stored member languages (in the order of `LANGUAGES`) and default; all four and English without a row. */
function memberLanguagesOf(row: { memberLanguages: readonly string[]; defaultLanguage: string } | undefined): {
  memberLanguages: Language[];
  defaultLanguage: Language;
} {
  const offered = LANGUAGES.filter((language) => row?.memberLanguages.includes(language) ?? true);
  const memberLanguages = offered.length > 0 ? offered : [...LANGUAGES];
  const stored = row?.defaultLanguage;
  const defaultLanguage = isLanguage(stored) && memberLanguages.includes(stored) ? stored : memberLanguages[0]!;
  return { memberLanguages, defaultLanguage };
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
 *   second language, the bound on one line in rupees, the ward label, the languages offered to
 *   members and their default (each kept when absent; decision 0135).
 * @returns the settings after the change.
 * @throws AppError 400 when the default language would not be one of the offered languages
 *   (nothing changes).
 * @throws AppError 401 without a signed-in caller.
 */
export async function updateParishSettings(
  ctx: ServiceContext,
  input: Omit<ParishSettings, 'currency'>,
): Promise<ParishSettings> {
  actorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await getParishSettings(tx);
    const offered = input.memberLanguages ?? before.memberLanguages ?? LANGUAGES;
    if (!offered.includes(input.defaultLanguage ?? before.defaultLanguage ?? 'en')) {
      throw badRequest(DEFAULT_LANGUAGE_NOT_OFFERED, 'defaultLanguage');
    }
    const { maxLineAmount, memberLanguages, ...rest } = input;
    const fields =
      memberLanguages === undefined
        ? rest
        : { ...rest, memberLanguages: LANGUAGES.filter((language) => memberLanguages.includes(language)) };
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
