import type { Paise } from './money.ts';

/**
 * Amounts in words in Malayalam and Tamil for the bilingual receipt (`docs/domain.md`, §8
 * "Bilingual receipt"; `docs/decisions/0053-amount-in-words-in-malayalam-and-tamil.md`, which
 * gives the sources of every form). The Indian system: crore, lakh, thousand, hundred; rupees,
 * then paise. Numbers below a hundred and the count of thousands are single compound words in
 * each language's sandhi (ഇരുപത്തിയഞ്ച്, രണ്ടായിരം; இருபத்தைந்து, இரண்டாயிரம்); each larger
 * group ends in its joining form (നൂറ്റി, ആയിരത്തി, ലക്ഷത്തി; நூற்று, ஆயிரத்து, லட்சத்து,
 * கோடியே) and is followed by a space, as amounts are written on receipts and cheques.
 */

/** The words of one language: what differs between Malayalam and Tamil. */
interface Lexicon {
  zero: string;
  /** "One" before lakh, crore, rupee and paisa (ഒരു, ஒரு). */
  oneAttributive: string;
  units: readonly string[];
  /** 10 to 19. */
  teens: readonly string[];
  tens: readonly string[];
  /** The tens before a unit, ending in the vowel that the unit's first vowel replaces. */
  tensJoin: readonly string[];
  hundreds: readonly string[];
  hundredsJoin: readonly string[];
  /** 1 to 99 thousand as one word. */
  thousands: (count: number) => string;
  /** The joining form of a word ending a group that more words follow (ആയിരം -> ആയിരത്തി). */
  joinForm: (word: string) => string;
  lakh: [alone: string, joined: string];
  crore: [alone: string, joined: string];
  rupees: string;
  paise: string;
  /** "X rupees and Y paise". */
  both: (rupees: string, paise: string) => string;
  /** The tens' joining form fused with a following word (sandhi). */
  fuse: (tensJoin: string, word: string) => string;
}

/** Malayalam vowel letters and their vowel signs, for the glide യ after -ി (ഇരുപത്തി + ഒന്ന്). */
const ML_VOWEL_SIGNS: Record<string, string> = {
  അ: '',
  ആ: 'ാ',
  ഇ: 'ി',
  ഈ: 'ീ',
  ഉ: 'ു',
  എ: 'െ',
  ഏ: 'േ',
  ഒ: 'ൊ',
  ഓ: 'ോ',
};

/** Tamil vowel letters and their vowel signs, for the elided -ு (இருபத்து + ஒன்று). */
const TA_VOWEL_SIGNS: Record<string, string> = {
  அ: '',
  ஆ: 'ா',
  இ: 'ி',
  ஈ: 'ீ',
  உ: 'ு',
  ஊ: 'ூ',
  எ: 'ெ',
  ஏ: 'ே',
  ஐ: 'ை',
  ஒ: 'ொ',
  ஓ: 'ோ',
};

/** ഇരുപത്തി + ഒന്ന് -> ഇരുപത്തിയൊന്ന്; ഇരുപത്തി + രണ്ട് -> ഇരുപത്തിരണ്ട്. */
function fuseMalayalam(join: string, word: string): string {
  const sign = ML_VOWEL_SIGNS[word[0] ?? ''];
  return sign === undefined ? join + word : `${join}യ${sign}${word.slice(1)}`;
}

/** இருபத்து + ஒன்று -> இருபத்தொன்று; இருபத்து + மூன்று -> இருபத்துமூன்று. */
function fuseTamil(join: string, word: string): string {
  const sign = TA_VOWEL_SIGNS[word[0] ?? ''];
  return sign === undefined ? join + word : join.slice(0, -1) + sign + word.slice(1);
}

