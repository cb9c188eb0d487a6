import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { PAGE_SIZES, pageWindow } from './page-window.ts';

/** Props of {@link TablePager}. */
export interface TablePagerProps {
  /** The current page, 1-based. */
  page: number;
  /** Rows per page. */
  limit: number;
  /** Rows in the whole list (at least that many with `totalIsLowerBound`). */
  total: number;
  /**
   * The list counted only up to `total` and has more (the member list's capped count,
   * `docs/domain.md`, §7 "Shapes the specification leaves open"): the range says "of 1,000+" and the next page stays open.
   */
  totalIsLowerBound?: boolean;
  onPage: (page: number) => void;
  /** Shows the rows-per-page select (10/25/50/100) and reports the chosen size. */
  onLimit?: (limit: number) => void;
  /** Names the page navigation ('Members pages', 'Report pages'...); default 'Pages'. */
  label?: string;
  /** Shows the range text ('11–20 of 45'); default true. */
  showRange?: boolean;
}

/** Counts in the range text, grouped the Indian way (1,00,000), as amounts are. */
const COUNT_FORMAT = new Intl.NumberFormat('en-IN');

/**
 * The pagination under every paged list of the app (members, payment heads, reports, reminders):
 * the shown range, a rows-per-page select (only with `onLimit`) and up to five page buttons with
 * previous/next; every control has an accessible name and the current page is marked
 * `aria-current`. With neither the range nor the select, only the page buttons (nothing for a
 * single page), as the payment-head dialogs show it.
 */
export function TablePager({
  page,
  limit,
  total,
  totalIsLowerBound = false,
  onPage,
  onLimit,
  label,
  showRange = true,
}: TablePagerProps) {
  const { t } = useTranslation();
  // With a lower bound, a full page may have more after it: one page more than counted.
  const pages = Math.max(1, Math.ceil(total / limit), totalIsLowerBound && page * limit >= total ? page + 1 : 0);
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  const nav =
    pages > 1 ? (
      <PageButtons page={page} pages={pages} onPage={onPage} label={label ?? t('common.pager.label')} />
    ) : null;
  if (!showRange && !onLimit) return nav;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {onLimit ? (
          <NativeSelect
            aria-label={t('common.pager.pageSize')}
            value={String(limit)}
            onChange={(event) => onLimit(Number(event.currentTarget.value))}
            data={PAGE_SIZES.map((size) => String(size))}
            w={80}
          />
        ) : null}
        {showRange ? (
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('common.pager.range', {
              from: COUNT_FORMAT.format(from),
              to: COUNT_FORMAT.format(to),
              total: totalIsLowerBound
                ? t('members.pager.atLeast', { total: COUNT_FORMAT.format(total) })
                : COUNT_FORMAT.format(total),
            })}
          </Text>
        ) : null}
      </Group>
      {nav}
    </Group>
  );
}

/** Previous, up to five page buttons and next, in a navigation landmark named `label`. */
function PageButtons({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('common.pager.previous')}
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
            aria-label={t('common.pager.page', { page: number })}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onPage(number)}
          >
            {number}
          </Button>
        ))}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('common.pager.next')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </nav>
  );
}
