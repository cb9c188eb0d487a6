import { Alert, Button, FileInput, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatDisplayDate,
  formatINR,
  type BankAccount,
  type ColumnMapping,
  type Rupees,
  type StatementPreview,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { formatRupees, paiseOf } from '../../lib/money.ts';
import { AccountForm, NEW_ACCOUNT_MAPPING } from './account-form.tsx';
import { importStatement, previewStatement, useBankAccounts } from './api.ts';
import { ReconciliationPanel } from './reconciliation-panel.tsx';

/** A rupee amount of a line, blank when 0 (a debit line has no credit). */
export const lineAmount = (rupees: Rupees) => (rupees === 0 ? '' : formatINR(paiseOf(rupees)));

/**
 * Bank reconciliation (issue 30 item 4, decision 0149; `docs/domain.md`, "Bank-statement
 * reconciliation"): choose or add a bank account and its statement columns (a bank preset, marked
 * unverified until the parish confirms it), upload the bank's export (CSV or .xlsx), preview the
 * first lines as the columns read them, import, then see what matched and what did not on both
 * sides, with suggestions to confirm. Admin (and accountant) only.
 */
export default function BankReconciliationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useBankAccounts();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const list = accounts.data?.accounts ?? [];
  const account: BankAccount | null = adding ? null : (list.find((a) => a._id === chosenId) ?? list[0] ?? null);
  const shownMapping = mapping ?? account?.mapping ?? NEW_ACCOUNT_MAPPING;

  const previewing = useMutation({
    mutationFn: () => previewStatement(account?._id ?? '', file as File, shownMapping),
    onSuccess: setPreview,
    onError: (error) => {
      setPreview(null);
      notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
    },
  });
  const importing = useMutation({
    mutationFn: () => importStatement(account?._id ?? '', file as File),
    onSuccess: (result) => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('bank.imported', result) });
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: ['bank'] });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });

  if (accounts.isPending) return <Loader aria-label={t('bank.loading')} />;
  if (accounts.isError) return <Alert color="red">{errorText(accounts.error)}</Alert>;

  const choose = (id: string | null) => {
    setChosenId(id);
    setAdding(false);
    setMapping(null);
    setPreview(null);
  };

  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('bank.title')}
      </Title>
      <Text size="sm">{t('bank.intro')}</Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            {list.length > 0 ? (
              <Select
                label={t('bank.account')}
                data={list.map((a) => ({ value: a._id, label: a.name }))}
                value={adding ? null : (account?._id ?? null)}
                allowDeselect={false}
                onChange={choose}
                style={{ minWidth: 220 }}
              />
            ) : (
              <Text size="sm">{t('bank.noAccounts')}</Text>
            )}
            <Button
              variant="light"
              onClick={() => {
                setAdding(true);
                setMapping(NEW_ACCOUNT_MAPPING);
                setPreview(null);
              }}
            >
              {t('bank.addAccount')}
            </Button>
          </Group>
          <AccountForm
            key={adding ? 'new' : (account?._id ?? 'none')}
            account={account}
            presets={accounts.data.presets}
            mapping={shownMapping}
            onMappingChange={setMapping}
            onSaved={(saved) => choose(saved._id)}
          />
        </Stack>
      </Paper>
      {account ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <FileInput
              label={t('bank.file')}
              placeholder={t('bank.filePlaceholder')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(next) => {
                setFile(next);
                setPreview(null);
              }}
              clearable
            />
            <Group>
              <Button
                variant="default"
                disabled={!file}
                loading={previewing.isPending}
                onClick={() => previewing.mutate()}
              >
                {t('bank.preview')}
              </Button>
              <Button disabled={!file} loading={importing.isPending} onClick={() => importing.mutate()}>
                {t('bank.import')}
              </Button>
            </Group>
            {preview ? <PreviewTable preview={preview} /> : null}
          </Stack>
        </Paper>
      ) : null}
      {account ? <ReconciliationPanel accountId={account._id} /> : null}
    </Stack>
  );
}

/** The first lines of a file as the columns read them. */
function PreviewTable({ preview }: { preview: StatementPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('bank.previewTitle', { total: preview.total })}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bank.date')}</Table.Th>
              <Table.Th>{t('bank.narration')}</Table.Th>
              <Table.Th>{t('bank.reference')}</Table.Th>
              <Table.Th ta="right">{t('bank.debit')}</Table.Th>
              <Table.Th ta="right">{t('bank.credit')}</Table.Th>
              <Table.Th ta="right">{t('bank.balance')}</Table.Th>
              <Table.Th>{t('bank.utr')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(line.date)}</Table.Td>
                <Table.Td>{line.narration}</Table.Td>
                <Table.Td>{line.reference}</Table.Td>
                <Table.Td ta="right">{lineAmount(line.debit)}</Table.Td>
                <Table.Td ta="right">{lineAmount(line.credit)}</Table.Td>
                <Table.Td ta="right">{formatRupees(line.balance)}</Table.Td>
                <Table.Td>{line.utr ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