const ML_UNITS = ['', 'ഒന്ന്', 'രണ്ട്', 'മൂന്ന്', 'നാല്', 'അഞ്ച്', 'ആറ്', 'ഏഴ്', 'എട്ട്', 'ഒൻപത്'];
const ML_TENS_JOIN = ['', '', 'ഇരുപത്തി', 'മുപ്പത്തി', 'നാൽപ്പത്തി', 'അമ്പത്തി', 'അറുപത്തി', 'എഴുപത്തി', 'എൺപത്തി', 'തൊണ്ണൂറ്റി'];
/** 1 to 9 thousand, and the unit's thousand after tens (21000: ഇരുപത്തി + ഒന്നായിരം). */
const ML_UNIT_THOUSANDS = [
  '',
  'ഒന്നായിരം',
  'രണ്ടായിരം',
  'മൂവായിരം',
  'നാലായിരം',
  'അയ്യായിരം',
  'ആറായിരം',
  'ഏഴായിരം',
  'എണ്ണായിരം',
  'ഒൻപതിനായിരം',
];
const ML_TEEN_THOUSANDS = [
  'പതിനായിരം',
  'പതിനൊന്നായിരം',
  'പന്ത്രണ്ടായിരം',
  'പതിമൂവായിരം',
  'പതിനാലായിരം',
  'പതിനയ്യായിരം',
  'പതിനാറായിരം',
  'പതിനേഴായിരം',
  'പതിനെണ്ണായിരം',
  'പത്തൊൻപതിനായിരം',
];
const ML_TENS_THOUSANDS = [
  '',
  '',
  'ഇരുപതിനായിരം',
  'മുപ്പതിനായിരം',
  'നാൽപ്പതിനായിരം',
  'അമ്പതിനായിരം',
  'അറുപതിനായിരം',
  'എഴുപതിനായിരം',
  'എൺപതിനായിരം',
  'തൊണ്ണൂറായിരം',
];

const MALAYALAM: Lexicon = {
  zero: 'പൂജ്യം',
  oneAttributive: 'ഒരു',
  units: ML_UNITS,
  teens: ['പത്ത്', 'പതിനൊന്ന്', 'പന്ത്രണ്ട്', 'പതിമൂന്ന്', 'പതിനാല്', 'പതിനഞ്ച്', 'പതിനാറ്', 'പതിനേഴ്', 'പതിനെട്ട്', 'പത്തൊൻപത്'],
  tens: ['', '', 'ഇരുപത്', 'മുപ്പത്', 'നാൽപ്പത്', 'അമ്പത്', 'അറുപത്', 'എഴുപത്', 'എൺപത്', 'തൊണ്ണൂറ്'],
  tensJoin: ML_TENS_JOIN,
  hundreds: ['', 'നൂറ്', 'ഇരുനൂറ്', 'മുന്നൂറ്', 'നാനൂറ്', 'അഞ്ഞൂറ്', 'അറുനൂറ്', 'എഴുനൂറ്', 'എണ്ണൂറ്', 'തൊള്ളായിരം'],
  hundredsJoin: ['', 'നൂറ്റി', 'ഇരുനൂറ്റി', 'മുന്നൂറ്റി', 'നാനൂറ്റി', 'അഞ്ഞൂറ്റി', 'അറുനൂറ്റി', 'എഴുനൂറ്റി', 'എണ്ണൂറ്റി', 'തൊള്ളായിരത്തി'],
  thousands(count) {
    if (count === 1) return 'ആയിരം';
    if (count < 10) return ML_UNIT_THOUSANDS[count]!;
    if (count < 20) return ML_TEEN_THOUSANDS[count - 10]!;
    const unit = count % 10;
    const tens = Math.floor(count / 10);
    return unit === 0 ? ML_TENS_THOUSANDS[tens]! : fuseMalayalam(ML_TENS_JOIN[tens]!, ML_UNIT_THOUSANDS[unit]!);
  },
  joinForm: (word) => word.replace(/ം$/, 'ത്തി'),
  lakh: ['ലക്ഷം', 'ലക്ഷത്തി'],
  crore: ['കോടി', 'കോടി'],
  rupees: 'രൂപ',
  paise: 'പൈസ',
  both: (rupees, paise) => `${rupees}യും ${paise}യും`,
  fuse: fuseMalayalam,
};

const TA_TENS_JOIN = ['', '', 'இருபத்து', 'முப்பத்து', 'நாற்பத்து', 'ஐம்பத்து', 'அறுபத்து', 'எழுபத்து', 'எண்பத்து', 'தொண்ணூற்று'];

