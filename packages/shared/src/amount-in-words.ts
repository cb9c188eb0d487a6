import type { Language } from './languages.ts';
import type { Paise } from './money.ts';

/**
 * Amounts in words, in every language of the product (`languages.ts`):
 * the English line of every receipt ({@link amountInWords}) and the second-language block of the
 * bilingual receipt ({@link amountInWordsIn}); `docs/domain.md`, §8 "Amount in words" and
 * "Bilingual receipt"; `docs/decisions/0053-amount-in-words-in-malayalam-and-tamil.md` (the
 * sources of the Malayalam and Tamil forms) and `0080-amounts-in-words-one-converter-crore-repeats.md`.
 *
 * One engine, one table of words per language. The Indian system: crore, lakh, thousand, hundred;
 * rupees, then paise. Crore repeats above ninety-nine crore (₹100 crore is "One Hundred Crore",
 * ₹10,000 crore "Ten Thousand Crore", ₹1 lakh crore "One Lakh Crore"); no arab, kharab or billion
 * in any language. In Malayalam and Tamil, numbers below a hundred and the count of thousands are
 * single compound words in each language's sandhi (ഇരുപത്തിയഞ്ച്, രണ്ടായിരം; இருபத்தைந்து,
 * இரண்டாயிரம்); each larger group ends in its joining form (നൂറ്റി, ആയിരത്തി, ലക്ഷത്തി; நூற்று,
 * ஆயிரத்து, லட்சத்து, கோடியே) and is followed by a space, as amounts are written on receipts and
 * cheques. English and Hindi words stand apart ("Twenty One", "एक हज़ार एक सौ").
 * Tested value by value (`amount-in-words.test.ts`) and against ICU's spell-out
 * (`amount-in-words.reference.test.ts`, vectors in `amount-in-words.reference.json`).
 */

/** The words of one language. */
interface Lexicon {
  zero: string;
  /** "One" before lakh, crore, rupee and paisa (One, एक, ഒരു, ஒரு). */
  oneAttributive: string;
  /** 1 to 99, standing alone or ending a number. */
  belowHundred: (n: number) => string;
  /** 100 to 900 by their hundreds digit, ending a number. */
  hundreds: readonly string[];
  /** 100 to 900 by their hundreds digit, with more words after them. */
  hundredsJoin: readonly string[];
  /** 1 to 99 thousand, ending a number. */
  thousands: (count: number) => string;
  /** The joining form of a word ending a group that more words follow (ആയിരം -> ആയിരത്തി). */
  joinForm: (word: string) => string;
  lakh: readonly [alone: string, joined: string];
  crore: readonly [alone: string, joined: string];
  rupees: readonly [one: string, many: string];
  paise: readonly [one: string, many: string];
  /** "X rupees and Y paise". */
  both: (rupees: string, paise: string) => string;
  /** What closes every amount: ' Only' in English, nothing in the other languages. */
  close: string;
}

/** The words of 1 to 99: units, teens and tens, and how a tens word and a unit join. */
interface BelowHundredWords {
  units: readonly string[];
  /** 10 to 19. */
  teens: readonly string[];
  tens: readonly string[];
  /** The tens before a unit, ending in the vowel that the unit's first vowel replaces. */
  tensJoin: readonly string[];
  /** The tens' joining form joined with a following word: a space in English, sandhi in Malayalam and Tamil. */
  fuse: (tensJoin: string, word: string) => string;
}

/** 1 to 99: 'Twenty Five', ഇരുപത്തിയഞ്ച്, இருபத்தைந்து. */
function belowHundred(words: BelowHundredWords, n: number): string {
  if (n < 10) return words.units[n]!;
  if (n < 20) return words.teens[n - 10]!;
  const unit = n % 10;
  const tens = Math.floor(n / 10);
  return unit === 0 ? words.tens[tens]! : words.fuse(words.tensJoin[tens]!, words.units[unit]!);
}

const unchanged = (word: string) => word;

