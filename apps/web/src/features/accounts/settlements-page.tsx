import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  accountsContracts,
  calendarDateIn,
  DEFAULT_PARISH_TIMEZONE,
  DEFAULT_WORLDLINE_MAPPING,
  formatDisplayDate,
  formatDisplayDateTime,
  STATEMENT_DATE_FORMATS,
  type SettledPayment,
  type SettlementFetchResult,
  type WorldlineMapping,
} from '@parish/shared';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import { fileBase64 } from '../../lib/file-base64.ts';
import { DayInput } from '../../components/day-input.tsx';

const SETTLEMENTS_KEY = ['accounts', 'settlements'];

/** The Worldline mapping's column fields, in the order the form shows them. */
const COLUMN_FIELDS = [
  'txnIdColumn',
  'grossColumn',
  'feeColumn',
  'taxColumn',
  'netColumn',
  'dateColumn',
  'utrColumn',
  'skipRows',
  'footerRows',
] as const;

/**
 * Gateway settlements (admin `/admin/settlements`, accountant `/accounts/settlements`; issue 30
 * item 5, decision 0151; `docs/domain.md`, "Gateway settlements"): the online payments of a range
 * with gross, fee, GST, net, the settlement's UTR and date; a payment not settled after 3 working
 * days is marked "Late" in words and with an icon (never by colour alone); "Fetch settlements now"
 * reads Razorpay's; Worldline's report is imported with its column mapping.
 */
export default function SettlementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = calendarDateIn(new Date(), DEFAULT_PARISH_TIMEZONE);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const list = useQuery({
    queryKey: [...SETTLEMENTS_KEY, from, to],
    queryFn: () => apiRequest(accountsContracts.settlements, { query: { from, to } }),
    enabled: from !== '' && to !== '',
  });
  const recorded = (result: SettlementFetchResult) => {
    notifications.show({ color: 'green', title: t('common.success'), message: t('settlements.recorded', result) });
    void queryClient.invalidateQueries({ queryKey: SETTLEMENTS_KEY });
  };
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) });
  const fetching = useMutation({
    mutationFn: () => apiRequest(accountsContracts.fetchSettlements),
    onSuccess: recorded,
    onError: failed,
  });
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('settlements.title')}
      </Title>
      <Text size="sm">{t('settlements.intro')}</Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group grow wrap="wrap" align="flex-end">
            <DayInput label={t('settlements.from')} value={from} onChange={setFrom} miw={150} />
            <DayInput label={t('settlements.to')} value={to} onChange={setTo} miw={150} />
          </Group>
          <Group>
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={fetching.isPending}
              onClick={() => fetching.mutate()}
            >
              {t('settlements.fetchNow')}
            </Button>
            {list.data?.lastRecordedAt ? (
              <Text size="sm" c="dimmed">
                {t('settlements.lastRecorded', { when: formatDisplayDateTime(list.data.lastRecordedAt) })}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      {list.isPending ? <Loader aria-label={t('settlements.loading')} /> : null}
      {list.isError ? <Alert color="red">{errorText(list.error)}</Alert> : null}
      {list.data ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} fz={18}>
              {t('settlements.payments')}
            </Title>
            {list.data.totals.unsettled > 0 ? (
              <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="status">
                {t('settlements.unsettledCount', { count: list.data.totals.unsettled })}
              </Alert>
            ) : null}
            {list.data.payments.length === 0 ? (
              <Text size="sm">{t('settlements.none')}</Text>
            ) : (
              <PaymentsTable payments={list.data.payments} />
            )}
            <Text size="sm">
              {t('settlements.totals', {
                gross: formatRupees(list.data.totals.gross),
                fee: formatRupees(list.data.totals.fee),
                tax: formatRupees(list.data.totals.tax),
                net: formatRupees(list.data.totals.net),
              })}
            </Text>
          </Stack>
        </Paper>
      ) : null}
      <WorldlineImportPanel onRecorded={recorded} onFailed={failed} />
    </Stack>
  );
}

