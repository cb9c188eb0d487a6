/** Page sizes of the shared paginated table (docs/domain.md, "§2 Screens", "Shared pieces"). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Most page buttons shown at once (docs/domain.md, "§2 Screens", "Shared pieces"). */
const MAX_PAGE_BUTTONS = 5;

/**
 * The page numbers to show: at most five, a window around the current page that slides to the
 * ends (pages 1-5, then 2-6, ..., and the last five at the end).
 */
export function pageWindow(page: number, pages: number): number[] {
  const count = Math.min(MAX_PAGE_BUTTONS, pages);
  const first = Math.min(Math.max(1, page - Math.floor(MAX_PAGE_BUTTONS / 2)), Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
