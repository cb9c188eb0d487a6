import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Member, MemberSortField } from '@parish/shared';
import { IconSearch, IconUpload, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberHistory } from '../../components/member-history.tsx';
import { PasswordResetDialog, type PasswordResetRequest } from '../../components/password-reset-dialog.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { CredentialsModal } from './credentials-modal.tsx';
import { DeleteMemberModal } from './delete-member-modal.tsx';
import { MemberFormModal } from './member-form-modal.tsx';
import { resetMemberPassword, useMemberPage } from './api.ts';
import { MembersCards, MembersTable, type MemberRowActions, type MemberSort } from './members-table.tsx';
import { UploadMembersModal } from './upload-members-modal.tsx';

/** Search is sent to the server this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** Which add/edit dialog is open: none, add, or edit of a member. */
type FormState = { open: false } | { open: true; member: Member | null; key: number };

/**
 * The Members page (`docs/domain.md`, §2 "Members page"; admin at /admin/members): server-side search,
 * sortable columns, 10 rows per page by default (10/25/50/100), Add Member and Upload Members,
 * and per row payment history, login credentials with the password resets (admin only), edit and delete.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [sort, setSort] = useState<MemberSort>({ sortBy: 'name', sortOrder: 'asc' });
  const [form, setForm] = useState<FormState>({ open: false });
  const [uploading, setUploading] = useState(false);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [credentialsOf, setCredentialsOf] = useState<Member | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [passwordReset, setPasswordReset] = useState<PasswordResetRequest | null>(null);
  // A new search starts at page 1 (the render after the debounce settles).
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }

  const list = useMemberPage({ page, limit, search: debouncedSearch, ...sort });
  const data = list.data;
  // A page past the end (after deletes, say) moves back to the last page.
  if (data && data.items.length === 0 && data.total > 0 && page > 1 && !list.isPlaceholderData) {
    setPage(Math.max(1, Math.ceil(data.total / limit)));
  }

  function sortBy(field: MemberSortField) {
    setSort((current) => ({
      sortBy: field,
      sortOrder: current.sortBy === field && current.sortOrder === 'asc' ? 'desc' : 'asc',
    }));
    setPage(1);
  }

  const rowActions: MemberRowActions = {
    onHistory: (member) => setHistoryOf(member._id),
    onCredentials: isAdmin ? setCredentialsOf : undefined,
    onEdit: (member) => setForm({ open: true, member, key: Date.now() }),
    onDelete: setDeleting,
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={24}>
          {t('members.title')}
        </Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => setUploading(true)}
          >
            {t('members.upload')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setForm({ open: true, member: null, key: Date.now() })}
          >
            {t('members.add')}
          </Button>
        </Group>
      </Group>
      <TextInput
        label={t('members.search')}
        placeholder={t('members.searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={list.isFetching && data ? <Loader size="xs" aria-hidden /> : null}
        maw={480}
      />
      {list.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('members.loading')}</Text>
        </Group>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('members.loadError', { message: errorText(list.error) })}
        </Alert>
      ) : null}
      {data ? (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
          <Stack>
            {data.items.length === 0 ? (
              <Text c="gray.7" py="md" ta="center">
                {debouncedSearch.trim()
                  ? t('members.emptySearch', { search: debouncedSearch.trim() })
                  : t('members.empty')}
              </Text>
            ) : (
              <>
                <Box visibleFrom="sm">
                  <MembersTable items={data.items} sort={sort} onSort={sortBy} actions={rowActions} />
                </Box>
                <Box hiddenFrom="sm">
                  <MembersCards
                    items={data.items}
                    sort={sort}
                    onSortChange={(next) => {
                      setSort(next);
                      setPage(1);
                    }}
                    actions={rowActions}
                  />
                </Box>
              </>
            )}
            {data.total > 0 ? (
              <TablePager
                page={page}
                limit={limit}
                total={data.total}
                totalIsLowerBound={data.totalIsLowerBound}
                label={t('members.pager.label')}
                onPage={setPage}
                onLimit={(size) => {
                  setLimit(size);
                  setPage(1);
                }}
              />
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {form.open ? (
        <MemberFormModal key={form.key} opened member={form.member} onClose={() => setForm({ open: false })} />
      ) : null}
      <UploadMembersModal opened={uploading} onClose={() => setUploading(false)} />
      <DeleteMemberModal member={deleting} onClose={() => setDeleting(null)} />
      {isAdmin ? (
        <>
          <CredentialsModal
            member={credentialsOf}
            onClose={() => setCredentialsOf(null)}
            onReset={(member, kind) => {
              setCredentialsOf(null);
              setPasswordReset({ name: member.name, kind, reset: () => resetMemberPassword(member._id, kind) });
            }}
          />
          <PasswordResetDialog request={passwordReset} onClose={() => setPasswordReset(null)} />
        </>
      ) : null}
      <MemberHistory memberId={historyOf} mode="admin" onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
