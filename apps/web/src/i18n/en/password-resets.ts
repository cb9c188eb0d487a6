/**
 * Password resets from the admin screens (`docs/domain.md`, "Password resets"): the member
 * credentials dialog and the Staff Accounts screen.
 */
export const passwordResets = {
  toInitial: 'Reset to initial password',
  oneTime: 'Issue one-time password',
  oneTimeStaff: 'One-time password',
  confirmTitle: 'Reset password',
  confirmToInitial:
    "Reset {{name}}'s password to the initial password? Their sessions end, and they sign in again with the initial password (first 4 letters of the name and last 4 digits of the mobile number).",
  confirmOneTime:
    'Issue a one-time password for {{name}}? Their sessions end, and the password they use now stops working. The one-time password is shown once.',
  confirm: 'Reset password',
  resetting: 'Resetting...',
  doneToInitial: 'The password was reset to the initial password.',
  shownTitle: 'One-time password',
  shownFor: 'One-time password for {{name}}',
  instruction:
    '{{name}} must change this password when signing in with it. It is shown only this once: give it to {{name}} now.',
  copy: 'Copy',
  copied: 'Copied',
  failed: 'Failed to reset the password. Please try again.',
} as const;
