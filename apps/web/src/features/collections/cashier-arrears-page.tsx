import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { CollectionsPager } from './collections-pager.tsx';
import { useCashierMembers } from './api.ts';
import { PaymentSummaryModal } from './payment-summary-modal.tsx';

/** Members per page on the cashier's screen (`docs/domain.md`, §2 "Page sizes and timings"). */
const PAGE_SIZE = 10;

/**
 * Cashier View/Collect Payments (`/cashier/arrears`, `docs/domain.md`, §2 "Cashier View/Collect
 * Payments"): the member table, 10 a page, searched by name, parish number, phone or location; View
 * opens the member's Payment Summary dialog, where pending payments are collected.
 */
export default function CashierArrearsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useCashierMembers(page, PAGE_SIZE, debounced);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('collections.arrears.title')}
      </Title>
      <TextInput
        label={t('collections.arrears.searchLabel')}
        placeholder={t('collections.arrears.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        type="search"
        maw={480}
      />
      {list.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('collections.arrears.loading')}</Text>
        </Group>
      ) : null}
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('collections.arrears.loadError', { reason: errorText(list.error) })}
        </Alert>
      ) : null}
      {list.data ? (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('collections.arrears.count', { count: list.data.total })}
          </Text>
          {list.data.items.length === 0 ? (
            <Text c="gray.7">{t('collections.arrears.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('collections.arrears.name')}</Table.Th>
                    <Table.Th>{t('collections.arrears.parishNumber')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('collections.arrears.mobile')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('collections.arrears.location')}</Table.Th>
                    <Table.Th>{t('collections.arrears.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((member) => (
                    <Table.Tr key={member._id}>
                      <Table.Td>
                        {member.name}
                        <Text hiddenFrom="sm" size="xs" c="gray.7">
                          {member.mobile}
                          {member.currentLocation ? ` · ${member.currentLocation}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{member.parishNumber}</Table.Td>
                      <Table.Td visibleFrom="sm">{member.mobile}</Table.Td>
                      <Table.Td visibleFrom="sm">{member.currentLocation ?? ''}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setViewing(member._id)}
                          aria-label={t('collections.arrears.viewFor', { name: member.name })}
                        >
                          {t('collections.arrears.view')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <CollectionsPager total={pages} value={page} onChange={setPage} label={t('collections.arrears.pagination')} />
        </>
      ) : null}
      <PaymentSummaryModal memberId={viewing} mode="cashier" onClose={() => setViewing(null)} />
    </Stack>
  );
}
