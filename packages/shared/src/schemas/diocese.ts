import { z } from 'zod';

import { HEAD_TYPES } from '../head-types.ts';
import { rupeesOutputSchema, rupeesSchema } from '../money-schemas.ts';
import { MSG } from '../messages.ts';
import { isStorableText } from '../safe-text.ts';

/**
 * The diocese's routes (issue 28 item 5, decision 0131; `docs/parishes.md`, "The diocese"): its
 * administrators sign in with their own routes and token, create parishes, invite each parish's first
 * admin, read roll-ups and set levies. No answer carries a member's name, mobile, e-mail or address.
 */

const storable = { message: MSG.unstorableText };

/** The plain-English messages of the diocese routes. */
export const DIOCESE_MSG = {
  loginBlank: 'Enter your username and password',
  invalidLogin: 'Invalid username or password',
  signInRequired: 'Sign in as the diocese administrator',
  parishNameRequired: 'Enter the parish name',
  hostRequired: 'Enter at least one host name, such as stmarys.diocese.example',
  hostInvalid: (host: string) => `Not a host name: ${host} (a DNS name such as stmarys.diocese.example, no port)`,
  hostTaken: (host: string) => `The host ${host} already belongs to a parish`,
  parishNotFound: 'Parish not found',
  usernameTaken: 'This username is already taken in this parish',
  periodInvalid: 'Choose a financial year (2026) or a month (2026-04)',
  levyShareNeedsHeadType: 'A share needs a head type and a share between 0% and 100%',
  levyFixedNeedsAmount: 'A fixed levy needs a yearly amount',
} as const;

/** `POST /api/diocese/auth/login` body. */
export const dioceseLoginSchema = z.object({
  username: z.string({ error: DIOCESE_MSG.loginBlank }).trim().min(1, DIOCESE_MSG.loginBlank).max(100),
  password: z.string({ error: DIOCESE_MSG.loginBlank }).min(1, DIOCESE_MSG.loginBlank).max(200),
});

/** The signed-in diocese administrator as the API answers it. */
export const dioceseAdminSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** True while signed in with a one-time password: only changing it is allowed. */
  passwordChangeRequired: z.boolean(),
});

/** A diocese administrator. */
export type DioceseAdmin = z.infer<typeof dioceseAdminSchema>;

/** `POST /api/diocese/auth/login` answer: a bearer token of the diocese kind, its lifetime in seconds, the admin. */
export const dioceseLoginResponseSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  admin: dioceseAdminSchema,
});

/** `POST /api/parishes` body of the diocese: a name and one to five host names. */
export const createParishSchema = z.object({
  name: z
    .string({ error: DIOCESE_MSG.parishNameRequired })
    .trim()
    .min(1, DIOCESE_MSG.parishNameRequired)
    .max(120)
    .refine(isStorableText, storable),
  hosts: z
    .array(z.string().trim().min(1).max(260), { error: DIOCESE_MSG.hostRequired })
    .min(1, DIOCESE_MSG.hostRequired)
    .max(5),
});

/** A parish as the diocese sees it: no member data, only counts. */
export const dioceseParishSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hosts: z.array(z.string()),
  /** Active staff accounts of the parish (0 until its first admin is invited). */
  staffCount: z.number().int(),
  /** Active members of the parish (a count, never who). */
  memberCount: z.number().int(),
  createdAt: z.string().nullable(),
});

/** A parish as the diocese sees it. */
export type DioceseParish = z.infer<typeof dioceseParishSchema>;

/** `POST /api/diocese/parishes/:id/invite` body: the first admin's username and name. */
export const inviteParishAdminSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, hyphens and underscores'),
  name: z.string().trim().min(1).max(100).refine(isStorableText, storable),
});

/** The invitation: the account made, the one-time password (shown once) and where to sign in. */
export const parishInviteSchema = z.object({
  username: z.string(),
  oneTimePassword: z.string(),
  signInUrl: z.string(),
});

/**
 * A roll-up period: a financial year (`2026`, April 2026 to March 2027) or a month (`2026-04`). A due
 * belongs to the period of its due date; a due without one (an arrear) to 1 April of its year.
 */
