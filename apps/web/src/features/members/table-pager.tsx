import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Page sizes of the shared paginated table (section 2, "Shared pieces"; section 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Most page buttons shown at once (section 9). */
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

/**
 * Pagination under a table: the shown range, a rows-per-page select (10/25/50/100, only with
 * `onLimit`) and up to five page buttons with previous/next; every control has an accessible
 * name and the current page is marked `aria-current`. `label` names the page navigation
 * (default 'Members pages').
 */
export function TablePager({
  page,
  limit,
  total,
  onPage,
  onLimit,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {onLimit ? (
          <NativeSelect
            aria-label={t('members.pager.pageSize')}
            value={String(limit)}
            onChange={(event) => onLimit(Number(event.currentTarget.value))}
            data={PAGE_SIZES.map((size) => String(size))}
            w={80}
          />
        ) : null}
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('members.pager.range', { from, to, total })}
        </Text>
      </Group>
      {pages > 1 ? (
        <nav aria-label={label ?? t('members.pager.label')}>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('members.pager.previous')}
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            {pageWindow(page, pages).map((number) => (
              <Button
                key={number}
                size="compact-md"
                h={34}
                miw={34}
                px={8}
                variant={number === page ? 'filled' : 'default'}
                aria-label={t('members.pager.page', { page: number })}
                aria-current={number === page ? 'page' : undefined}
                onClick={() => onPage(number)}
              >
                {number}
              </Button>
            ))}
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('members.pager.next')}
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </nav>
      ) : null}
    </Group>
  );
}
