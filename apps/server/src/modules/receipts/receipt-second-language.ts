import { amountInWordsIn, formatINR, type Language, type Paise } from '@parish/shared';

import { escapeHtml } from '../../lib/html.ts';
import { RECEIPT_FONTS } from '../fonts/receipt-fonts.ts';

/**
 * The second-language block of a bilingual receipt (`docs/domain.md`, §8 "Bilingual receipt"):
 * beside the English receipt, its main lines and the amount in words in the parish's chosen
 * language (Parish Settings: Malayalam, Hindi or Tamil). Amounts, dates and numbers keep the
 * English receipt's Indian formats (₹1,00,000.00, dd/mm/yyyy) in every language.
 */

/** A receipt's second language. */
export type ReceiptLanguage = 'ml' | 'hi' | 'ta';

/** The receipt's texts in one second language. */
interface ReceiptTexts {
  heading: string;
  receiptNumber: string;
  date: string;
  memberName: string;
  parishNumber: string;
  paymentHead: string;
  paymentMethod: string;
  amountPaid: string;
  amountInWords: string;
  thanks: string;
  /** The mark of a test (sandbox) payment's receipt: "TEST — no real money". */
  testMark: string;
  /** The payment methods of `paymentMethodLabel`, by their English label. */
  methods: Record<string, string>;
}

const TEXTS: Record<ReceiptLanguage, ReceiptTexts> = {
  ml: {
    heading: 'രസീത്',
    receiptNumber: 'രസീത് നമ്പർ',
    date: 'തീയതി',
    memberName: 'അംഗത്തിന്റെ പേര്',
    parishNumber: 'ഇടവക നമ്പർ',
    paymentHead: 'ഇനം',
    paymentMethod: 'പണമടച്ച രീതി',
    amountPaid: 'അടച്ച തുക',
    amountInWords: 'തുക അക്ഷരത്തിൽ',
    thanks: 'നിങ്ങളുടെ സംഭാവനയ്ക്ക് നന്ദി.',
    testMark: 'ടെസ്റ്റ് — യഥാർത്ഥ പണമില്ല',
    methods: { Cash: 'പണം', UPI: 'UPI', Cheque: 'ചെക്ക്', Card: 'കാർഡ്', Online: 'ഓൺലൈൻ', Manual: 'ഓഫീസിൽ' },
  },
  hi: {
    heading: 'भुगतान रसीद',
    receiptNumber: 'रसीद संख्या',
    date: 'तारीख',
    memberName: 'सदस्य का नाम',
    parishNumber: 'पल्ली नंबर',
    paymentHead: 'भुगतान मद',
    paymentMethod: 'भुगतान का तरीका',
    amountPaid: 'चुकाई गई राशि',
    amountInWords: 'राशि शब्दों में',
    thanks: 'आपके योगदान के लिए धन्यवाद।',
    testMark: 'टेस्ट — कोई असली पैसा नहीं',
    methods: { Cash: 'नकद', UPI: 'UPI', Cheque: 'चेक', Card: 'कार्ड', Online: 'ऑनलाइन', Manual: 'कार्यालय में' },
  },
  ta: {
    heading: 'கட்டண ரசீது',
    receiptNumber: 'ரசீது எண்',
    date: 'தேதி',
    memberName: 'உறுப்பினர் பெயர்',
    parishNumber: 'பங்கு எண்',
    paymentHead: 'கட்டண இனம்',
    paymentMethod: 'செலுத்திய முறை',
    amountPaid: 'செலுத்திய தொகை',
    amountInWords: 'தொகை எழுத்தில்',
    thanks: 'உங்கள் பங்களிப்புக்கு நன்றி.',
    testMark: 'சோதனை — உண்மையான பணம் இல்லை',
    methods: { Cash: 'ரொக்கம்', UPI: 'UPI', Cheque: 'காசோலை', Card: 'அட்டை', Online: 'ஆன்லைன்', Manual: 'அலுவலகத்தில்' },
  },
};

/**
 * The yearly statement's words (`docs/domain.md`, §8 "Yearly statement"; decision 0139, "The
 * statement in the member's language"): its headings, labels and column titles in English and in
 * the member's language. `statement-pdf.ts` draws the English ones and, for ml, hi or ta, the
 * language's beside or under them. `{fy}` stands for the financial year (2026-27). Head names,
 * amounts (₹1,00,000.00) and dates (dd/mm/yyyy) are not translated.
 */
export interface StatementTexts {
  /** Heading before the year: "STATEMENT OF DUES, FINANCIAL YEAR" (the year follows). */
  title: string;
  member: string;
  parishNumber: string;
  period: string;
  madeOn: string;
  duesHeading: string;
  receiptsHeading: string;
  /** Column titles of the dues table and of the receipts table. */
  columns: {
    head: string;
    dueDate: string;
    raised: string;
    concession: string;
    paid: string;
    balance: string;
    receiptNumber: string;
    date: string;
    amount: string;
  };
  total: string;
  /** Beside a waived due's head. */
  waived: string;
  /** Beside a voided receipt. */
  void: string;
  noDues: string;
  noReceipts: string;
  /** "Balance due for {fy}" (an amount follows). */
  balanceDue: string;
  note: string;
}

