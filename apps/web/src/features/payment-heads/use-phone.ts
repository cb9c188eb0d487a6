import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is phone-sized (below Mantine's `xs` breakpoint, 576 px): the long dialogs
 * of this screen then open full screen so their tables get the whole width.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
