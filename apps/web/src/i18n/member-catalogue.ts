import type { MessageKey } from '@parish/shared';

import type { en } from './en.ts';

/**
 * What the member's side shows, and so what Malayalam, Hindi and Tamil translate (issue 17, item
 * 8; `docs/domain.md`, "Member languages"): the landing page, member sign-in, the portal
 * (dashboard, payment dialogs, gateway return pages), the shared words, the language switcher, and
 * the messages a member can meet. Every other key (the staff side) falls back to English.
 */
export const MEMBER_NAMESPACES = ['common', 'landing', 'memberLogin', 'portal', 'language'] as const;

/**
 * The member-side keys of namespaces the staff side shares (`docs/domain.md`, "Member languages"):
 * the test-payments band and the pending-checkout banner (`refunds`), the pay-only view of a
 * payment link and its confirmation page (`whatsapp.pay`, `whatsapp.done`). The rest of those namespaces is staff-only and stays English.
 */
export const MEMBER_PARTS = {
  refunds: ['band', 'checkout'],
  whatsapp: ['pay', 'done'],
} as const satisfies { [N in keyof typeof en]?: readonly (keyof (typeof en)[N])[] };

/**
 * Member-side keys whose translation may equal the English text: codes, numbers and names that
 * read the same in every language (an example parish number, the rupee sign, the gateway's name).
 * Any other member-side text identical to English is an untranslated one (catalogues.test.ts).
 */
export const SAME_AS_ENGLISH = [
  'memberLogin.mobilePlaceholder',
  'memberLogin.parishPlaceholder',
  'portal.tabs.countTotal',
  'portal.pending.currency',
  'portal.confirm.gatewayName',
] as const;

/** The shared messages (`MSG`) a member can meet: sign-in, session and payment answers. */
export const MEMBER_MESSAGE_KEYS = [
  'memberIdentifierBlank',
  'memberPasswordBlank',
  'loginFailed',
  'invalidMemberLogin',
  'tooManyAttempts',
  'sessionExpired',
  'requestTimeout',
  'networkError',
  'genericError',
  'arrearsFirst',
  'passwordTooShort',
  'passwordSameAsInitial',
  'currentPasswordWrong',
  'passwordsDiffer',
  'notFound',
  'payAtOffice',
  'invalidAmount',
  'signInCodeNotConfigured',
  'signInCodeWrong',
  'signInCodeFormat',
] as const satisfies readonly MessageKey[];

/** The same shape as `T`, every text a string (a translation of the English literal). */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

type Parts = typeof MEMBER_PARTS;

/** A member-side catalogue: exactly the English member keys, each translated. */
export type MemberCatalogue = Texts<Pick<typeof en, (typeof MEMBER_NAMESPACES)[number]>> & {
  readonly [N in keyof Parts]: Texts<Pick<(typeof en)[N], Extract<Parts[N][number], keyof (typeof en)[N]>>>;
} & {
  readonly messages: Record<(typeof MEMBER_MESSAGE_KEYS)[number], string>;
};

/** Every key of a nested catalogue, dotted (`portal.cards.paid`), each with its text. */
export function flattenCatalogue(tree: object, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of flattenCatalogue(value, path)) keys.set(k, v);
  }
  return keys;
}

/**
 * The English member-side catalogue: the member namespaces of `catalogue`, the member parts of the
 * shared namespaces (`MEMBER_PARTS`) and its member messages.
 */
export function memberPartOf(catalogue: typeof en): MemberCatalogue {
  const part: Record<string, unknown> = {};
  for (const namespace of MEMBER_NAMESPACES) part[namespace] = catalogue[namespace];
  for (const [namespace, keys] of Object.entries(MEMBER_PARTS)) {
    const texts = catalogue[namespace as keyof Parts] as Record<string, unknown>;
    part[namespace] = Object.fromEntries(keys.map((key) => [key, texts[key]]));
  }
  part.messages = Object.fromEntries(MEMBER_MESSAGE_KEYS.map((key) => [key, catalogue.messages[key]]));
  return part as MemberCatalogue;
}
