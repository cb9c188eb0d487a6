import { MSG } from '@parish/shared';

import { portal } from './en/portal.ts';
import { whatsapp } from './en/whatsapp.ts';
import { refundsMember } from './en/refunds.ts';
import type { signInCodeTexts } from './en/sign-in-code.ts';

/**
 * The English message catalogue: every text the web app shows, worded as the product
 * words it. Validation and error texts come from the shared `MSG` (the server returns the same).
 * Each feature's texts live in `en/<feature>.ts`. This module holds what every visitor may need
 * (the member's side, the landing page and the staff sign-in); the back office's texts, its
 * settings, staff accounts and dashboard included, are in `en-staff.ts`, loaded with the back
 * office (issue 18, decision 0042: never in a member's download).
 */
export const en = {
  messages: MSG,
  portal,
  whatsapp,
  refunds: refundsMember,
  common: {
    loadingParish: 'Loading {{name}}...',
    signOut: 'Sign Out',
    backToHome: 'Back to Home',
    cancel: 'Cancel',
    save: 'Save',
    close: 'Close',
    closeDialog: 'Close dialog',
    saving: 'Saving...',
    error: 'Error',
    success: 'Success',
    warning: 'Warning',
    information: 'Information',
    retry: 'Try again',
    openMenu: 'Open navigation',
    changePassword: 'Change Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'New password again',
    passwordChanged: 'Your password has been changed.',
    oneTimePasswordPrompt: 'You signed in with a one-time password. Please choose your own password to continue.',
    comingSoonTitle: 'Nothing to show yet',
    pager: {
      label: 'Pages',
      pageSize: 'Rows per page',
      range: '{{from}}–{{to}} of {{total}}',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
    reportTable: {
      pagerLabel: 'Report pages',
    },
    loading: 'Loading...',
    clear: 'Clear',
  },
  landing: {
    subtitle: 'Payment Collection module',
    adminPortal: 'Admin Portal',
    memberLogin: 'Member Login',
    features: {
      members: {
        title: 'Member Management',
        text: 'Add, edit, search and import parish members from CSV, with every change recorded.',
      },
      payments: {
        title: 'Payment Tracking',
        text: 'Arrears, current dues and miscellaneous heads; cash, UPI and cheque collections with receipts.',
      },
      reminders: {
        title: 'WhatsApp Reminders',
        text: 'Send members a payment reminder with a link that opens their payment portal.',
      },
      reports: {
        title: 'Reports & Analytics',
        text: 'Daily collections, member and head-wise analysis, year-wise summaries and CSV exports.',
      },
      portal: {
        title: 'Customer Portal',
        text: 'Members sign in with their mobile or parish number to see and pay their dues online.',
      },
      secure: {
        title: 'Secure & Real-time',
        text: 'Secure authentication, durable data persistence and real-time sync across every screen.',
      },
    },
  },
  memberLogin: {
    title: 'Member Login',
    paymentPortalTitle: 'Payment Portal',
    paymentReminderAccess: 'Payment Reminder Access',
    paymentReminderText: 'You opened a payment reminder link. Enter your password to see and pay your dues.',
    paymentInfo: 'Please login to access your payment portal',
    modeLabel: 'Sign in with',
    mobileMode: 'Mobile Number',
    parishMode: 'Parish Number',
    mobileLabel: 'Mobile Number',
    parishLabel: 'Parish Number',
    mobilePlaceholder: '9847012345',
    parishPlaceholder: 'SM101',
    mobileHint: '10 digits, or 12 digits including the country code (91)',
    parishHint: 'Your parish number, e.g. SM101',
    password: 'Password',
    passwordHint:
      'Password format: the first 4 letters of your name followed by the last 4 digits of your mobile number',
    useParishInstead: 'Use your parish number instead',
    useMobileInstead: 'Use your mobile number instead',
    submit: 'Login to Dashboard',
    submitPayment: 'Access Payment Portal',
    signingIn: 'Signing In...',
    caseSensitive: 'Passwords are case-sensitive.',
    lockedFor:
      'Too many failed sign-in attempts. Please try again in {{minutes}} minutes. You can still pay your dues through the payment link in your WhatsApp reminder.',
    codeOffer: 'Send me a code on WhatsApp',
    forgotPassword: 'Forgot password?',
    // The code screens' texts come with their lazily loaded screen (`en/sign-in-code.ts`).
    ...({} as { code: typeof signInCodeTexts }),
  },
  language: {
    label: 'Language',
    saveFailed: 'Your language choice could not be saved to your account; this browser keeps it.',
  },
} as const;
