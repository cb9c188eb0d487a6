import { Alert, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { errorText } from '../lib/error-text.ts';

/** What a {@link ListTablePage} shows around its rows. */
export interface ListTablePageProps<Item> {
  /** The page's heading (its one `h1`). */
  title: string;
  /** The list's query; its answer carries `items`. */
  query: UseQueryResult<{ items: Item[] }>;
  /** The loader's accessible name, if it has one. */
  loadingLabel?: string;
  /** The text of an empty list. */
  emptyText: string;
  /** The table's width below which it scrolls sideways, in px. */
  minWidth: number;
  /** The header row's cells (`Table.Th`). */
  headers: ReactNode;
  /** The body's rows (`Table.Tr`) of the items. */
  rows: (items: Item[]) => ReactNode;
}

/**
 * A back-office page of one list in a striped table (the Cheques and Day sheets pages): the
 * heading, a loader while the list loads, the error in an alert, the empty text in a panel, or the
 * table with the page's header cells and rows, scrolling sideways below `minWidth`
 * (`docs/domain.md`, §2 "Accessibility": usable at 375 px).
 */
export function ListTablePage<Item>({
  title,
  query,
  loadingLabel,
  emptyText,
  minWidth,
  headers,
  rows,
}: ListTablePageProps<Item>) {
  return (
    <Stack>
      <Title order={1} fz={24}>
        {title}
      </Title>
      {query.isPending ? <Loader size="sm" aria-label={loadingLabel} /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {errorText(query.error)}
        </Alert>
      ) : null}
      {query.data && query.data.items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text fw={600}>{emptyText}</Text>
        </Paper>
      ) : null}
      {query.data && query.data.items.length > 0 ? (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>{headers}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows(query.data.items)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
