/**
 * The product's own words for validation and error messages, exactly as the product
 * (`docs/domain.md`, "§5 Validation" and §5 "Error and outcome messages") gives them. The server
 * returns these texts in the error body's `error` field, and the web app's message catalogue
 * includes them under the `messages` namespace, so each text is written once.
 */
export const MSG = {
  staffLoginBlank: 'Please enter both username and password',
  invalidStaffLogin: 'Invalid username or password',
  memberIdentifierBlank: 'Please enter your mobile number or parish number',
  memberPasswordBlank: 'Please enter your password',
  loginFailed: 'Login failed',
  /** Answer for a wrong member identifier or password; deliberately the same for both. */
  invalidMemberLogin: 'Invalid mobile number/parish number or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Session expired. Please login again.',
  requestTimeout: 'Request timeout',
  /** The browser could not reach the server (offline, no signal): the web app's text for a failed fetch (issue 29 item 4). */
  networkError: 'Could not reach the parish server. Check your internet connection and try again.',
  genericError: 'An error occurred',
  memberRequired: 'Please fill all required fields (Name, Mobile, and Parish Number)',
  invalidMobile: 'Please enter a valid 12-digit mobile number with country code (e.g., 919876543210)',
  invalidParishNumber: 'Parish number must contain only letters and numbers (no spaces or special characters)',
  nameTooLong: 'Name must be less than 100 characters',
  invalidEmail: 'Please enter a valid email address',
  addressTooLong: 'Address must be less than 500 characters',
  duplicateMember: 'Member with this mobile number or parish number already exists',
  headRequired: 'Please fill all required fields (Name and Amount)',
  invalidAmount: 'Please enter a valid amount',
  tagSelectAtLeastOne: 'Please select at least one member to tag payments',
  invalidHead: 'Invalid payment head selected',
  accessDeniedAdmin: 'Access denied. Admin permissions required.',
  csvNeedsRows: 'CSV file must contain at least a header row and one data row.',
  memberCsvHeader: 'CSV must contain Name, Mobile, and Parish Number columns',
  /** A member CSV row's WhatsApp consent cell that is not yes, no or blank (decision 0144). */
  whatsappConsentCell: 'WhatsApp consent must be yes, no or blank',
  remindersSelect: 'Please select at least one member to send reminders.',
  arrearsFirst: 'You need to clear your arrears before paying current dues.',
  passwordTooShort: 'The new password must be at least 8 characters long',
  passwordSameAsInitial: 'The new password must differ from the initial password',
  currentPasswordWrong: 'The current password is not correct',
  /** Change Password: the new password typed twice differently (issue 29 item 4). */
  passwordsDiffer: 'The two new passwords do not match',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  invalidInput: 'Invalid request data',
  tooLarge: 'The request is too large',
  usernameTaken: 'A staff account with this username already exists',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  unstorableText: 'This text contains a character that cannot be saved (a NUL or an unpaired surrogate)',
  memberLockedPayByLink:
    'Too many failed sign-in attempts. Please wait and try again later. You can still pay your dues through the payment link in your WhatsApp reminder.',
  passwordChangeRequired: 'Please change your one-time password before continuing',
  twoStepCodeWrong: 'That code is not right, or it was already used. Enter the current code from your app.',
  twoStepChallengeExpired: 'The sign-in took too long. Please sign in again.',
  twoStepSetupRequired: 'Admins must set up two-step sign-in before continuing',
  twoStepAlreadyOn: 'Two-step sign-in is already on for this account',
  twoStepNotOn: 'Two-step sign-in is not on for this account',
  /** 409 `NOT_CONFIGURED`: a sign-in code while the parish has no WhatsApp Cloud API (decision 0138). */
  signInCodeNotConfigured: 'Sign-in codes on WhatsApp are not available in this parish',
  /** 401 `SIGN_IN_CODE_WRONG`: a wrong, expired, spent or used sign-in code (decision 0138). */
  signInCodeWrong: 'That code is not right or has expired. Ask for a new code.',
  /** The code field left blank or not 6 digits (decision 0138). */
  signInCodeFormat: 'Enter the 6-digit code from WhatsApp',
  /** 400 `PAY_AT_OFFICE` (field `paymentIds`): an online order under ₹1.00 (decision 0108). */
  payAtOffice: 'A due under ₹1.00 cannot be paid online: please pay it at the parish office',
} as const;

