import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DEFAULT_PARISH_TIMEZONE, type Activity } from '@parish/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatDateTime, summarizeChange } from './activity-summary.ts';
import { useActivities } from './api.ts';

function Changes({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const words = { yes: t('activities.yes'), no: t('activities.no'), empty: t('activities.empty') };
  const summary = summarizeChange(activity.before, activity.after, words);
  if (summary.changes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('activities.noDetails')}
      </Text>
    );
  }
  const fields = summary.changes.map((change) => `${change.field}: ${change.after ?? change.before ?? ''}`).join(', ');
  return (
    <Stack gap={2}>
      {summary.kind === 'changed' ? (
        summary.changes.map((change) => (
          <Text key={change.field} size="sm">
            {t('activities.changed', { field: change.field, before: change.before, after: change.after })}
          </Text>
        ))
      ) : (
        <Text size="sm">{t(summary.kind === 'removed' ? 'activities.removed' : 'activities.created', { fields })}</Text>
      )}
      {summary.more > 0 ? (
        <Text size="xs" c="gray.7">
          {t('activities.more', { count: summary.more })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The Activity Log (admin, `/admin/activities`; `GET /api/admin/activities?limit=50`): the audit
 * trail newest first, 50 at a time with Load more: when (dd/mm/yyyy hh:mm, parish time), who,
 * action, entity and a readable summary of what changed.
 */
export default function ActivitiesPage() {
  const { t } = useTranslation();
  const list = useActivities();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const actionLabel = (action: string) => t(`activities.actionLabels.${action}`, { defaultValue: action });
  const entityLabel = (entity: string) => t(`activities.entityLabels.${entity}`, { defaultValue: entity });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} fz={24}>
            {t('activities.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('activities.intro')}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void list.refetch()}
          loading={list.isRefetching}
        >
          {t('activities.refresh')}
        </Button>
      </Group>
      {list.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
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
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('activities.when')}</Table.Th>
                  <Table.Th>{t('activities.who')}</Table.Th>
                  <Table.Th>{t('activities.action')}</Table.Th>
                  <Table.Th>{t('activities.entity')}</Table.Th>
                  <Table.Th>{t('activities.changes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((activity) => (
                  <Table.Tr key={activity._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      {formatDateTime(activity.occurredAt, DEFAULT_PARISH_TIMEZONE)}
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Text size="sm">{activity.actorName ?? t(`activities.actors.${activity.actorType}`)}</Text>
                      {activity.actorName ? (
                        <Text size="xs" c="gray.7">
                          {t(`activities.actors.${activity.actorType}`)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>{actionLabel(activity.action)}</Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>{entityLabel(activity.entityType)}</Table.Td>
                    <Table.Td style={{ verticalAlign: 'top' }}>
                      <Changes activity={activity} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
    </Stack>
  );
}
