import { accounts, holidays, ledgerMapping, receiptsPayments, settlements } from './en/accounts.ts';
import { activities } from './en/activities.ts';
import { backups } from './en/backups.ts';
import { bank } from './en/bank.ts';
import { collections } from './en/collections.ts';
import { diocese } from './en/diocese.ts';
import { donations } from './en/donations.ts';
import { credentials } from './en/credentials.ts';
import { deposits } from './en/deposits.ts';
import { exportData } from './en/export-data.ts';
import { members } from './en/members.ts';
import { onboarding } from './en/onboarding.ts';
import { passwordResets } from './en/password-resets.ts';
import { paymentHeads } from './en/payment-heads.ts';
import { refunds } from './en/refunds.ts';
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
  staffLogin: {
    admin: 'Admin',
    cashier: 'Cashier',
    roleLabel: 'Sign in as',
    adminTitle: 'Admin Portal',
    cashierTitle: 'Cashier Portal',
    username: 'Username',
    password: 'Password',
    adminSubmit: 'Access Admin Dashboard',
    cashierSubmit: 'Access Cashier Dashboard',
    signingIn: 'Signing In...',
  },
  shell: {
    collectionYtd: 'Collection YTD',
    roleAdmin: 'Administrator',
    roleCashier: 'Cashier',
    roleAccountant: 'Accountant',
    nav: {
      dashboard: 'Dashboard',
      members: 'Members',
      payments: 'Account Heads',
      reports: 'Reports',
      reminders: 'Send Reminders',
      staff: 'Staff Accounts',
      settings: 'Parish Settings',
      arrears: 'View/Collect Payments',
      collections: 'My Collections',
      activities: 'Activity Log',
      refunds: 'Refunds',
      cheques: 'Cheques',
      deposits: 'Bank deposits',
      daySheets: 'Day sheets',
      bank: 'Bank reconciliation',
      export: 'Export data',
      accountsExport: 'Accounts export',
      settlements: 'Gateway settlements',
      account: 'My account',
    },
  },
  dayInput: {
    placeholder: 'dd/mm/yyyy',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    monthLevelControl: 'Choose a month',
    yearLevelControl: 'Choose a year',
  },
  refunds,
  accounts,
  ledgerMapping,
  receiptsPayments,
  settlements,
  holidays,
  donations,
  deposits,
  bank,
  dashboard: {
    title: 'Dashboard',
    quickActions: 'Quick actions',
    emptyTitle: 'No figures yet',
    emptyText: 'Collection figures appear here once payment heads are set up and payments are collected.',
  },
  pending: {
    members: 'Members',
    payments: 'Manage Account Heads',
    reports: 'Reports and Analytics',
    reminders: 'Send Reminders',
    arrears: 'View/Collect Payments',
    collections: 'My Collections',
    activities: 'Activity Log',
    text: 'This screen is not available in this version yet.',
  },
  staff: {
    title: 'Staff Accounts',
    add: 'Add Staff Account',
    username: 'Username',
    name: 'Name',
    role: 'Role',
    status: 'Status',
    actions: 'Actions',
    password: 'Password',
    passwordHint: 'At least 10 characters',
    active: 'Active',
    inactive: 'Inactive',
    admin: 'Admin',
    cashier: 'Cashier',
    accountant: 'Accountant',
    resetPassword: 'Reset Password',
    newPassword: 'New password',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    confirmDeactivate: 'Deactivate {{name}}? They will be signed out and cannot sign in until reactivated.',
    created: 'Staff account created.',
    updated: 'Staff account updated.',
    empty: 'No staff accounts.',
    loading: 'Loading staff accounts...',
  },
  settings: {
    title: 'Parish Settings',
    name: 'Parish name',
    address: 'Address',
    contact: 'Contact (phone, email)',
    logo: 'Logo',
    logoUrl: 'Logo address (https://...)',
    logoUpload: 'Upload a logo image',
    removeLogo: 'Remove logo',
    saved: 'Parish settings saved.',
    logoTooLarge: 'The logo image must be smaller than 200 KB.',
    loading: 'Loading parish settings...',
    upi: {
      title: 'UPI at the counter',
      vpa: 'Parish UPI ID',
      vpaHint:
        'For example parishname@sbi. When set, choosing UPI at the counter shows a QR code for the exact amount. Leave empty to show none.',
      vpaPlaceholder: 'Not set',
      saved: 'UPI ID saved.',
    },
    receiptLanguage: 'Second language of receipts',
    receiptLanguageHint: 'Receipts print in English and, below it, in this language, with the amount in words in both.',
    maxLineAmount: 'Largest amount for one due',
    maxLineAmountHint:
      'At most ₹1,00,00,000 (one crore). An amount above it for one due is refused at the counter and online.',
    receiptEnglishOnly: 'None (English only)',
    memberLanguages: 'Languages offered to members',
    memberLanguagesHint:
      'The landing page, member sign-in, the member portal and payment links offer only these. Staff screens keep all four.',
    defaultLanguage: 'Default language for members',
    defaultLanguageHint: 'Used when a member’s browser has no saved choice; a member can still switch.',
    timeZone: {
      title: 'Time zone',
      label: 'Parish time zone',
      hint: 'The parish’s day is taken in this zone: the dates and financial years of receipts, day sheets, reports and the quiet hours of reminders.',
      effect:
        'Changing it moves later receipts and today’s day sheet to the new zone’s day, and the daily collection figures are counted again in it. Closed day sheets keep their dates and receipts keep their numbers.',
      fromServer: 'Set by the server (PARISH_TIMEZONE) until you choose one here.',
      nothingFound: 'No time zone of that name',
      save: 'Save time zone',
      saved: 'Time zone saved.',
    },
    publicAddress: {
      title: 'Links sent to members will not open',
      localhost:
        'The server’s public address (PUBLIC_URL) is {{url}}, which only this computer can open. Every link in WhatsApp reminders and receipts starts with it, and live online payment is refused until it is set.',
      private:
        'The server’s public address (PUBLIC_URL) is {{url}}, which only computers on this network can open. Every link in WhatsApp reminders and receipts starts with it, and live online payment is refused until it is set.',
      fix: 'Set PUBLIC_URL on the server to the https address members reach it at (see the deployment guide), then restart it.',
    },
  },
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
