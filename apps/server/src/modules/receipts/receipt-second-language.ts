import { amountInWordsIn, formatINR, type Paise } from '@parish/shared';

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