export const rollupPeriodSchema = z.string().regex(/^(20\d\d)(-(0[1-9]|1[0-2]))?$/, DIOCESE_MSG.periodInvalid);

/** `GET /api/diocese/rollup` query: period, page (1-based) of parishes. */
export const rollupQuerySchema = z.object({
  period: rollupPeriodSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /api/diocese/rollup/export` query: period and format. */
export const rollupExportQuerySchema = z.object({
  period: rollupPeriodSchema,
  format: z.enum(['csv', 'xlsx']),
});

/** One roll-up line: a parish and a head type, amounts in RUPEES (paise inside). */
export const rollupLineSchema = z.object({
  headType: z.enum(HEAD_TYPES),
  /** Dues of the period, waived ones left out. */
  raised: rupeesOutputSchema,
  /** Real money paid on them (test money is not money, decision 0114). */
  collected: rupeesOutputSchema,
  /** Still owed on them (pending, failed, or paid only by a test payment). */
  outstanding: rupeesOutputSchema,
  /** collected / raised × 100, one decimal, at most 100. */
  collectionRate: z.number(),
});

/** A parish's roll-up: its lines by head type and its total. */
export const rollupParishSchema = z.object({
  parishId: z.number().int(),
  name: z.string(),
  lines: z.array(rollupLineSchema),
  total: rollupLineSchema.omit({ headType: true }),
});

/** `GET /api/diocese/rollup` answer. */
export const rollupResponseSchema = z.object({
  period: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalParishes: z.number().int(),
  items: z.array(rollupParishSchema),
});

/** The roll-up answer. */
export type RollupResponse = z.infer<typeof rollupResponseSchema>;

/** The levy kinds: a share of a head type's collections, or a fixed sum a financial year. */
export const LEVY_KINDS = ['share', 'fixed'] as const;

/**
 * `PUT /api/diocese/parishes/:id/levies` body: one levy in force from `effectiveYear` (a financial
 * year). `share`: `headType` and `percent` (0 to 100, up to two decimals: basis points inside);
 * `fixed`: `amount` in rupees a year. 0 ends a levy.
 */
export const setLevySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('share'),
    headType: z.enum(HEAD_TYPES, { error: DIOCESE_MSG.levyShareNeedsHeadType }),
    percent: z
      .number({ error: DIOCESE_MSG.levyShareNeedsHeadType })
      .min(0, DIOCESE_MSG.levyShareNeedsHeadType)
      .max(100, DIOCESE_MSG.levyShareNeedsHeadType)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        message: 'Give the share with at most two decimals',
      }),
    effectiveYear: z.number().int().min(2000).max(2100),
  }),
  z.object({
    kind: z.literal('fixed'),
    amount: rupeesSchema,
    effectiveYear: z.number().int().min(2000).max(2100),
  }),
]);

/** A levy in force for a financial year, with what it comes to. Amounts in RUPEES. */
export const levyOwedSchema = z.object({
  kind: z.enum(LEVY_KINDS),
  headType: z.enum(HEAD_TYPES).nullable(),
  /** The share in per cent (basis points / 100), for kind share. */
  percent: z.number().nullable(),
  /** The yearly sum, for kind fixed. */
  fixedAmount: rupeesOutputSchema.nullable(),
  effectiveYear: z.number().int(),
  /** What the share is taken of: the head type's collections of the year (kind share), else null. */
  base: rupeesOutputSchema.nullable(),
  owed: rupeesOutputSchema,
});

/** `GET /api/diocese/levies?year=` answer: each parish's levies in force and what it owes. */
export const leviesResponseSchema = z.object({
  year: z.number().int(),
  items: z.array(
    z.object({
      parishId: z.number().int(),
      name: z.string(),
      levies: z.array(levyOwedSchema),
      totalOwed: rupeesOutputSchema,
    }),
  ),
  totalOwed: rupeesOutputSchema,
});

/** The levies answer. */
export type LeviesResponse = z.infer<typeof leviesResponseSchema>;