/** The statement's words in each language: English as the statement always had them, and ml, hi, ta. */
export const STATEMENT_TEXTS: Record<Language, StatementTexts> = {
  en: {
    title: 'STATEMENT OF DUES, FINANCIAL YEAR',
    member: 'Member',
    parishNumber: 'Parish Number',
    period: 'Period',
    madeOn: 'Made on',
    duesHeading: 'Dues raised in the year',
    receiptsHeading: 'Receipts issued in the year',
    columns: {
      head: 'Payment Head',
      dueDate: 'Due Date',
      raised: 'Raised',
      concession: 'Concession',
      paid: 'Paid',
      balance: 'Balance',
      receiptNumber: 'Receipt No.',
      date: 'Date',
      amount: 'Amount',
    },
    total: 'Total',
    waived: 'waived',
    void: 'VOID',
    noDues: 'No dues were raised in this year.',
    noReceipts: 'No receipts were issued in this year.',
    balanceDue: 'Balance due for {fy}',
    note: 'Raised is each due before concessions; balance is what is still to be paid of the dues of this year. This is a computer-generated statement and needs no signature.',
  },
  ml: {
    title: 'വരിസംഖ്യ വിവരപത്രം, സാമ്പത്തിക വർഷം',
    member: 'അംഗം',
    parishNumber: 'ഇടവക നമ്പർ',
    period: 'കാലയളവ്',
    madeOn: 'തയ്യാറാക്കിയ തീയതി',
    duesHeading: 'ഈ വർഷം ചുമത്തിയ വരിസംഖ്യകൾ',
    receiptsHeading: 'ഈ വർഷം നൽകിയ രസീതുകൾ',
    columns: {
      head: 'ഇനം',
      dueDate: 'അവസാന തീയതി',
      raised: 'ചുമത്തിയത്',
      concession: 'ഇളവ്',
      paid: 'അടച്ചത്',
      balance: 'ബാക്കി',
      receiptNumber: 'രസീത് നമ്പർ',
      date: 'തീയതി',
      amount: 'തുക',
    },
    total: 'ആകെ',
    waived: 'ഒഴിവാക്കി',
    void: 'റദ്ദാക്കി',
    noDues: 'ഈ വർഷം വരിസംഖ്യകളൊന്നും ചുമത്തിയിട്ടില്ല.',
    noReceipts: 'ഈ വർഷം രസീതുകളൊന്നും നൽകിയിട്ടില്ല.',
    balanceDue: '{fy} വർഷത്തെ ബാക്കി തുക',
    note: 'ചുമത്തിയത് എന്നത് ഇളവുകൾക്ക് മുമ്പുള്ള ഓരോ വരിസംഖ്യയുമാണ്; ബാക്കി എന്നത് ഈ വർഷത്തെ വരിസംഖ്യകളിൽ ഇനിയും അടയ്ക്കാനുള്ളതാണ്. ഇത് കമ്പ്യൂട്ടർ തയ്യാറാക്കിയ വിവരപത്രമാണ്, ഒപ്പ് ആവശ്യമില്ല.',
  },
  hi: {
    title: 'देय राशि का विवरण, वित्तीय वर्ष',
    member: 'सदस्य',
    parishNumber: 'पल्ली नंबर',
    period: 'अवधि',
    madeOn: 'बनाने की तारीख',
    duesHeading: 'वर्ष में लगाए गए देय',
    receiptsHeading: 'वर्ष में जारी रसीदें',
    columns: {
      head: 'भुगतान मद',
      dueDate: 'देय तारीख',
      raised: 'लगाई गई राशि',
      concession: 'छूट',
      paid: 'चुकाया',
      balance: 'शेष',
      receiptNumber: 'रसीद संख्या',
      date: 'तारीख',
      amount: 'राशि',
    },
    total: 'कुल',
    waived: 'माफ़',
    void: 'रद्द',
    noDues: 'इस वर्ष कोई देय नहीं लगाया गया।',
    noReceipts: 'इस वर्ष कोई रसीद जारी नहीं की गई।',
    balanceDue: '{fy} के लिए शेष देय राशि',
    note: 'लगाई गई राशि हर देय की छूट से पहले की राशि है; शेष इस वर्ष के देयों में से अभी चुकाई जाने वाली राशि है। यह कंप्यूटर से बना विवरण है और इस पर हस्ताक्षर की आवश्यकता नहीं है।',
  },
  ta: {
    title: 'கட்டண அறிக்கை, நிதியாண்டு',
    member: 'உறுப்பினர்',
    parishNumber: 'பங்கு எண்',
    period: 'காலம்',
    madeOn: 'தயாரித்த தேதி',
    duesHeading: 'இந்த ஆண்டு விதிக்கப்பட்ட கட்டணங்கள்',
    receiptsHeading: 'இந்த ஆண்டு வழங்கிய ரசீதுகள்',
    columns: {
      head: 'கட்டண இனம்',
      dueDate: 'செலுத்த வேண்டிய தேதி',
      raised: 'விதிக்கப்பட்டது',
      concession: 'சலுகை',
      paid: 'செலுத்தியது',
      balance: 'நிலுவை',
      receiptNumber: 'ரசீது எண்',
      date: 'தேதி',
      amount: 'தொகை',
    },
    total: 'மொத்தம்',
    waived: 'தள்ளுபடி',
    void: 'ரத்து',
    noDues: 'இந்த ஆண்டு கட்டணம் எதுவும் விதிக்கப்படவில்லை.',
    noReceipts: 'இந்த ஆண்டு ரசீது எதுவும் வழங்கப்படவில்லை.',
    balanceDue: '{fy} நிதியாண்டுக்கான நிலுவைத் தொகை',
    note: 'விதிக்கப்பட்டது என்பது சலுகைகளுக்கு முன் ஒவ்வொரு கட்டணத்தின் தொகை; நிலுவை என்பது இந்த ஆண்டின் கட்டணங்களில் இன்னும் செலுத்த வேண்டியது. இது கணினியால் உருவாக்கப்பட்ட அறிக்கை, கையொப்பம் தேவையில்லை.',
  },
};