const TAMIL: Lexicon = {
  zero: 'பூஜ்ஜியம்',
  oneAttributive: 'ஒரு',
  units: ['', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'],
  teens: [
    'பத்து',
    'பதினொன்று',
    'பன்னிரண்டு',
    'பதின்மூன்று',
    'பதினான்கு',
    'பதினைந்து',
    'பதினாறு',
    'பதினேழு',
    'பதினெட்டு',
    'பத்தொன்பது',
  ],
  tens: ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'],
  tensJoin: TA_TENS_JOIN,
  hundreds: ['', 'நூறு', 'இருநூறு', 'முந்நூறு', 'நானூறு', 'ஐநூறு', 'அறுநூறு', 'எழுநூறு', 'எண்ணூறு', 'தொள்ளாயிரம்'],
  hundredsJoin: [
    '',
    'நூற்று',
    'இருநூற்று',
    'முந்நூற்று',
    'நானூற்று',
    'ஐநூற்று',
    'அறுநூற்று',
    'எழுநூற்று',
    'எண்ணூற்று',
    'தொள்ளாயிரத்து',
  ],
  thousands(count) {
    if (count === 1) return 'ஆயிரம்';
    if (count === 3) return 'மூவாயிரம்';
    if (count === 5) return 'ஐயாயிரம்';
    if (count === 11) return 'பதினோராயிரம்';
    if (count > 20 && count % 10 === 1) return fuseTamil(TA_TENS_JOIN[Math.floor(count / 10)]!, 'ஓராயிரம்');
    // Every other count ends in -ு, which the vowel of ஆயிரம் replaces: இரண்டு -> இரண்டாயிரம்.
    return `${belowHundred(TAMIL, count).slice(0, -1)}ாயிரம்`;
  },
  joinForm: (word) => word.replace(/ம்$/, 'த்து'),
  lakh: ['லட்சம்', 'லட்சத்து'],
  crore: ['கோடி', 'கோடியே'],
  rupees: 'ரூபாய்',
  paise: 'பைசா',
  both: (rupees, paise) => `${rupees} ${paise}`,
  fuse: fuseTamil,
};

/** 1 to 99 as one word. */
function belowHundred(lexicon: Lexicon, n: number): string {
  if (n < 10) return lexicon.units[n]!;
  if (n < 20) return lexicon.teens[n - 10]!;
  const unit = n % 10;
  const tens = Math.floor(n / 10);
  return unit === 0 ? lexicon.tens[tens]! : lexicon.fuse(lexicon.tensJoin[tens]!, lexicon.units[unit]!);
}

/** A count before lakh, crore, rupees or paise: "one" in its attributive form, else the number. */
function countWord(lexicon: Lexicon, n: number): string {
  return n === 1 ? lexicon.oneAttributive : integerWords(lexicon, n);
}

/** A positive whole number in words (crores above 99 are counted in words too: നൂറ് കോടി). */
function integerWords(lexicon: Lexicon, n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor(n / 100_000) % 100;
  const thousands = Math.floor(n / 1000) % 100;
  const hundreds = Math.floor(n / 100) % 10;
  const rest = n % 100;
  const words: string[] = [];
  if (crores > 0) words.push(`${countWord(lexicon, crores)} ${lexicon.crore[n % 10_000_000 > 0 ? 1 : 0]}`);
  if (lakhs > 0) words.push(`${countWord(lexicon, lakhs)} ${lexicon.lakh[n % 100_000 > 0 ? 1 : 0]}`);
  if (thousands > 0) {
    const word = lexicon.thousands(thousands);
    words.push(n % 1000 > 0 ? lexicon.joinForm(word) : word);
  }
  if (hundreds > 0) words.push((rest > 0 ? lexicon.hundredsJoin : lexicon.hundreds)[hundreds]!);
  if (rest > 0) words.push(belowHundred(lexicon, rest));
  return words.join(' ');
}

function amountInWords(lexicon: Lexicon, paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const rupeeWords = rupees > 0 ? `${countWord(lexicon, rupees)} ${lexicon.rupees}` : '';
  const paiseWords = cents > 0 ? `${countWord(lexicon, cents)} ${lexicon.paise}` : '';
  if (rupeeWords && paiseWords) return lexicon.both(rupeeWords, paiseWords);
  return rupeeWords || paiseWords || `${lexicon.zero} ${lexicon.rupees}`;
}

/**
 * An amount in Malayalam words: `12500050` paise -> 'ഒരു ലക്ഷത്തി ഇരുപത്തിയയ്യായിരം രൂപയും
 * അമ്പത് പൈസയും'; `0` -> 'പൂജ്യം രൂപ'. Sources of the forms: decision 0053.
 * @param paise a non-negative integer amount in paise
 * @throws RangeError for anything else
 */
export function amountInMalayalamWords(paise: Paise): string {
  return amountInWords(MALAYALAM, paise);
}

/**
 * An amount in Tamil words: `12500050` paise -> 'ஒரு லட்சத்து இருபத்தைந்தாயிரம் ரூபாய் ஐம்பது
 * பைசா'; `0` -> 'பூஜ்ஜியம் ரூபாய்'. Sources of the forms: decision 0053.
 * @param paise a non-negative integer amount in paise
 * @throws RangeError for anything else
 */
export function amountInTamilWords(paise: Paise): string {
  return amountInWords(TAMIL, paise);
}
