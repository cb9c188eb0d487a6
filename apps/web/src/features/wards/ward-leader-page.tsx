import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Member } from '@parish/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import { MemberWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { usePagedSearch } from '../../lib/use-paged-search.ts';
import { useWards, useWardWords } from '../../lib/wards.ts';
import { useLeaderMemberDues, useLeaderMembers } from './api.ts';

/**
 * The ward leader's screen (issue 28 item 7, decision 0129): the members of their ward (the
 * server confines the list to it), searchable and paged, each with their dues (paid and pending,
 * ₹ with Indian grouping) and a WhatsApp reminder (wa.me link with the member's payment link).
 * One card per member, so it reads on a 375 px phone without sideways scrolling.
 */
export default function WardLeaderPage() {
  const { t } = useTranslation();
  const words = useWardWords();
  const wards = useWards();
  const paged = usePagedSearch();
  const { page, limit, debouncedSearch } = paged;
  const list = useLeaderMembers({ page, limit, search: debouncedSearch });
  const wardName = wards.data?.[0]?.name ?? '';
  const data = list.data;
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('wards.leader.title', { ward: words.ward, name: wardName })}
      </Title>
      <Text size="sm" c="gray.7">
        {t('wards.leader.intro', { ward: words.ward })}
      </Text>
      <TextInput
        label={t('members.search')}
        placeholder={t('members.searchPlaceholder')}
        type="search"
        value={paged.search}
        onChange={(event) => paged.setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
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
      {data && data.items.length === 0 ? <Text c="gray.7">{t('members.empty')}</Text> : null}
      {data && data.items.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((member) => (
            <LeaderMemberCard key={member._id} member={member} />
          ))}
        </Stack>
      ) : null}
      {data && data.total > 0 ? (
        <TablePager
          page={paged.page}
          limit={paged.limit}
          total={data.total}
          totalIsLowerBound={data.totalIsLowerBound}
          label={t('members.pager.label')}
          onPage={paged.setPage}
          onLimit={paged.setLimit}
        />
      ) : null}
    </Stack>
  );
}

/** One member of the ward: contact, dues on demand, and the WhatsApp reminder. */
function LeaderMemberCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [showDues, setShowDues] = useState(false);
  return (
    <Paper component="li" withBorder p="sm">
      <Text fw={700}>{member.name}</Text>
      <Text size="sm">
        {member.parishNumber} · {member.mobile}
      </Text>
      <Group gap="xs" mt={6} align="flex-start">
        <Button
          size="xs"
          variant="default"
          onClick={() => setShowDues((shown) => !shown)}
          aria-expanded={showDues}
          aria-label={t('wards.leader.dues', { name: member.name })}
        >
          {t('wards.leader.duesButton')}
        </Button>
        <MemberWhatsAppButton memberId={member._id} name={member.name} />
      </Group>
      {showDues ? <MemberDues memberId={member._id} /> : null}
    </Paper>
  );
}

/** A member's paid and pending totals (`GET /api/collections/members/:id/payments`). */
function MemberDues({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const dues = useLeaderMemberDues(memberId);
  if (dues.isPending) return <Loader size="xs" mt={4} aria-label={t('members.loading')} />;
  if (dues.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {errorText(dues.error)}
      </Text>
    );
  }
  return (
    <Text size="sm" mt={4}>
      {t('wards.dashboard.collected')}: {formatRupees(dues.data.totals.paid)} · {t('wards.dashboard.pending')}:{' '}
      {formatRupees(dues.data.totals.pending)}
    </Text>
  );
}
