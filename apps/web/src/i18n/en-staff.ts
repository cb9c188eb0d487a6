import { activities } from './en/activities.ts';
import { backups } from './en/backups.ts';
import { collections } from './en/collections.ts';
import { diocese } from './en/diocese.ts';
import { credentials } from './en/credentials.ts';
import { exportData } from './en/export-data.ts';
import { members } from './en/members.ts';
import { onboarding } from './en/onboarding.ts';
import { passwordResets } from './en/password-resets.ts';
import { paymentHeads } from './en/payment-heads.ts';
import { reminders } from './en/reminders.ts';
import { reports } from './en/reports.ts';
import { twoStep } from './en/two-step.ts';
import { wards } from './en/wards.ts';
import { yearEnd } from './en/year-end.ts';

/**
 * The English texts of the back office's features, added to the catalogue (`en.ts`) when the back
 * office loads (`loadStaffCatalogue` in `index.ts`), so a member's phone never downloads them nor
 * the shared schemas their messages come from (issue 18). A new staff feature's texts go here.
 */
export const enStaff = {
  members,
  paymentHeads,
  collections,
  reminders,
  reports,
  activities,
  yearEnd,
  backups,
  exportData,
  twoStep,
  passwordResets,
  onboarding,
  diocese,
  wards,
  credentials,
} as const;