/** Worldline's settlement report: its column mapping and the file, imported. */
function WorldlineImportPanel({
  onRecorded,
  onFailed,
}: {
  onRecorded: (result: SettlementFetchResult) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<WorldlineMapping>(DEFAULT_WORLDLINE_MAPPING);
  const importing = useMutation({
    mutationFn: async () => {
      const content = await fileBase64(file as File);
      return apiRequest(accountsContracts.importWorldline, {
        body: { fileName: (file as File).name, content, mapping },
      });
    },
    onSuccess: (result) => {
      onRecorded(result);
      setFile(null);
    },
    onError: onFailed,
  });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {t('settlements.worldlineTitle')}
        </Title>
        <Text size="sm">{t('settlements.worldlineIntro')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {COLUMN_FIELDS.map((field) => (
            <NumberInput
              key={field}
              label={t(`settlements.mapping.${field}`)}
              value={mapping[field]}
              min={field === 'skipRows' || field === 'footerRows' ? 0 : 1}
              max={field === 'skipRows' || field === 'footerRows' ? 100 : 50}
              allowDecimal={false}
              onChange={(value) => setMapping({ ...mapping, [field]: Number(value) || 0 })}
            />
          ))}
          <Select
            label={t('settlements.mapping.dateFormat')}
            data={[...STATEMENT_DATE_FORMATS]}
            value={mapping.dateFormat}
            allowDeselect={false}
            onChange={(value) =>
              setMapping({ ...mapping, dateFormat: (value ?? mapping.dateFormat) as WorldlineMapping['dateFormat'] })
            }
          />
        </SimpleGrid>
        <FileInput
          label={t('settlements.file')}
          placeholder={t('settlements.filePlaceholder')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group>
          <Button disabled={!file} loading={importing.isPending} onClick={() => importing.mutate()}>
            {t('settlements.import')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The payments with their settlement, a late one marked in words and with an icon. */
function PaymentsTable({ payments }: { payments: SettledPayment[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settlements.paidOn')}</Table.Th>
            <Table.Th>{t('settlements.member')}</Table.Th>
            <Table.Th>{t('settlements.receipt')}</Table.Th>
            <Table.Th>{t('settlements.gateway')}</Table.Th>
            <Table.Th ta="right">{t('settlements.gross')}</Table.Th>
            <Table.Th ta="right">{t('settlements.fee')}</Table.Th>
            <Table.Th ta="right">{t('settlements.tax')}</Table.Th>
            <Table.Th ta="right">{t('settlements.net')}</Table.Th>
            <Table.Th>{t('settlements.utr')}</Table.Th>
            <Table.Th>{t('settlements.settledOn')}</Table.Th>
            <Table.Th>{t('settlements.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.transactionId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(payment.paidOn)}</Table.Td>
              <Table.Td>
                {payment.memberName} ({payment.parishNumber})
              </Table.Td>
              <Table.Td>{payment.receiptNumber ?? ''}</Table.Td>
              <Table.Td>
                {payment.gateway === 'razorpay' ? 'Razorpay' : 'Worldline'}
                {payment.isTest ? ` (${t('settlements.test')})` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(payment.gross)}</Table.Td>
              <Table.Td ta="right">{payment.fee === null ? '' : formatRupees(payment.fee)}</Table.Td>
              <Table.Td ta="right">{payment.tax === null ? '' : formatRupees(payment.tax)}</Table.Td>
              <Table.Td ta="right">{payment.net === null ? '' : formatRupees(payment.net)}</Table.Td>
              <Table.Td>{payment.settlementUtr ?? ''}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(payment.settledOn)}</Table.Td>
              <Table.Td>
                {payment.settlementId ? (
                  t('settlements.settled')
                ) : payment.unsettled ? (
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <IconAlertTriangle
                      size={14}
                      aria-hidden
                      style={{ flexShrink: 0, marginTop: 3, color: 'var(--mantine-color-red-8)' }}
                    />
                    <Text size="sm" fw={600} c="red.9">
                      {t('settlements.late', { date: formatDisplayDate(payment.dueBy) })}
                    </Text>
                  </Group>
                ) : (
                  t('settlements.expected', { date: formatDisplayDate(payment.dueBy) })
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
