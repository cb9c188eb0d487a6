import { createTheme } from '@mantine/core';

/**
 * The app's theme: an indigo primary whose filled shade (8) keeps white text above WCAG AA
 * contrast, and a readable base font size for phones.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  // The Noto families of the member's other languages come last: their @font-face rules exist only
  // once that language is chosen (i18n/index.ts), and then render its script with the app's own font.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Malayalam", "Noto Sans Devanagari", "Noto Sans Tamil", sans-serif',
  defaultRadius: 'md',
});
