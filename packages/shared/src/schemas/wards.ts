import { z } from 'zod';

import { rupeesOutputSchema } from '../money-schemas.ts';
import { memberDueRowSchema } from './reports.ts';

/** What a parish calls its wards (`parish_settings.ward_label`; decision 0126, `docs/domain.md` "Wards"). */
export const WARD_LABELS = ['ward', 'family_unit'] as const;

/** A ward label: 'ward' or 'family_unit'. */
export type WardLabel = (typeof WARD_LABELS)[number];

/** The longest ward name, in characters (after trimming). */
export const MAX_WARD_NAME_LENGTH = 60;

/** The plain-English messages of the ward routes (`docs/domain.md`, "Wards"). */
export const WARD_MSG = {
  nameRequired: 'Enter the ward name',
  nameTooLong: `The ward name must be at most ${MAX_WARD_NAME_LENGTH} characters`,
  duplicate: 'A ward with this name already exists',
  notFound: 'Ward not found',
  /** 400 of a ward filter that is neither a ward id nor `none`. */
  choose: 'Choose a ward from the list',
  /** 409 of `DELETE /api/wards/:id` while members belong to the ward. */
  hasMembers: (count: number) =>
    `Move its ${count} ${count === 1 ? 'member' : 'members'} to another ward first: a ward with members cannot be deleted`,
  /** 409 of `DELETE /api/wards/:id` while a ward leader leads the ward (decision 0129). */
  hasLeader: 'Give its ward leader another ward first: a ward with a ward leader cannot be deleted',
} as const;

/**
 * `POST /api/wards` and `PATCH /api/wards/:id` body (admin): `{ name }`, trimmed, 1 to
 * {@link MAX_WARD_NAME_LENGTH} characters. Unique in the parish, case-insensitively (409 `DUPLICATE_WARD`).
 */
export const wardInputSchema = z.object({
  name: z
    .string({ error: WARD_MSG.nameRequired })
    .trim()
    .min(1, WARD_MSG.nameRequired)
    .max(MAX_WARD_NAME_LENGTH, WARD_MSG.nameTooLong),
});

/** A ward as entered, after trimming. */
export type WardInput = z.output<typeof wardInputSchema>;

/** A ward as the API answers it: id, name and the number of active members in it. */
export const wardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Active members of the ward. */
  memberCount: z.number().int(),
});

/** A ward in API answers. */
export type Ward = z.infer<typeof wardSchema>;

/** `GET /api/wards` answer: every ward of the parish, sorted by name (case-insensitive). */
export const wardListSchema = z.array(wardSchema);

/**
 * One row of the ward-wise report (`GET /api/reports/wards`): a ward, or the members without one
 * (`wardId: null`, `name: null`). `members` counts active members; the money is in RUPEES over
 * every member of the ward (a deactivated member's paid history stays): `raised` the dues assigned,
 * `collected` paid (test money excluded, decision 0114), `pending` still owed (a due paid by a test
 * payment counts as owed); `collectionRate` = collected / raised × 100, one decimal, capped at 100.
 */
export const wardReportRowSchema = z.object({
  wardId: z.string().nullable(),
  name: z.string().nullable(),
  members: z.number().int(),
  raised: rupeesOutputSchema,
  collected: rupeesOutputSchema,
  pending: rupeesOutputSchema,
  collectionRate: z.number(),
});

/** One row of the ward-wise report. */
export type WardReportRow = z.infer<typeof wardReportRowSchema>;

/** `GET /api/reports/wards` answer: the wards by name, then the "no ward" row. */
export const wardReportSchema = z.object({ items: z.array(wardReportRowSchema) });

/**
 * A ward filter of figures and lists (issue 28 item 7, decision 0136): `?wardId=` a ward of the
 * parish, or `none` for the members without a ward; absent for the whole parish. A ward that is
 * not the parish's answers 400 (field `wardId`) from the service. Used by `GET /api/admin/dashboard`,
 * `GET /api/reports/wards` and `POST /api/admin/send-all-reminders`.
 */
export const wardFilterQuerySchema = z.object({
  wardId: z.union([z.literal('none'), z.uuid({ error: WARD_MSG.choose })], { error: WARD_MSG.choose }).optional(),
});

/** A ward filter as parsed: a ward id, `none`, or undefined for the whole parish. */
export type WardFilter = z.output<typeof wardFilterQuerySchema>['wardId'];

/**
 * One ward's members (issue 28 item 7): `?wardId=` a ward of the parish, absent for the whole
 * parish. Walk-through rounds (`POST /api/admin/reminders/rounds`) take it.
 */
export const oneWardQuerySchema = z.object({ wardId: z.uuid({ error: WARD_MSG.choose }).optional() });

/** The most members `GET /api/reports/wards/dues` lists: a ward is a few hundred members (decision 0126). */
export const WARD_DUES_LIMIT = 500;

/**
 * `GET /api/reports/wards/dues` answer (decision 0136): the members of one ward who owe something,
 * largest total pending first, at most {@link WARD_DUES_LIMIT}; amounts in RUPEES by due group and
 * in total, as the Member-wise Due report's rows. A ward leader gets their own ward's.
 */
export const wardDuesSchema = z.object({ items: z.array(memberDueRowSchema) });

/** The member-due list of one ward. */
export type WardDues = z.infer<typeof wardDuesSchema>;
