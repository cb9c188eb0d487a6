/**
 * English texts of two-step sign-in for staff (`docs/domain.md`, "Two-step sign-in for staff"): the
 * code step of the staff sign-in, the "My account" section, the banner and the Users screen's
 * reset (part of the staff catalogue, see ../en-staff.ts).
 */
export const twoStep = {
  nav: 'My account',
  accountTitle: 'My account',
  title: 'Two-step sign-in',
  intro:
    'Two-step sign-in asks for a 6-digit code from an authenticator app on your phone after your password, so a stolen password alone cannot open your account.',
  on: 'Two-step sign-in is on.',
  off: 'Two-step sign-in is off.',
  recoveryLeft: 'Recovery codes left: {{count}}',
  requiredNotice: 'Admins of this parish must set up two-step sign-in before continuing.',
  banner: 'Protect your account: set up two-step sign-in.',
  bannerLink: 'Set up two-step sign-in',
  start: 'Set up two-step sign-in',
  scan: 'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS or any other).',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Or type this key into the app',
  codeLabel: 'Code from the app',
  codeHint: 'The 6-digit code the app shows now',
  confirm: 'Turn on',
  cancel: 'Cancel',
  enabled: 'Two-step sign-in is on.',
  recoveryTitle: 'Your recovery codes',
  recoveryText:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only this once.',
  copy: 'Copy codes',
  copied: 'Recovery codes copied.',
  download: 'Download codes',
  saved: 'I have saved my codes',
  disableTitle: 'Turn off two-step sign-in',
  disableLabel: 'Code from the app, or a recovery code',
  disable: 'Turn off',
  disabled: 'Two-step sign-in is off.',
  signInTitle: 'Two-step sign-in',
  signInText: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  signInCode: 'Code',
  signInSubmit: 'Verify',
  signInBack: 'Sign in with another account',
  reset: 'Reset two-step sign-in',
  resetConfirm:
    'Turn off two-step sign-in for {{name}}? They will sign in with their password alone until they set it up again.',
  resetDone: 'Two-step sign-in turned off for {{name}}.',
  badge: 'Two-step',
} as const;
