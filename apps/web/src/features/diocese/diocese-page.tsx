import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatDisplayDate,
  HEAD_TYPES,
  type DioceseParish,
  type HeadType,
  type Rupees,
  financialYearOf,
} from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';

import { FormError } from '../../components/form-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatRupees } from '../../lib/money.ts';
import {
  dioceseJson,
  dioceseToken,
  downloadRollup,
  fetchDioceseAdmin,
  fetchLevies,
  fetchParishes,
  fetchRollup,
  setDioceseToken,
} from './diocese-api.ts';

/** A financial year as printed: 2026 -> `2026-27`. */
export function financialYearLabel(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The financial year of today (in the browser's calendar; the period is a choice, not a fact). */
function currentFinancialYear(): number {
  return financialYearOf(new Date().toISOString().slice(0, 10));
}

/** The financial years offered: three back, the current one, the next. */
function yearOptions(): { value: string; label: string }[] {
  const current = currentFinancialYear();
  return [current + 1, current, current - 1, current - 2, current - 3].map((year) => ({
    value: String(year),
    label: financialYearLabel(year),
  }));
}

/** The months of a financial year, April to March, as roll-up periods (`2026-04`). */
function monthOptions(year: number): { value: string; label: string }[] {
  const format = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const calendarYear = index < 9 ? year : year + 1;
    const value = `${calendarYear}-${String(month).padStart(2, '0')}`;
    return { value, label: format.format(new Date(Date.UTC(calendarYear, month - 1, 1))) };
  });
}

function useHeadTypeLabel() {
  const { t } = useTranslation();
  return (type: HeadType) => t(`diocese.headTypes.${type}`);
}

