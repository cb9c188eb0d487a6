import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DEFAULT_PARISH_TIMEZONE, calendarDateIn, type PaymentRecord } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { downloadTable, type TableFormat } from '../../lib/table-download.ts';
import { fetchCashierCollections, type CollectionFilters } from './api.ts';
import { EXPORT_COLUMNS, exportRow, methodKey } from './my-collections.ts';

/** The Cashier Collections filters: the typed search, From and To (parish dates), the page, and today. */
export interface MyCollectionsFilters {
  search: string;
  from: string | null;
  to: string | null;
  page: number;
  /** Today's parish date (`YYYY-MM-DD`), when the screen opened. */
  today: string;
  /** What the list is asked for: the search once it has settled (trimmed), From and To. */
  filters: CollectionFilters;
  /** A new search, From or To goes back to page 1. */
  setSearch: (value: string) => void;
  setFrom: (value: string | null) => void;
  setTo: (value: string | null) => void;
  setPage: (page: number) => void;
  /** Clear: no search, no dates, page 1. */
  clear: () => void;
}

/**
 * The Cashier Collections filters (`docs/domain.md`, §2 "Cashier Collections"): they open on
 * today (`docs/domain.md`, "Day close"); the search is sent 300 ms after the last keystroke.
 */
export function useMyCollectionsFilters(): MyCollectionsFilters {
  const [search, setSearchOnly] = useState('');
  // My Collections opens on today (docs/domain.md, "Day close").
  const [today] = useState(() => calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE));
  const [from, setFromOnly] = useState<string | null>(today);
  const [to, setToOnly] = useState<string | null>(today);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  function firstPage<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }
  return {
    search,
    from,
    to,
    page,
    today,
    filters: { search: debounced, from, to },
    setSearch: firstPage(setSearchOnly),
    setFrom: firstPage(setFromOnly),
    setTo: firstPage(setToOnly),
    setPage,
    clear: () => {
      setSearchOnly('');
      setFromOnly(null);
      setToOnly(null);
      setPage(1);
    },
  };
}

/** The method of a collection as the screen names it (its catalogue text, else the stored value). */
export function useMethodText(): (method: string | null) => string {
  const { t } = useTranslation();
  return (method) => {
    const key = methodKey(method);
    return key ? t(key) : (method ?? '');
  };
}

/**
 * Export CSV / Excel of the cashier's collections under `filters` (every page, 100 at a time), as
 * `collections.mine.csvFile` with today's parish date; a failure shows a notification.
 * @returns the format being exported (null when none) and the export action.
 */
export function useMyCollectionsExport(filters: CollectionFilters) {
  const { t } = useTranslation();
  const methodText = useMethodText();
  const [exporting, setExporting] = useState<TableFormat | null>(null);

  async function exportCollections(format: TableFormat) {
    setExporting(format);
    try {
      const items: PaymentRecord[] = [];
      for (let next = 1; ; next += 1) {
        const chunk = await fetchCashierCollections(filters, next, 100);
        items.push(...chunk.items);
        if (items.length >= chunk.total || chunk.items.length === 0) break;
      }
      const header = EXPORT_COLUMNS.map((key) => t(`collections.mine.${key}`));
      const rows = items.map((item) => exportRow(item, methodText));
      await downloadTable(header, rows, {
        prefix: t('collections.mine.csvFile'),
        isoDay: calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE),
        format,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: t('collections.mine.exportFailed', { reason: errorText(error) }),
      });
    } finally {
      setExporting(null);
    }
  }

  return { exporting, exportCollections };
}
