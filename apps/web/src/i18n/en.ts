import { MSG } from '@parish/shared';

import { collections } from './en/collections.ts';
import { members } from './en/members.ts';
import { paymentHeads } from './en/payment-heads.ts';
import { portal } from './en/portal.ts';
import { reminders } from './en/reminders.ts';
import { reports } from './en/reports.ts';
import { activities } from './en/activities.ts';
import { exportData } from './en/export-data.ts';

/**
 * The English message catalogue: every text the web app shows, worded as the product
 * words it. Validation and error texts come from the shared `MSG` (the server returns the same).
 * Each feature's texts live in `en/<feature>.ts`; another language is added as a sibling tree
 * with the same keys.
 */
export const en = {
  messages: MSG,
  members,
  paymentHeads,
  collections,
  reminders,
  reports,
  activities,
  portal,
  exportData,
  common: {
    loadingParish: 'Loading {{name}}...',
    signOut: 'Sign Out',
    backToHome: 'Back to Home',
    cancel: 'Cancel',
    save: 'Save',
    close: 'Close',
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
    passwordChanged: 'Your password has been changed.',
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
  },
  shell: {
    collectionYtd: 'Collection YTD',
    roleAdmin: 'Administrator',
    roleCashier: 'Cashier',
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
      export: 'Export data',
    },
  },
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
  },
} as const;