/** The parishes: list, add one, invite its admin. */
function ParishesTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const parishes = useQuery({ queryKey: ['diocese', 'parishes'], queryFn: fetchParishes });
  const [name, setName] = useState('');
  const [hosts, setHosts] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [inviting, setInviting] = useState<DioceseParish | null>(null);
  const add = useMutation({
    mutationFn: () =>
      dioceseJson<DioceseParish>('/api/diocese/parishes', {
        method: 'POST',
        body: {
          name,
          hosts: hosts
            .split(/[\s,]+/)
            .map((host) => host.trim())
            .filter(Boolean),
        },
      }),
    onSuccess: async (parish) => {
      setAdded(t('diocese.parishAdded', { name: parish.name }));
      setName('');
      setHosts('');
      await client.invalidateQueries({ queryKey: ['diocese'] });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    add.mutate();
  }
  return (
    <Stack>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} fz={18}>
              {t('diocese.addParish')}
            </Title>
            <FormError
              message={add.error ? errorText(add.error, t('diocese.failed')) : null}
              title={t('common.error')}
            />
            {added ? (
              <Alert color="green" role="status">
                {added}
              </Alert>
            ) : null}
            <TextInput
              label={t('diocese.parishName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
            />
            <TextInput
              label={t('diocese.parishHosts')}
              description={t('diocese.parishHostsHint')}
              value={hosts}
              onChange={(event) => setHosts(event.currentTarget.value)}
              required
            />
            <Group>
              <Button type="submit" disabled={add.isPending}>
                {add.isPending ? t('diocese.adding') : t('diocese.addParish')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {parishes.error ? <FormError message={errorText(parishes.error, t('diocese.failed'))} /> : null}
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('diocese.parishName')}</Table.Th>
              <Table.Th scope="col">{t('diocese.parishHosts')}</Table.Th>
              <Table.Th scope="col">{t('diocese.staff')}</Table.Th>
              <Table.Th scope="col">{t('diocese.members')}</Table.Th>
              <Table.Th scope="col">{t('diocese.created')}</Table.Th>
              <Table.Th scope="col">{t('diocese.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(parishes.data?.items ?? []).map((parish) => (
              <Table.Tr key={parish.id}>
                <Table.Td>{parish.name}</Table.Td>
                <Table.Td>{parish.hosts.length > 0 ? parish.hosts.join(', ') : t('diocese.noHosts')}</Table.Td>
                <Table.Td>{parish.staffCount}</Table.Td>
                <Table.Td>{parish.memberCount}</Table.Td>
                <Table.Td>{parish.createdAt ? formatDisplayDate(parish.createdAt.slice(0, 10)) : ''}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setInviting(parish)}
                    aria-label={`${t('diocese.invite')}: ${parish.name}`}
                  >
                    {t('diocese.invite')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {inviting ? <InviteDialog parish={inviting} onClose={() => setInviting(null)} /> : null}
    </Stack>
  );
}

/** Invites a parish's admin and shows the one-time password once. */
function InviteDialog({ parish, onClose }: { parish: DioceseParish; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const invite = useMutation({
    mutationFn: () =>
      dioceseJson<{ username: string; oneTimePassword: string; signInUrl: string }>(
        `/api/diocese/parishes/${parish.id}/invite`,
        { method: 'POST', body: { username, name } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['diocese', 'parishes'] }),
  });
  const done = invite.data;
  return (
    <Modal
      opened
      onClose={onClose}
      title={done ? t('diocese.inviteDoneTitle') : t('diocese.inviteTitle', { name: parish.name })}
    >
      {done ? (
        <Stack>
          <Text fw={700} fz={22} ff="monospace" data-testid="one-time-password">
            {done.oneTimePassword}
          </Text>
          <Text>{t('diocese.inviteDone', { username: done.username, url: done.signInUrl })}</Text>
          <Button onClick={onClose}>{t('diocese.close')}</Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate();
          }}
          noValidate
        >
          <Stack>
            <FormError
              message={invite.error ? errorText(invite.error, t('diocese.failed')) : null}
              title={t('common.error')}
            />
            <TextInput
              label={t('diocese.inviteUsername')}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              required
            />
            <TextInput
              label={t('diocese.inviteName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
            />
            <Button type="submit" disabled={invite.isPending}>
              {t('diocese.inviteSubmit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Raised, collected, outstanding and rate cells of one line. */
function Figures({
  line,
}: {
  line: { raised: Rupees; collected: Rupees; outstanding: Rupees; collectionRate: number };
}) {
  return (
    <>
      <Table.Td ta="right">{formatRupees(line.raised)}</Table.Td>
      <Table.Td ta="right">{formatRupees(line.collected)}</Table.Td>
      <Table.Td ta="right">{formatRupees(line.outstanding)}</Table.Td>
      <Table.Td ta="right">{line.collectionRate.toFixed(1)}%</Table.Td>
    </>
  );
}

/** The roll-up: period filter, table per parish and head type, downloads. */
function RollupTab() {
  const { t } = useTranslation();
  const headTypeLabel = useHeadTypeLabel();
  const [year, setYear] = useState(currentFinancialYear());
  const [month, setMonth] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const period = month ?? String(year);
  const rollup = useQuery({ queryKey: ['diocese', 'rollup', period, page], queryFn: () => fetchRollup(period, page) });
  const pages = rollup.data ? Math.max(1, Math.ceil(rollup.data.totalParishes / rollup.data.pageSize)) : 1;
  async function download(format: 'csv' | 'xlsx') {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadRollup(period, format);
    } catch (caught) {
      setDownloadError(errorText(caught, t('diocese.failed')));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Stack>
      <Group align="end" wrap="wrap">
        <Select
          label={t('diocese.financialYear')}
          data={yearOptions()}
          value={String(year)}
          onChange={(value) => {
            if (!value) return;
            setYear(Number(value));
            setMonth(null);
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
        <Select
          label={t('diocese.month')}
          data={[{ value: '', label: t('diocese.wholeYear') }, ...monthOptions(year)]}
          value={month ?? ''}
          onChange={(value) => {
            setMonth(value ? value : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
        />
        <Button variant="default" onClick={() => void download('csv')} disabled={downloading}>
          {t('diocese.downloadCsv')}
        </Button>
        <Button variant="default" onClick={() => void download('xlsx')} disabled={downloading}>
          {t('diocese.downloadExcel')}
        </Button>
      </Group>
      <FormError message={downloadError} title={t('common.error')} />
      {rollup.error ? <FormError message={errorText(rollup.error, t('diocese.failed'))} /> : null}
      {rollup.isPending ? <Text>{t('diocese.loading')}</Text> : null}
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label={t('diocese.rollupTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('diocese.parishName')}</Table.Th>
              <Table.Th scope="col">{t('diocese.headType')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('diocese.raised')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('diocese.collected')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('diocese.outstanding')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('diocese.rate')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rollup.data?.items ?? []).flatMap((parish) => [
              ...parish.lines.map((line) => (
                <Table.Tr key={`${parish.parishId}-${line.headType}`}>
                  <Table.Td>{parish.name}</Table.Td>
                  <Table.Td>{headTypeLabel(line.headType)}</Table.Td>
                  <Figures line={line} />
                </Table.Tr>
              )),
              <Table.Tr key={`${parish.parishId}-total`} fw={700}>
                <Table.Td>{parish.name}</Table.Td>
                <Table.Td>{parish.lines.length === 0 ? t('diocese.noDues') : t('diocese.total')}</Table.Td>
                <Figures line={parish.total} />
              </Table.Tr>,
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group>
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('diocese.page', { page, pages })} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** Levies: what each parish owes for a year, and setting a parish's levy. */
function LeviesTab() {
  const { t } = useTranslation();
  const headTypeLabel = useHeadTypeLabel();
  const [year, setYear] = useState(currentFinancialYear());
  const levies = useQuery({ queryKey: ['diocese', 'levies', year], queryFn: () => fetchLevies(year) });
  return (
    <Stack>
      <Select
        label={t('diocese.leviesYear')}
        data={yearOptions()}
        value={String(year)}
        onChange={(next) => next && setYear(Number(next))}
        allowDeselect={false}
        w={160}
      />
      {levies.data ? (
        <Text fw={600} aria-live="polite">
          {t('diocese.leviesTotal', { amount: formatRupees(levies.data.totalOwed), year: financialYearLabel(year) })}
        </Text>
      ) : null}
      {levies.error ? <FormError message={errorText(levies.error, t('diocese.failed'))} /> : null}
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label={t('diocese.leviesTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('diocese.parishName')}</Table.Th>
              <Table.Th scope="col">{t('diocese.levy')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('diocese.owed')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(levies.data?.items ?? []).map((item) => (
              <Table.Tr key={item.parishId}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>
                  {item.levies.length === 0
                    ? t('diocese.noLevy')
                    : item.levies
                        .map((levy) =>
                          levy.kind === 'share'
                            ? t('diocese.levyShare', {
                                percent: levy.percent,
                                headType: levy.headType ? headTypeLabel(levy.headType) : '',
                                base: formatRupees(levy.base),
                              })
                            : t('diocese.levyFixed', { amount: formatRupees(levy.fixedAmount) }),
                        )
                        .join('; ')}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(item.totalOwed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SetLevyForm />
    </Stack>
  );
}

/** Sets a parish's levy from a financial year on. */
function SetLevyForm() {
  const { t } = useTranslation();
  const headTypeLabel = useHeadTypeLabel();
  const client = useQueryClient();
  const parishes = useQuery({ queryKey: ['diocese', 'parishes'], queryFn: fetchParishes });
  const [parishId, setParishId] = useState<string | null>(null);
  const [kind, setKind] = useState<'share' | 'fixed'>('share');
  const [headType, setHeadType] = useState<HeadType>('current due');
  const [value, setValue] = useState<number | string>('');
  const [from, setFrom] = useState(String(currentFinancialYear()));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      dioceseJson<undefined>(`/api/diocese/parishes/${parishId ?? 0}/levies`, {
        method: 'PUT',
        body:
          kind === 'share'
            ? { kind, headType, percent: Number(value), effectiveYear: Number(from) }
            : { kind, amount: Number(value), effectiveYear: Number(from) },
      }),
    onSuccess: async () => {
      setSaved(true);
      await client.invalidateQueries({ queryKey: ['diocese', 'levies'] });
    },
  });
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          save.mutate();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} fz={18}>
            {t('diocese.setLevy')}
          </Title>
          <FormError
            message={save.error ? errorText(save.error, t('diocese.failed')) : null}
            title={t('common.error')}
          />
          {saved ? (
            <Alert color="green" role="status">
              {t('diocese.levySaved')}
            </Alert>
          ) : null}
          <Select
            label={t('diocese.levyParish')}
            data={(parishes.data?.items ?? []).map((parish) => ({ value: String(parish.id), label: parish.name }))}
            value={parishId}
            onChange={setParishId}
            required
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="levy-kind-label">
              {t('diocese.levyKind')}
            </Text>
            <SegmentedControl
              aria-labelledby="levy-kind-label"
              value={kind}
              onChange={(next) => setKind(next as 'share' | 'fixed')}
              data={[
                { value: 'share', label: t('diocese.kindShare') },
                { value: 'fixed', label: t('diocese.kindFixed') },
              ]}
            />
          </Stack>
          {kind === 'share' ? (
            <Select
              label={t('diocese.headType')}
              data={HEAD_TYPES.map((type) => ({ value: type, label: headTypeLabel(type) }))}
              value={headType}
              onChange={(next) => next && setHeadType(next as HeadType)}
              allowDeselect={false}
            />
          ) : null}
          <NumberInput
            label={kind === 'share' ? t('diocese.levyPercent') : t('diocese.levyAmount')}
            value={value}
            onChange={setValue}
            min={0}
            max={kind === 'share' ? 100 : undefined}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            required
          />
          <Select
            label={t('diocese.levyFrom')}
            data={yearOptions()}
            value={from}
            onChange={(next) => next && setFrom(next)}
            allowDeselect={false}
          />
          <Group>
            <Button type="submit" disabled={save.isPending || parishId === null}>
              {t('diocese.levySave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * `/diocese` (issue 28 item 5, decision 0131): the diocese administrator's area: parishes (add one,
 * invite its admin), the roll-up by period with CSV and Excel downloads, and levies. Without a diocese
 * session it sends the visitor to `/diocese/login`. Shows no member's contact details: the API gives none.
 */
export default function DiocesePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('parishes');
  const me = useQuery({
    queryKey: ['diocese', 'me'],
    queryFn: fetchDioceseAdmin,
    enabled: dioceseToken() !== null,
    retry: false,
  });
  if (dioceseToken() === null || (me.error instanceof ApiError && me.error.status === 401)) {
    return <Navigate to="/diocese/login" replace />;
  }
  if (me.data?.passwordChangeRequired) return <Navigate to="/diocese/login" replace />;
  return (
    <Stack p="md" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} fz={24}>
          {t('diocese.title')}
        </Title>
        <Group gap="xs">
          {me.data ? <Text>{me.data.name}</Text> : null}
          <Button
            variant="default"
            onClick={() => {
              void dioceseJson('/api/diocese/auth/logout', { method: 'POST' })
                .catch(() => undefined)
                .finally(() => {
                  setDioceseToken(null);
                  void navigate('/diocese/login', { replace: true });
                });
            }}
          >
            {t('diocese.signOut')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('diocese.title')}>
          <Tabs.Tab value="parishes">{t('diocese.tabParishes')}</Tabs.Tab>
          <Tabs.Tab value="rollup">{t('diocese.tabRollup')}</Tabs.Tab>
          <Tabs.Tab value="levies">{t('diocese.tabLevies')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="parishes" pt="md">
          <ParishesTab />
        </Tabs.Panel>
        <Tabs.Panel value="rollup" pt="md">
          <RollupTab />
        </Tabs.Panel>
        <Tabs.Panel value="levies" pt="md">
          <LeviesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
