/**
 * The member's initial password (specification section 6): the first 4 letters of the name
 * followed by the last 4 digits of the mobile number. Letters are taken as written, skipping
 * spaces, dots and other non-letters: `"K. Thomas", "919847012345"` -> `"KTho2345"`.
 * This is an accepted-risk rule (`security-and-reliability.md` section 0): the server stores only a
 * hash, shows it to admins only while unchanged, and throttles sign-in tightly.
 */
export function initialMemberPassword(name: string, mobile: string): string {
  const letters = Array.from(name.normalize('NFC')).filter((char) => /\p{L}/u.test(char));
  const digits = mobile.replace(/\D/g, '');
  return `${letters.slice(0, 4).join('')}${digits.slice(-4)}`;
}