const EN_UNITS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
const EN_TEENS = [
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99 in English: 'Seven', 'Seventeen', 'Seventy', 'Seventy Seven' (no hyphen). */
const EN_WORDS: BelowHundredWords = {
  units: EN_UNITS,
  teens: EN_TEENS,
  tens: EN_TENS,
  tensJoin: EN_TENS,
  fuse: (tens, unit) => `${tens} ${unit}`,
};

const EN_HUNDREDS = EN_UNITS.map((unit) => (unit ? `${unit} Hundred` : ''));

/**
 * English, Title Case, as the receipt has always read: 'One Lakh Twenty Three Thousand Four
 * Hundred Fifty Six Rupees And Fifty Paise Only'; 'One Rupee Only', 'One Paisa Only', 'Zero
 * Rupees Only'.
 */
const ENGLISH: Lexicon = {
  zero: 'Zero',
  oneAttributive: 'One',
  belowHundred: (n) => belowHundred(EN_WORDS, n),
  hundreds: EN_HUNDREDS,
  hundredsJoin: EN_HUNDREDS,
  thousands: (count) => `${belowHundred(EN_WORDS, count)} Thousand`,
  joinForm: unchanged,
  lakh: ['Lakh', 'Lakh'],
  crore: ['Crore', 'Crore'],
  rupees: ['Rupee', 'Rupees'],
  paise: ['Paisa', 'Paise'],
  both: (rupees, paise) => `${rupees} And ${paise}`,
  close: ' Only',
};

/**
 * Hindi 0 to 99, ten to a line: each a word of its own. CLDR's Hindi spell-out (ICU) word for
 * word, except spellings kept from the receipt's former words: पंद्रह (an anusvara before द,
 * where CLDR writes पन्द्रह), तिरसठ (CLDR तिरेसठ), पचानवे (CLDR पंचानबे), and -नवे for 91 to
 * 99: इक्यानवे ... निन्यानवे (CLDR -नबे). `amount-in-words.reference.test.ts` lists them.
 */
// prettier-ignore
const HI_BELOW_HUNDRED = [
  'शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ',
  'दस', 'ग्यारह', 'बारह', 'तेरह', 'चौदह', 'पंद्रह', 'सोलह', 'सत्रह', 'अठारह', 'उन्नीस',
  'बीस', 'इक्कीस', 'बाईस', 'तेईस', 'चौबीस', 'पच्चीस', 'छब्बीस', 'सत्ताईस', 'अट्ठाईस', 'उनतीस',
  'तीस', 'इकतीस', 'बत्तीस', 'तैंतीस', 'चौंतीस', 'पैंतीस', 'छत्तीस', 'सैंतीस', 'अड़तीस', 'उनतालीस',
  'चालीस', 'इकतालीस', 'बयालीस', 'तैंतालीस', 'चौवालीस', 'पैंतालीस', 'छियालीस', 'सैंतालीस', 'अड़तालीस', 'उनचास',
  'पचास', 'इक्यावन', 'बावन', 'तिरेपन', 'चौवन', 'पचपन', 'छप्पन', 'सत्तावन', 'अट्ठावन', 'उनसठ',
  'साठ', 'इकसठ', 'बासठ', 'तिरसठ', 'चौंसठ', 'पैंसठ', 'छियासठ', 'सड़सठ', 'अड़सठ', 'उनहत्तर',
  'सत्तर', 'इकहत्तर', 'बहत्तर', 'तिहत्तर', 'चौहत्तर', 'पचहत्तर', 'छिहत्तर', 'सतहत्तर', 'अठहत्तर', 'उनासी',
  'अस्सी', 'इक्यासी', 'बयासी', 'तिरासी', 'चौरासी', 'पचासी', 'छियासी', 'सत्तासी', 'अट्ठासी', 'नवासी',
  'नब्बे', 'इक्यानवे', 'बानवे', 'तिरानवे', 'चौरानवे', 'पचानवे', 'छियानवे', 'सत्तानवे', 'अट्ठानवे', 'निन्यानवे',
];

const HI_HUNDREDS = HI_BELOW_HUNDRED.slice(0, 10).map((unit, digit) => (digit > 0 ? `${unit} सौ` : ''));

/**
 * Hindi: 'एक लाख पच्चीस हज़ार रुपये और पचास पैसे'; a hundred is always counted (एक सौ, एक हज़ार
 * एक सौ); 'एक रुपया', 'एक पैसा', 'शून्य रुपये'.
 */
const HINDI: Lexicon = {
  zero: HI_BELOW_HUNDRED[0]!,
  oneAttributive: HI_BELOW_HUNDRED[1]!,
  belowHundred: (n) => HI_BELOW_HUNDRED[n]!,
  hundreds: HI_HUNDREDS,
  hundredsJoin: HI_HUNDREDS,
  thousands: (count) => `${HI_BELOW_HUNDRED[count]!} हज़ार`,
  joinForm: unchanged,
  lakh: ['लाख', 'लाख'],
  crore: ['करोड़', 'करोड़'],
  rupees: ['रुपया', 'रुपये'],
  paise: ['पैसा', 'पैसे'],
  both: (rupees, paise) => `${rupees} और ${paise}`,
  close: '',
};

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

const ML_WORDS: BelowHundredWords = {
  units: ML_UNITS,
  teens: ['പത്ത്', 'പതിനൊന്ന്', 'പന്ത്രണ്ട്', 'പതിമൂന്ന്', 'പതിനാല്', 'പതിനഞ്ച്', 'പതിനാറ്', 'പതിനേഴ്', 'പതിനെട്ട്', 'പത്തൊൻപത്'],
  tens: ['', '', 'ഇരുപത്', 'മുപ്പത്', 'നാൽപ്പത്', 'അമ്പത്', 'അറുപത്', 'എഴുപത്', 'എൺപത്', 'തൊണ്ണൂറ്'],
  tensJoin: ML_TENS_JOIN,
  fuse: fuseMalayalam,
};

/** 2 to 99 thousand as one word: the thousands of units, teens and tens, joined as 1 to 99 are. */
const ML_THOUSANDS: BelowHundredWords = {
  units: ML_UNIT_THOUSANDS,
  teens: ML_TEEN_THOUSANDS,
  tens: ML_TENS_THOUSANDS,
  tensJoin: ML_TENS_JOIN,
  fuse: fuseMalayalam,
};

/** Malayalam: 'ഒരു ലക്ഷത്തി ഇരുപത്തിയയ്യായിരം രൂപയും അമ്പത് പൈസയും'; 'പൂജ്യം രൂപ'. */
const MALAYALAM: Lexicon = {
  zero: 'പൂജ്യം',
  oneAttributive: 'ഒരു',
  belowHundred: (n) => belowHundred(ML_WORDS, n),
  hundreds: ['', 'നൂറ്', 'ഇരുനൂറ്', 'മുന്നൂറ്', 'നാനൂറ്', 'അഞ്ഞൂറ്', 'അറുനൂറ്', 'എഴുനൂറ്', 'എണ്ണൂറ്', 'തൊള്ളായിരം'],
  hundredsJoin: ['', 'നൂറ്റി', 'ഇരുനൂറ്റി', 'മുന്നൂറ്റി', 'നാനൂറ്റി', 'അഞ്ഞൂറ്റി', 'അറുനൂറ്റി', 'എഴുനൂറ്റി', 'എണ്ണൂറ്റി', 'തൊള്ളായിരത്തി'],
  thousands: (count) => (count === 1 ? 'ആയിരം' : belowHundred(ML_THOUSANDS, count)),
  joinForm: (word) => word.replace(/ം$/, 'ത്തി'),
  lakh: ['ലക്ഷം', 'ലക്ഷത്തി'],
  crore: ['കോടി', 'കോടി'],
  rupees: ['രൂപ', 'രൂപ'],
  paise: ['പൈസ', 'പൈസ'],
  both: (rupees, paise) => `${rupees}യും ${paise}യും`,
  close: '',
};

const TA_TENS_JOIN = ['', '', 'இருபத்து', 'முப்பத்து', 'நாற்பத்து', 'ஐம்பத்து', 'அறுபத்து', 'எழுபத்து', 'எண்பத்து', 'தொண்ணூற்று'];

const TA_WORDS: BelowHundredWords = {
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
  fuse: fuseTamil,
};

/** Tamil: 'ஒரு லட்சத்து இருபத்தைந்தாயிரம் ரூபாய் ஐம்பது பைசா'; 'பூஜ்ஜியம் ரூபாய்'. */
const TAMIL: Lexicon = {
  zero: 'பூஜ்ஜியம்',
  oneAttributive: 'ஒரு',
  belowHundred: (n) => belowHundred(TA_WORDS, n),
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
    return `${belowHundred(TA_WORDS, count).slice(0, -1)}ாயிரம்`;
  },
  joinForm: (word) => word.replace(/ம்$/, 'த்து'),
  lakh: ['லட்சம்', 'லட்சத்து'],
  crore: ['கோடி', 'கோடியே'],
  rupees: ['ரூபாய்', 'ரூபாய்'],
  paise: ['பைசா', 'பைசா'],
  both: (rupees, paise) => `${rupees} ${paise}`,
  close: '',
};