/** What the second-language block shows, as the English receipt already holds it. */
export interface SecondLanguageInput {
  language: ReceiptLanguage;
  receiptNumber: string | null;
  /** dd/mm/yyyy in the parish time zone. */
  date: string;
  memberName: string;
  parishNumber: string;
  /** The head's name, or the lines' heads joined, as entered by the parish (not translated). */
  headName: string;
  /** The English label of the payment method (`paymentMethodLabel`). */
  methodLabel: string;
  amountPaise: Paise;
  /** A test (sandbox) payment: the block repeats the test mark in its language. */
  test?: boolean;
}

/** The second-language block's texts: its heading, the test mark (a test payment only), its rows and its thanks. */
export interface SecondLanguageLines {
  heading: string;
  testMark: string | null;
  /** Label and value of each row, in the block's language (values as the English receipt has them). */
  rows: { label: string; value: string; strong?: boolean }[];
  thanks: string;
}

/**
 * What the second-language block says, shared by the HTML receipt ({@link secondLanguageBlock})
 * and the receipt PDF (`receipt-pdf.ts`): labels in the language, the amount in figures (Indian
 * grouping) and in the language's words (`amountInWordsIn`).
 */
export function secondLanguageLines(input: SecondLanguageInput): SecondLanguageLines {
  const texts = TEXTS[input.language];
  return {
    heading: texts.heading,
    testMark: input.test ? texts.testMark : null,
    rows: [
      { label: texts.receiptNumber, value: input.receiptNumber ?? '-' },
      { label: texts.date, value: input.date },
      { label: texts.memberName, value: input.memberName },
      { label: texts.parishNumber, value: input.parishNumber },
      { label: texts.paymentHead, value: input.headName },
      { label: texts.paymentMethod, value: texts.methods[input.methodLabel] ?? input.methodLabel },
      { label: texts.amountPaid, value: formatINR(input.amountPaise), strong: true },
      { label: texts.amountInWords, value: amountInWordsIn(input.language, input.amountPaise) },
    ],
    thanks: texts.thanks,
  };
}

/**
 * The block's HTML (escaped; member and head names in `<bdi>`), with `lang` set so the browser
 * picks the script's font and hyphenation.
 */
export function secondLanguageBlock(input: SecondLanguageInput): string {
  const e = escapeHtml;
  const lines = secondLanguageLines(input);
  const row = (label: string, value: string) => `<tr><th scope="row">${e(label)}</th><td>${value}</td></tr>`;
  return `<section class="second-language" lang="${input.language}" aria-label="${e(lines.heading)}">
<h2>${e(lines.heading)}</h2>
${lines.testMark ? `<p class="test-mark">${e(lines.testMark)}</p>` : ''}
<table>
${lines.rows.map(({ label, value, strong }) => row(label, strong ? `<strong>${e(value)}</strong>` : `<bdi>${e(value)}</bdi>`)).join('\n')}
</table>
<p class="thanks">${e(lines.thanks)}</p>
</section>`;
}

/** The @font-face rules of the block's script, pointing at the app's own font files. */
export function secondLanguageFontFaces(language: ReceiptLanguage): string {
  const { family, files } = RECEIPT_FONTS[language];
  return files
    .map(
      ({ weight, file }) =>
        `@font-face { font-family: "${family}"; font-weight: ${weight}; font-style: normal; font-display: swap; src: url("/api/fonts/${file}") format("woff2"); }`,
    )
    .join('\n  ');
}
