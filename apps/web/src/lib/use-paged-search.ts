import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Search is sent to the server this long after the last keystroke, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A searched, paged list's state: what is typed, what is searched, the page and the page size. */
export interface PagedSearch {
  /** The search box's text, as typed. */
  search: string;
  setSearch: (value: string) => void;
  /** The text the list is searched with: `search` once it has not changed for {@link SEARCH_DEBOUNCE_MS}. */
  debouncedSearch: string;
  /** The page shown, from 1. */
  page: number;
  setPage: (page: number) => void;
  /** Rows a page. */
  limit: number;
  /** A new page size: back to page 1. */
  setLimit: (limit: number) => void;
}

/**
 * The state of a server-searched, paged list (the Members and Send Reminders pages): the typed
 * search, debounced; the page, back to 1 when the debounced search changes (in the render after
 * the debounce settles) or the page size changes.
 * @param initialLimit the first page size (rows)
 */
export function usePagedSearch(initialLimit = 10): PagedSearch {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimitOnly] = useState(initialLimit);
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }
  const setLimit = (value: number) => {
    setLimitOnly(value);
    setPage(1);
  };
  return { search, setSearch, debouncedSearch, page, setPage, limit, setLimit };
}
