import { z } from 'zod';

import { MSG } from '../messages.ts';
import { normalizeParishNumber } from '../parish-number.ts';
import { normalizeMobile } from '../phone.ts';
import { listSchema } from './common.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional free text: blank becomes undefined ("optional fields are sent only when filled"). */
const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The member form and member CSV row (`docs/domain.md`, §5 "Member form"), used by the
 * web form, the CSV import and the server alike. Output: `mobile` is 12 digits starting 91,
 * `parishNumber` is upper-case; blank optional fields are `undefined`.
 * Messages are the product's (`docs/domain.md`, §5 "Error and outcome messages").
 */
export const memberInputSchema = z.object({
  name: z.string({ error: MSG.memberRequired }).trim().min(1, MSG.memberRequired).max(100, MSG.nameTooLong),
  mobile: z
    .string({ error: MSG.memberRequired })
    .trim()
    .min(1, MSG.memberRequired)
    .transform((value, ctx) => {
      const result = normalizeMobile(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.mobile;
    }),
  parishNumber: z
    .string({ error: MSG.memberRequired })
    .trim()
    .min(1, MSG.memberRequired)
    .transform((value, ctx) => {
      const result = normalizeParishNumber(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.parishNumber;
    }),
  alternateContact: optionalText(20, 'Alternate contact must be at most 20 characters'),
  currentLocation: optionalText(100, 'Location must be at most 100 characters'),
  email: optionalText(254, MSG.invalidEmail).refine(
    (value) => value === undefined || EMAIL_PATTERN.test(value),
    MSG.invalidEmail,
  ),
  address: optionalText(500, MSG.addressTooLong),
  /**
   * The member's ward (decision 0126; `docs/domain.md`, "Wards"): a ward id, null for no ward.
   * Absent keeps the ward as it is (an edit from a form without the field does not clear it).
   */
  wardId: z.uuid({ error: 'Choose a ward from the list' }).nullable().optional(),
});

/** A member as entered (before normalisation). */
export type MemberInputRaw = z.input<typeof memberInputSchema>;
/** A member after validation and normalisation. */
export type MemberInput = z.output<typeof memberInputSchema>;

/**
 * A member as the API answers it (`docs/domain.md`, §7 "Entities on the wire"). Never the password hash.
 * `selectedParticulars` are the ids of the payment heads assigned to the member, in id order.
 */
export const memberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** 12 digits starting 91. */
  mobile: z.string(),
  parishNumber: z.string(),
  alternateContact: z.string().optional(),
  currentLocation: z.string().optional(),
  email: z.string().optional(),
  address: z.string().optional(),
  selectedParticulars: z.array(z.string()),
  isActive: z.boolean(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** Present (true) when the member opted out of WhatsApp messages (`docs/domain.md`, §9 "Opting out"). */
  whatsappOptOut: z.literal(true).optional(),
  /** The member's ward id (decision 0126); absent when the member belongs to no ward. */
  wardId: z.string().optional(),
});

/** A member in API answers. */
export type Member = z.infer<typeof memberSchema>;

/** The columns the member list may be sorted by (anything else is a 400). */
export const MEMBER_SORT_FIELDS = ['name', 'parishNumber', 'mobile', 'currentLocation', 'createdAt'] as const;

/** A sortable member column. */
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

/**
 * `GET /api/members` query: page (1-based, default 1), limit (default 10, at most 100), search
 * (name, mobile, parish number or location; case-insensitive substring), sortBy (whitelisted
 * column, default name), sortOrder (default asc) and wardId (a ward id, or `none`).
 */
export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  sortBy: z.enum(MEMBER_SORT_FIELDS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** Only the members of this ward (a ward id), or `none` for the members without a ward (decision 0126). */
  wardId: z.union([z.literal('none'), z.uuid()]).optional(),
});

/** The member list query after defaults. */
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

/**
 * `GET /api/members` answer: `{ items, total, totalIsLowerBound, page, limit }`. The total is
 * capped (`docs/domain.md`, §7 "Shapes the specification leaves open", issue 18): when more members match than the server
 * counts (1,000, or `page × limit` for a page further on), `total` is that cap and
 * `totalIsLowerBound` is true ("1,000+" on screen); otherwise `total` is exact and
 * `totalIsLowerBound` false.
 */
export const memberListSchema = listSchema(memberSchema).extend({ totalIsLowerBound: z.boolean() });

/**
 * `GET /api/admin/members/{id}/credentials` (admin only): the sign-in username (the member's
 * 12-digit mobile) and the initial password while it is unchanged, else `null`.
 */
export const memberCredentialsSchema = z.object({
  username: z.string(),
  password: z.string().nullable(),
  passwordChanged: z.boolean(),
});

/** A member's login credentials as the admin's view shows them. */
export type MemberCredentials = z.infer<typeof memberCredentialsSchema>;
