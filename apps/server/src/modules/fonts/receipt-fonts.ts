import type { Language } from '@parish/shared';

/**
 * The Noto family of each second language of a bilingual receipt (`docs/domain.md`, §8 "Bilingual
 * receipt") and its font files (weight 400 and 700, from its @fontsource package), served by
 * `GET /api/fonts/:file` (`fonts.routes.ts`) and named by the receipt's @font-face rules.
 */
export const RECEIPT_FONTS: Record<
  Exclude<Language, 'en'>,
  { family: string; files: { weight: number; file: string }[] }
> = {
  ml: {
    family: 'Noto Sans Malayalam',
    files: [
      { weight: 400, file: 'noto-sans-malayalam-malayalam-400-normal.woff2' },
      { weight: 700, file: 'noto-sans-malayalam-malayalam-700-normal.woff2' },
    ],
  },
  hi: {
    family: 'Noto Sans Devanagari',
    files: [
      { weight: 400, file: 'noto-sans-devanagari-devanagari-400-normal.woff2' },
      { weight: 700, file: 'noto-sans-devanagari-devanagari-700-normal.woff2' },
    ],
  },
  ta: {
    family: 'Noto Sans Tamil',
    files: [
      { weight: 400, file: 'noto-sans-tamil-tamil-400-normal.woff2' },
      { weight: 700, file: 'noto-sans-tamil-tamil-700-normal.woff2' },
    ],
  },
};
