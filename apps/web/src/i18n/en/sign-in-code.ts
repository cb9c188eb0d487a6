import i18next from 'i18next';

/**
 * English texts the member's first screen does not need (decision 0042's budget; decision 0138):
 * the code on WhatsApp and forgot password screens (`memberLogin.code`) and the portal's WhatsApp
 * consent card (`portal.consent`). Each screen adds them to the catalogue when it loads
 * ({@link addLazyEnglish}); the other languages' catalogues, loaded whole, hold their translations.
 */
export const signInCodeTexts = {
  title: 'Sign in with a code on WhatsApp',
  resetTitle: 'Choose a new password',
  intro: 'We will send a 6-digit code to the WhatsApp number the parish has for you.',
  identifierLabel: 'Mobile Number or Parish Number',
  send: 'Send code',
  sent: 'If the number belongs to a member, a code is on its way on WhatsApp. It works for {{minutes}} minutes.',
  codeLabel: 'Code from WhatsApp',
  codeHint: '6 digits',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters. Passwords are case-sensitive.',
  confirmPassword: 'New password again',
  signIn: 'Sign in',
  savePassword: 'Save password and sign in',
  sendAgain: 'Send a new code',
  back: 'Back to password sign-in',
} as const;

/** The portal's WhatsApp consent card (decision 0138). */
export const consentTexts = {
  title: 'WhatsApp messages',
  notice:
    'With your consent the parish sends you WhatsApp messages about your dues: reminders with a payment link, and confirmations of payments. You can withdraw consent at any time; you can still pay here or at the parish office.',
  given: 'You agreed on {{date}}.',
  withdrawn: 'You withdrew consent on {{date}}. The parish sends you no WhatsApp messages.',
  notRecorded: 'No consent is recorded yet.',
  give: 'I agree to WhatsApp messages',
  withdraw: 'Withdraw consent',
  failed: 'Could not save your choice. Please try again.',
} as const;

/**
 * Adds English texts of a lazily loaded screen to the catalogue (never overwriting). A module that
 * loads before i18next is initialised (the render tests import the screens first) adds them once
 * it is: i18next's store, and `addResourceBundle` with it, exists only after `init`.
 */
export function addLazyEnglish(texts: object): void {
  const add = () => i18next.addResourceBundle('en', 'translation', texts, true, false);
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}
