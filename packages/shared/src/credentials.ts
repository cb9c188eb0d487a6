/**
 * The member's initial password (`docs/domain.md`, §6 "Initial password"): the first 4 letters of the name
 * followed by the last 4 digits of the mobile number. Letters are taken as written, skipping
 * spaces, dots and other non-letters: `"K. Thomas", "919847012345"` -> `"KTho2345"`. A letter
 * keeps the combining marks written after it (Unicode categories L then M), so that in Indian
 * scripts a letter keeps its vowel sign or virama, as the member reads and types it:
 * `"ജോസഫ് മാത്യു"` -> `"ജോസഫ്മാ2345"` (ജോ, സ, ഫ്, മാ). The name is compared in NFC.
 * This is an accepted-risk rule (`docs/domain.md`, §11 "Accepted risks";
 * `docs/decisions/0001-derived-initial-password.md`): the server stores no copy of it (it is
 * derived again at each sign-in; a chosen password is stored as an Argon2id hash), shows it to
 * admins only while unchanged, and throttles sign-in tightly.
 */
export function initialMemberPassword(name: string, mobile: string): string {
  const letters = name.normalize('NFC').match(/\p{L}\p{M}*/gu) ?? [];
  const digits = mobile.replace(/\D/g, '');
  return `${letters.slice(0, 4).join('')}${digits.slice(-4)}`;
}
