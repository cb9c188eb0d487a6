import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** WCAG AA contrast for normal text, with a little room for rounding in the browsers' blending. */
const AA_TEXT = 4.6;

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` darkened in small steps until it reaches `ratio` against every colour of `against`. */
function darkenUntil(color: string, against: string[], ratio = AA_TEXT): string {
  let out = color;
  for (let step = 0; step < 40 && against.some((bg) => contrastRatio(out, bg) < ratio); step += 1) {
    out = darken(out, 0.04);
  }
  return out;
}

/**
 * A palette whose text shades pass WCAG AA (`docs/domain.md`, §2 "Accessibility"): shades 7 and
 * 8 (text as `c="green.7"`, filled buttons' background under white text, `c="green"`) reach 4.5:1
 * on white, and shade 9 (the light variant's text, on shade 1) reaches it on shade 1 and white.
 * Lighter shades (backgrounds, borders, icons) are left as Mantine has them.
 */
export function accessiblePalette(colors: MantineColorsTuple): MantineColorsTuple {
  const white = '#ffffff';
  const shade7 = darkenUntil(colors[7], [white]);
  const shade8 = darkenUntil(colors[8], [white]);
  const shade9 = darkenUntil(colors[9], [white, colors[1], colors[0]]);
  return [colors[0], colors[1], colors[2], colors[3], colors[4], colors[5], colors[6], shade7, shade8, shade9];
}

/** Every Mantine palette with its text shades made AA ({@link accessiblePalette}); `dark` as it is. */
const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [
    name,
    name === 'dark' ? palette : accessiblePalette(palette),
  ]),
) as Record<string, MantineColorsTuple>;

/**
 * The app's theme: an indigo primary whose filled shade (8) keeps white text above WCAG AA
 * contrast, palettes whose text shades pass AA, and a readable base font size for phones
 * (`docs/domain.md`, §2 "Accessibility"). Every dialog's, drawer's and notification's close
 * button is named `closeDialogLabel` (`common.closeDialog`), an alert's or notification's `closeLabel` (`common.close`), every input's clear button
 * (a file input's included) `clearLabel`, and a table that scrolls sideways can be scrolled from the keyboard (its
 * viewport takes focus). A button's label wraps rather than overflow (long Malayalam and Tamil
 * labels at 375 px). Date pickers start the week on
 * Sunday, set by component name so the theme does not load `@mantine/dates` into the member's
 * bundle.
 */
export function createAppTheme({
  closeLabel,
  closeDialogLabel,
  clearLabel,
}: {
  closeLabel: string;
  closeDialogLabel: string;
  clearLabel: string;
}) {
  const closeButtonProps = { 'aria-label': closeLabel };
  // A dialog's × is "Close dialog", apart from a dialog's own "Close" button.
  const closeDialogProps = { 'aria-label': closeDialogLabel };
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 6 },
    colors,
    // The Noto families of the member's other languages come last: their @font-face rules exist only
    // once that language is chosen (i18n/index.ts), and then render its script with the app's own font.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Malayalam", "Noto Sans Devanagari", "Noto Sans Tamil", sans-serif',
    defaultRadius: 'md',
    components: {
      // A label longer than the button's width wraps onto a second line instead of being cut off
      // or pushing its container past a 375 px screen (Malayalam and Tamil labels run long).
      Button: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
          label: { whiteSpace: 'normal', textAlign: 'center', height: 'auto', overflow: 'visible', lineHeight: 1.3 },
        },
      },
      Modal: { defaultProps: { closeButtonProps: closeDialogProps } },
      Drawer: { defaultProps: { closeButtonProps: closeDialogProps } },
      Notification: { defaultProps: { closeButtonProps } },
      Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      InputClearButton: { defaultProps: { 'aria-label': clearLabel } },
      // A file input's clear button is a plain CloseButton, not InputClearButton: named here too
      // (issue 27, item 6: the dues and member uploads' clear button had no name).
      FileInput: { defaultProps: { clearButtonProps: { 'aria-label': clearLabel } } },
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      DateInput: { defaultProps: { firstDayOfWeek: 0 } },
      DatePickerInput: { defaultProps: { firstDayOfWeek: 0 } },
      DatePicker: { defaultProps: { firstDayOfWeek: 0 } },
    },
  });
}

/**
 * Colours the theme's palettes do not reach: dimmed text (input descriptions, hints) and
 * placeholders (a file input's shows as text) are gray 7 rather than Mantine's gray 6 and 5
 * (3.3:1 and 2.5:1 on white), so they pass AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