/** A count before lakh, crore, rupees or paise: "one" in its attributive form, else the number. */
function countWord(lexicon: Lexicon, n: number): string {
  return n === 1 ? lexicon.oneAttributive : integerWords(lexicon, n);
}

/**
 * A positive whole number in words. Crores above 99 are counted in words too, so crore repeats:
 * 1,00,00,00,000 is 'One Hundred Crore', 10,00,00,00,00,000 'One Lakh Crore'.
 */
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
  if (rest > 0) words.push(lexicon.belowHundred(rest));
  return words.join(' ');
}

/** "count unit", with the unit's singular after one: 'One Rupee', 'Fifty Paise', 'एक रुपया'. */
function counted(lexicon: Lexicon, count: number, unit: readonly [one: string, many: string]): string {
  return `${countWord(lexicon, count)} ${unit[count === 1 ? 0 : 1]}`;
}

/** The amount in one language's words; `caller` names the exported function in the error. */
function spell(lexicon: Lexicon, paise: Paise, caller: string): string {
  if (typeof paise !== 'number' || !Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(
      `${caller}: ${String(paise)} is not an amount in paise (a whole number from 0 to ${Number.MAX_SAFE_INTEGER})`,
    );
  }
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const rupeeWords = rupees > 0 ? counted(lexicon, rupees, lexicon.rupees) : '';
  const paiseWords = cents > 0 ? counted(lexicon, cents, lexicon.paise) : '';
  const words =
    rupeeWords && paiseWords
      ? lexicon.both(rupeeWords, paiseWords)
      : rupeeWords || paiseWords || `${lexicon.zero} ${lexicon.rupees[1]}`;
  return words + lexicon.close;
}

