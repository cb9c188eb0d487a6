import { ActionIcon, Group, NativeSelect, Paper, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { MEMBER_SORT_FIELDS, type Member, type MemberSortField } from '@parish/shared';
import {
  IconChevronDown,
  IconChevronUp,
  IconHistory,
  IconKey,
  IconPencil,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useWardNames, useWardWords } from '../../lib/wards.ts';

/** A sort of the members table. */
export interface MemberSort {
  sortBy: MemberSortField;
  sortOrder: 'asc' | 'desc';
}

/** What a row action does to its member. */
export interface MemberRowActions {
  onHistory: (member: Member) => void;
  /**
   * Absent for non-admins: the Login Credentials view is admin only (`docs/domain.md`, §6 "Login
   * credentials view").
   */
  onCredentials?: ((member: Member) => void) | undefined;
  onEdit: (member: Member) => void;
  onDelete: (member: Member) => void;
}

function SortableTh({
  field,
  label,
  sort,
  onSort,
}: {
  field: MemberSortField;
  label: string;
  sort: MemberSort;
  onSort: (field: MemberSortField) => void;
}) {
  const { t } = useTranslation();
  const active = sort.sortBy === field;
  const Icon = active ? (sort.sortOrder === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} title={t('members.sortBy', { column: label })} fw={700}>
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function RowAction({
  label,
  onClick,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The four row actions of a member as labelled icon buttons. */
function RowActions({ member, actions }: { member: Member; actions: MemberRowActions }) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <RowAction label={t('members.actions.history', { name: member.name })} onClick={() => actions.onHistory(member)}>
        <IconHistory size={18} aria-hidden />
      </RowAction>
      {actions.onCredentials ? (
        <RowAction
          label={t('members.actions.credentials', { name: member.name })}
          onClick={() => actions.onCredentials?.(member)}
        >
          <IconKey size={18} aria-hidden />
        </RowAction>
      ) : null}
      <RowAction label={t('members.actions.edit', { name: member.name })} onClick={() => actions.onEdit(member)}>
        <IconPencil size={18} aria-hidden />
      </RowAction>
      <RowAction
        label={t('members.actions.delete', { name: member.name })}
        color="red"
        onClick={() => actions.onDelete(member)}
      >
        <IconTrash size={18} aria-hidden />
      </RowAction>
    </Group>
  );
}

/** The column label key of each sort field. */
const SORT_LABEL_KEYS: Record<MemberSortField, string> = {
  name: 'members.columns.name',
  parishNumber: 'members.columns.parishNumber',
  mobile: 'members.columns.mobile',
  currentLocation: 'members.columns.location',
  createdAt: 'members.columns.added',
};

/**
 * The members list on a phone: one card per member (name, parish number, mobile, location and
 * the same row actions, all reachable without sideways scrolling), with a sort select and an
 * order select in place of the column headers.
 */
export function MembersCards({
  items,
  sort,
  onSortChange,
  actions,
}: {
  items: readonly Member[];
  sort: MemberSort;
  onSortChange: (sort: MemberSort) => void;
  actions: MemberRowActions;
}) {
  const { t } = useTranslation();
  const words = useWardWords();
  const wardNames = useWardNames();
  return (
    <Stack gap="xs">
      <Group gap="xs" grow>
        <NativeSelect
          label={t('members.sortLabel')}
          value={sort.sortBy}
          onChange={(event) => onSortChange({ ...sort, sortBy: event.currentTarget.value as MemberSortField })}
          data={MEMBER_SORT_FIELDS.map((field) => ({ value: field, label: t(SORT_LABEL_KEYS[field]) }))}
        />
        <NativeSelect
          label={t('members.orderLabel')}
          value={sort.sortOrder}
          onChange={(event) => onSortChange({ ...sort, sortOrder: event.currentTarget.value as 'asc' | 'desc' })}
          data={[
            { value: 'asc', label: t('members.ascending') },
            { value: 'desc', label: t('members.descending') },
          ]}
        />
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((member) => (
          <Paper key={member._id} component="li" withBorder p="sm">
            <Text fw={700}>{member.name}</Text>
            <Text size="sm">
              {member.parishNumber} · {member.mobile}
            </Text>
            {member.currentLocation ? (
              <Text size="sm" c="gray.7">
                {member.currentLocation}
              </Text>
            ) : null}
            {member.wardId && wardNames.get(member.wardId) ? (
              <Text size="sm" c="gray.7">
                {words.one}: {wardNames.get(member.wardId)}
              </Text>
            ) : null}
            {member.email ? (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
            ) : null}
            <Group justify="flex-end" mt={4}>
              <RowActions member={member} actions={actions} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The members table (`docs/domain.md`, §2 "Members page"): sortable Name, Parish Number, Mobile and
 * Location headers (with `aria-sort`), the member's ward (issue 28 item 7, in the parish's word), and per row the actions view payment history, view
 * login credentials (admin only), edit and delete as labelled icon buttons. Scrolls sideways
 * on a phone.
 */
export function MembersTable({
  items,
  sort,
  onSort,
  actions,
}: {
  items: readonly Member[];
  sort: MemberSort;
  onSort: (field: MemberSortField) => void;
  actions: MemberRowActions;
}) {
  const { t } = useTranslation();
  const words = useWardWords();
  const wardNames = useWardNames();
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="name" label={t('members.columns.name')} sort={sort} onSort={onSort} />
            <SortableTh field="parishNumber" label={t('members.columns.parishNumber')} sort={sort} onSort={onSort} />
            <SortableTh field="mobile" label={t('members.columns.mobile')} sort={sort} onSort={onSort} />
            <SortableTh field="currentLocation" label={t('members.columns.location')} sort={sort} onSort={onSort} />
            <Table.Th>{words.one}</Table.Th>
            <Table.Th>{t('members.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((member) => (
            <Table.Tr key={member._id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {member.name}
                </Text>
                {member.email ? (
                  <Text size="xs" c="gray.7">
                    {member.email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{member.parishNumber}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{member.mobile}</Table.Td>
              <Table.Td>{member.currentLocation ?? ''}</Table.Td>
              <Table.Td>{member.wardId ? (wardNames.get(member.wardId) ?? '') : ''}</Table.Td>
              <Table.Td>
                <RowActions member={member} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
