import '@mantine/dates/styles.css';

import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Activity } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { ActivitiesToolbar } from './activities-toolbar.tsx';
import { ActivityDetails } from './activity-details.tsx';
import { ActivityFilterPanel } from './activity-filter-panel.tsx';
import { ActivityItem } from './activity-item.tsx';
import { useActivities, type ActivityFilters } from './api.ts';

/**
 * The Activity Log (admin, `/admin/activities`; `docs/domain.md`, §2 "Activity Log"): the audit
 * trail newest first as sentences people read ("Lissy (cashier) collected ₹1,500.00 from Thomas
 * Mathew (SM001) for Church Tax 2026, receipt 2026-27/000538"), dd/mm/yyyy hh:mm in parish time;
 * filtered on the server by who, action, member, date range and search, 50 at a time with Load
 * more; a drawer with each recorded field before → after (money in rupees); the filtered list as
 * CSV or Excel.
 */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [member, setMember] = useState<{ id: string; name: string } | null>(null);
  const [open, setOpen] = useState<Activity | null>(null);
  const query: ActivityFilters = { ...filters, search: debounced, memberId: member?.id ?? '' };
  const list = useActivities(query);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack>
      <ActivitiesToolbar query={query} refreshing={list.isRefetching} onRefresh={() => void list.refetch()} />
      <ActivityFilterPanel
        filters={filters}
        search={search}
        member={member}
        onChange={setFilters}
        onSearch={setSearch}
        onClearMember={() => setMember(null)}
      />
      {list.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('activities.loading')}</Text>
        </Group>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('activities.loadError', { reason: errorText(list.error) })}
        </Alert>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text fw={600}>{t('activities.emptyTitle')}</Text>
          <Text c="gray.7">{t('activities.emptyText')}</Text>
        </Paper>
      ) : null}
      {items.length > 0 ? (
        <>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('activities.title')}>
            {items.map((activity) => (
              <ActivityItem key={activity._id} activity={activity} onDetails={setOpen} />
            ))}
          </Stack>
          <Group justify="space-between">
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('activities.count', { count: items.length })}
            </Text>
            {list.hasNextPage ? (
              <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('activities.loadMore')}
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={t('activities.drawer.title')}
      >
        {open ? (
          <ActivityDetails
            activity={open}
            onMember={(id, name) => {
              setMember({ id, name });
              setOpen(null);
            }}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
