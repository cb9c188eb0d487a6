#!/usr/bin/env python3
"""Writes amount-in-words.reference.json: how an independent speller reads whole rupee amounts.

The vectors are fixed: this script is NOT run in CI or by the tests. It was run once to make the
committed JSON; run it again only to change the set of amounts or to move to a newer reference,
and review the diff of the JSON like any other change of expected values.
amount-in-words.reference.test.ts compares our words (amount-in-words.ts) with these.

References (Debian packages: apt-get install python3-icu python3-num2words):
  en  ICU's RuleBasedNumberFormat, locale en_IN, %spellout-cardinal (CLDR's Indian English:
      lakh and crore); also num2words' en_IN below its limit of 10^10.
  hi  ICU, locale hi_IN, %spellout-cardinal.
  ta  ICU, locale ta_IN, %spellout-cardinal. CLDR's Tamil names every digit group apart
      ('இருபது ஒன்று' for 21) and has no compound forms, so the test takes from it the word
      forms of 0 to 20, the tens and the hundreds and the order of crore, lakh and thousand.
  ml  ICU 72 (Debian 12) has no Malayalam spell-out. CLDR's current one (common/rbnf/ml.xml in
      unicode-org/cldr; give its path as the first argument) is run through ICU: its rules use
      the `[when-more|when-none]` brackets of ICU 74 and later, which this script rewrites into
      ICU 72's syntax (one private rule set per bracket; same readings).

ICU names 10^9 'अरब' in Hindi and 10^12 'trillion' in Indian English; the product repeats crore
(decision 0080). For those amounts the reference is put together from the speller's own words:
its words for the count of crores, its word for crore, and its words for the rest.

Usage: python3 amount-in-words.reference.py PATH/TO/cldr/common/rbnf/ml.xml 'CLDR COMMIT' \
         > amount-in-words.reference.json
(the second argument names the CLDR version the file came from; it is written into the JSON).
"""

import json
import random
import re
import sys

import icu
import num2words

CRORE = 10**7
# The largest whole rupee amount whose paise are still a safe integer in JavaScript.
MAX_RUPEES = (2**53 - 1) // 100


def cardinal(locale_or_rules, locale=None):
    """ICU's %spellout-cardinal for a locale, or for a rule text."""
    if locale is None:
        speller = icu.RuleBasedNumberFormat(icu.URBNFRuleSetTag.SPELLOUT, icu.Locale(locale_or_rules))
    else:
        speller = icu.RuleBasedNumberFormat(locale_or_rules, icu.Locale(locale))
    speller.setDefaultRuleSet('%spellout-cardinal')
    return speller.format


def rules_for_icu72(rules):
    """`v: head[more|none];` (ICU 74+) -> `v: head>%%alt-N>;` with `%%alt-N: 0: none; 1: more;`."""
    alternatives = {}
    lines = []
    for line in rules.splitlines():
        match = re.match(r'^(\S+): (.*)\[([^\[\]|]*)\|([^\[\]|]*)\];$', line.strip())
        if not match:
            lines.append(line)
            continue
        value, head, more, none = match.groups()
        more = re.sub(r'>(%%?[\w-]+)>', r'=\1=', more)
        name = alternatives.setdefault((more, none), '%%%%alt-%d' % len(alternatives))
        lines.append(f'{value}: {head}>{name}>;')
    for (more, none), name in alternatives.items():
        lines.append(f'{name}:\n0: {none};\n1: {more};')
    return '\n'.join(lines)


def malayalam_speller(path):
    text = open(path, encoding='utf-8').read()
    spellout = re.search(
        r'<rulesetGrouping type="SpelloutRules">\s*<rbnfRules><!\[CDATA\[(.*?)\]\]></rbnfRules>', text, re.S
    )
    if not spellout:
        sys.exit(f'{path}: no SpelloutRules in the rbnfRules form (CLDR 44 or later)')
    return cardinal(rules_for_icu72(spellout.group(1)), 'ml')


def crores_repeated(spell, crore_word, top, after_crore=None):
    """The speller's words, with amounts from `top` up read as '<count> crore <rest>'."""

    def words(n):
        if n < top:
            return spell(n)
        count, rest = divmod(n, CRORE)
        head = f'{spell(count)} {crore_word}'
        if rest == 0:
            return head
        return f'{head} {after_crore(rest) if after_crore else spell(rest)}'

    return words


def amounts():
    """Whole rupee amounts: every form below a hundred, each count of thousands, the group
    boundaries, ₹99,99,99,999, ₹100 crore, ₹10,000 crore, the largest safe amount, and random ones."""
    chosen = set(range(0, 121))
    chosen |= {h * 100 for h in range(1, 10)} | {101, 110, 999}
    chosen |= {k * 1000 for k in range(1, 100)} | {1001, 1100, 1500, 1999, 10001, 99999}
    chosen |= {k * 100000 for k in (1, 2, 5, 10, 11, 20, 21, 25, 50, 99)} | {100001, 125000, 999999, 1234567}
    chosen |= {CRORE, CRORE + 1, 12000000, 12345678, 99999999, 999999999}
    chosen |= {10**9, 10**9 + 1, 1234567890, 10**10, 10**11, 12345678901, 10**12 - 1, 10**12, 10**12 + 1, 10**13}
    chosen.add(MAX_RUPEES)
    draw = random.Random(27)
    while len(chosen) < 500:
        digits = draw.randint(1, 14)
        chosen.add(min(MAX_RUPEES, draw.randrange(10 ** (digits - 1), 10**digits)))
    return sorted(chosen)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ml_cldr = malayalam_speller(sys.argv[1])
    en = crores_repeated(cardinal('en_IN'), 'crore', 10**12)
    hi = crores_repeated(cardinal('hi_IN'), 'करोड़', 10**9)
    ta = cardinal('ta_IN')  # CLDR's Tamil already repeats crore ('நூறு கோடி').
    # After crore CLDR's Malayalam goes on in its compound forms: read them from 1 crore + rest.
    ml = crores_repeated(ml_cldr, 'കോടി', 10**9, lambda rest: ml_cldr(CRORE + rest).removeprefix('ഒരു കോടി'))
    vectors = []
    for rupees in amounts():
        vector = {'rupees': rupees, 'en': en(rupees), 'hi': hi(rupees), 'ml': ml(rupees), 'ta': ta(rupees)}
        if rupees < 10**10:
            vector['en_num2words'] = num2words.num2words(rupees, lang='en_IN')
        vectors.append(vector)
    header = {
        'about': 'Whole rupee amounts in words by ICU/CLDR and num2words: the reference of '
        'amount-in-words.reference.test.ts. Made by amount-in-words.reference.py (not run in CI).',
        'sources': {
            'icu': icu.ICU_VERSION,
            'pyicu': icu.VERSION,
            'num2words': getattr(num2words, '__version__', 'Debian python3-num2words 0.5.10'),
            'cldr_ml': sys.argv[2],
        },
        'crores_repeated_from': {'en': 10**12, 'hi': 10**9, 'ml': 10**9, 'ta': None},
    }
    # One vector a line, so that a change of reference reads as a short diff.
    lines = [json.dumps(vector, ensure_ascii=False) for vector in vectors]
    head = json.dumps(header, ensure_ascii=False, indent=1)[:-2]
    sys.stdout.write(head + ',\n "vectors": [\n  ' + ',\n  '.join(lines) + '\n ]\n}\n')

if __name__ == '__main__':
    main()
