import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { WardSelect } from '../../components/ward-select.tsx';
import type { Member, MemberSortField } from '@parish/shared';
import { IconSearch, IconUpload, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { MemberHistory } from '../../components/member-history.tsx';
import { PasswordResetDialog, type PasswordResetRequest } from '../../components/password-reset-dialog.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePagedSearch } from '../../lib/use-paged-search.ts';
import { CredentialsModal } from './credentials-modal.tsx';
import { DeleteMemberModal } from './delete-member-modal.tsx';
import { InactiveDuesNotice } from './inactive-dues-notice.tsx';
import { MemberFormModal } from './member-form-modal.tsx';
import { resetMemberPassword, useMemberPage } from './api.ts';
import { MembersResults } from './members-results.tsx';
import type { MemberRowActions, MemberSort } from './members-table.tsx';
import { UploadMembersModal } from './upload-members-modal.tsx';

/** The search box and the ward filter of the members page. */
function SearchAndWard(props: {
  search: string;
  onSearch: (search: string) => void;
  fetching: boolean;
  wardId: string;
  onWard: (wardId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t('members.search')}
        placeholder={t('members.searchPlaceholder')}
        type="search"
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={props.fetching ? <Loader size="xs" aria-hidden /> : null}
        style={{ flex: '1 1 240px' }}
        maw={480}
      />
      <WardSelect value={props.wardId} onChange={props.onWard} style={{ flex: '0 1 220px' }} />
    </Group>
  );
}

/** Which add/edit dialog is open: none, add, or edit of a member. */
type FormState = { open: false } | { open: true; member: Member | null; key: number };

/**
 * The Members page (`docs/domain.md`, §2 "Members page"; admin at /admin/members): server-side search,
 * sortable columns, a ward filter (issue 28 item 7), 10 rows per page by default (10/25/50/100), Add Member and Upload Members
 * (opened at once by `?upload=1`),
 * and per row payment history, login credentials with the password resets (admin only), edit and delete.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const paged = usePagedSearch();
  const { search, setSearch, debouncedSearch, page, setPage, limit } = paged;
  const [sort, setSort] = useState<MemberSort>({ sortBy: 'name', sortOrder: 'asc' });
  const [form, setForm] = useState<FormState>({ open: false });
  // `?upload=1` (the "Get started" checklist's link, decision 0132) opens the upload dialog.
  const [searchParams] = useSearchParams();
  const [uploading, setUploading] = useState(isAdmin && searchParams.get('upload') === '1');
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [credentialsOf, setCredentialsOf] = useState<Member | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [passwordReset, setPasswordReset] = useState<PasswordResetRequest | null>(null);

  const [wardId, setWardId] = useState('');
  const list = useMemberPage({ page, limit, search: debouncedSearch, ...sort, ...(wardId ? { wardId } : {}) });
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
      <InactiveDuesNotice />
      <SearchAndWard
        search={search}
        onSearch={setSearch}
        fetching={list.isFetching && Boolean(data)}
        wardId={wardId}
        onWard={(next) => {
          setWardId(next);
          setPage(1);
        }}
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
        <MembersResults
          data={data}
          paged={paged}
          sort={sort}
          onSortBy={sortBy}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          actions={rowActions}
        />
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