/** Who already holds a value an upload row would take: an active member, or an earlier row of the file. */
export type UploadHolder = { parishNumber: string; name: string } | { row: number };

/**
 * The row message of an upload row whose mobile or parish number is already taken (decision 0110):
 * the product's duplicate message, then the field, the value and who holds it, e.g. "Member with
 * this mobile number or parish number already exists: Mobile 919847012345 belongs to SM101 Thomas
 * Mathew".
 */
export function duplicateHeldBy(field: 'Mobile' | 'Parish number', value: string, holder: UploadHolder): string {
  const who = 'row' in holder ? `row ${holder.row} of this file` : `${holder.parishNumber} ${holder.name}`;
  return `${MSG.duplicateMember}: ${field} ${value} belongs to ${who}`;
}

/**
 * The row message of a mismatched upload row the admin did not tick (decision 0110), naming each
 * field, its value in the file and the member's, e.g. "Not applied: Name Baby Chacko differs from
 * Soumya Cherian, the member holding SM201. Tick the row in the check to apply it."
 */
export function mismatchNotApplied(mismatch: {
  parishNumber: string;
  memberName: string;
  fields: readonly { field: 'name' | 'phone'; csvValue: string; memberValue: string; invalid: boolean }[];
}): string {
  const parts = mismatch.fields.map((f) => {
    const label = f.field === 'name' ? 'Name' : 'Phone';
    if (f.invalid) return `${label} ${f.csvValue} is not a valid mobile (the member's is ${f.memberValue})`;
    return `${label} ${f.csvValue} differs from ${f.memberValue}`;
  });
  return `Not applied: ${parts.join('; ')}, for ${mismatch.memberName}, the member holding ${mismatch.parishNumber}. Tick the row in the check to apply it.`;
}

/** A key of {@link MSG}. */
export type MessageKey = keyof typeof MSG;

/**
 * Texts of the limits on money (`docs/domain.md`, §4 "Limits on one line", "Cash of ₹2,00,000 or
 * more", "Dues under ₹1" and "Day close"; decisions 0105–0108).
 */
export const LIMIT_MSG = {
  /** 400 (field `day`): closing a day after today (parish date). */
  futureDay: 'A day in the future cannot be closed',
} as const;

/**
 * 400 `AMOUNT_ABOVE_LIMIT` text: one line (or a head's amount) above the bound in force.
 * @param limit the bound, already formatted (e.g. `₹1,00,00,000.00`)
 */
export const lineAboveLimitMessage = (limit: string) => `The amount of one due cannot be more than ${limit}`;

/**
 * 400 `CASH_LIMIT_269ST` text: cash that would bring one member's cash of the day to ₹2,00,000.00
 * or more (Income-tax Act, section 269ST).
 * @param earlier the member's cash of the day already received, formatted (e.g. `₹1,99,999.99`)
 */
export const cashLimitMessage = (earlier: string) =>
  `Cash of ₹2,00,000.00 or more from one member in one day cannot be accepted (Income-tax Act, section 269ST). ` +
  `This member has paid ${earlier} in cash today: take the rest by UPI or cheque`;

/**
 * Texts of the receipt and statement PDFs (`docs/domain.md`, §8 "Receipt PDF" and "Yearly
 * statement"; decision 0139).
 */
export const PDF_MSG = {
  /** 400 (field `layout`): a receipt PDF's layout other than a5 or 80mm. */
  badLayout: 'The layout must be a5 or 80mm',
  /** 400 (field `lang`): a receipt PDF's language other than en, ml, hi or ta. */
  badLanguage: 'The language must be en, ml, hi or ta',
  /** 400 (field `fy`): a financial year not written like 2026-27. */
  badFinancialYear: 'The financial year must be written like 2026-27',
  /** 404 `PAY_LINK_INVALID`: a statement link tampered with, of another parish, or of no member (decision 0143). */
  statementLinkInvalid: 'This statement link is not valid. Please sign in to see your statement.',
  /** 404 `PAY_LINK_EXPIRED`: an authentic statement link past its expiry (decision 0143). */
  statementLinkExpired: 'This statement link has expired. Please sign in to see your statement.',
} as const;