const LEXICONS: Record<Language, Lexicon> = { en: ENGLISH, hi: HINDI, ml: MALAYALAM, ta: TAMIL };

/**
 * An amount in English words, in the Indian system, as every receipt prints it (`docs/domain.md`,
 * §8 "Amount in words"): `12345678950` paise -> 'Twelve Crore Thirty Four Lakh Fifty Six
 * Thousand Seven Hundred Eighty Nine Rupees And Fifty Paise Only'; `10000000` -> 'One Lakh Rupees
 * Only'; `100000000000` (₹100 crore) -> 'One Hundred Crore Rupees Only'; `101` -> 'One Rupee And
 * One Paisa Only'; `50` -> 'Fifty Paise Only'; `0` -> 'Zero Rupees Only'.
 * @param paise the amount in paise: a whole number from 0 to `Number.MAX_SAFE_INTEGER`
 * @returns the words, Title Case, closed by 'Only'
 * @throws RangeError naming the value for anything else: a fraction, a negative number, NaN,
 *   an infinity, a number above `Number.MAX_SAFE_INTEGER`, or what is not a number
 */
export function amountInWords(paise: Paise): string {
  return spell(ENGLISH, paise, 'amountInWords');
}

/**
 * An amount in words in one of the product's languages (`languages.ts`), in the Indian system:
 * `en` is {@link amountInWords}; `hi` 'एक हज़ार एक सौ रुपये' (₹1,100), 'एक लाख पच्चीस हज़ार
 * रुपये और पचास पैसे'; `ml` 'ആയിരത്തി അഞ്ഞൂറ് രൂപയും അമ്പത് പൈസയും' (₹1,500.50); `ta`
 * 'ஆயிரத்து ஐநூறு ரூபாய் ஐம்பது பைசா'. Zero reads 'शून्य रुपये', 'പൂജ്യം രൂപ', 'பூஜ்ஜியம்
 * ரூபாய்'. Only English closes with 'Only'. Sources of the forms: decisions 0053 and 0080.
 * @param language a code of `LANGUAGES`
 * @param paise the amount in paise: a whole number from 0 to `Number.MAX_SAFE_INTEGER`
 * @throws RangeError for a language the product does not have, and, naming the value, for an
 *   amount that is not such a number (as {@link amountInWords})
 */
export function amountInWordsIn(language: Language, paise: Paise): string {
  const lexicon = Object.hasOwn(LEXICONS, language) ? LEXICONS[language] : undefined;
  if (!lexicon) throw new RangeError(`amountInWordsIn: no words for the language ${String(language)}`);
  return spell(lexicon, paise, 'amountInWordsIn');
}
