import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { DEFAULT_PARISH_TIMEZONE, formatDisplayDateTime, type Activity } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { actionLabel, activitySentenceText } from './activity-sentence.ts';
import { summarizeChange } from './activity-summary.ts';

/** The entry's details: when, who, what it is about, and each recorded field before → after. */
export function ActivityDetails({
  activity,
  onMember,
}: {
  activity: Activity;
  onMember: (id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const words = { yes: t('activities.yes'), no: t('activities.no'), empty: t('activities.empty') };
  const summary = summarizeChange(activity.action, activity.before, activity.after, words, Number.POSITIVE_INFINITY);
  const { member, head, staff } = activity.subject;
  const rows: [string, string][] = [
    [t('activities.drawer.when'), formatDisplayDateTime(activity.occurredAt, DEFAULT_PARISH_TIMEZONE)],
    [
      t('activities.drawer.who'),
      activity.actorName
        ? `${activity.actorName} (${activity.actorRole ?? t(`activities.actors.${activity.actorType}`)})`
        : t(`activities.actors.${activity.actorType}`),
    ],
    [t('activities.drawer.action'), actionLabel(t, activity.action)],
  ];
  if (member) rows.push([t('activities.drawer.member'), `${member.name} (${member.parishNumber})`]);
  if (head) rows.push([t('activities.drawer.head'), `${head.name} (${head.year})`]);
  if (staff) rows.push([t('activities.drawer.staff'), staff.name]);
  if (activity.entityId) rows.push([t('activities.drawer.reference'), activity.entityId]);
  return (
    <Stack>
      <Text fw={600}>{activitySentenceText(t, activity)}</Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {member ? (
        <Button variant="default" onClick={() => onMember(member._id, member.name)}>
          {t('activities.onlyThisMember')}
        </Button>
      ) : null}
      <Title order={2} fz="md">
        {t('activities.drawer.changes')}
      </Title>
      {summary.changes.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('activities.noDetails')}
        </Text>
      ) : (
        <Table withTableBorder layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activities.drawer.field')}</Table.Th>
              <Table.Th>{t('activities.drawer.before')}</Table.Th>
              <Table.Th>{t('activities.drawer.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.field}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.before ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.after ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
