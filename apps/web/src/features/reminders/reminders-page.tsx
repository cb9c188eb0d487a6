import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { MSG } from '@parish/shared';
import { IconBrandWhatsapp, IconInfoCircle, IconSearch, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TablePager } from '../../components/table-pager.tsx';
import { errorText } from '../../lib/error-text.ts';
import { REMINDERS_KEY, sendAllReminders, sendReminders, useReminderMembers, useWhatsAppStatus } from './api.ts';
import { displayMobile, isSessionError } from './reminder-rules.ts';
import { DeliveryStatusPanel } from './delivery-status-panel.tsx';
import { MemberWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { WalkThroughPanel } from '../../components/whatsapp/walk-through-panel.tsx';
import { OptedOutPanel } from './opted-out-panel.tsx';

/** Search is sent to the server this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** The page reloads this long after the session-expiry message (`docs/domain.md`, §5 "Error and outcome messages"). */
const RELOAD_AFTER_MS = 2000;

/** A message dialog: the product's titles with its texts (`docs/domain.md`, §5 "Error and outcome messages"). */
interface Dialog {
  title: string;
  message: string;
  color: 'green' | 'red' | 'yellow' | 'blue';
}

/**
 * Admin Send Reminders (/admin/reminders; `docs/domain.md`, §2 "Admin Send Reminders"): search
 * members by name, mobile or parish number, tick them (Select All / Deselect All for the shown
 * page), 'Send to Selected (n)' or 'Send to All' (a background job); the Delivery Status panel and
 * the WhatsApp info box. Without server credentials a notice explains how to configure WhatsApp and
 * sending is off.
 */
export default function RemindersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useWhatsAppStatus();
  const configured = status.data?.configured === true;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }
  const list = useReminderMembers({ page, limit, search: debouncedSearch });
  const shown = list.data?.items ?? [];
  const [selected, setSelected] = useState<Map<string, string>>(() => new Map());
  const [jobIds, setJobIds] = useState<string[]>([]);
  const [busy, setBusy] = useState<'selected' | 'all' | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reloadPending, setReloadPending] = useState(false);

  useEffect(() => {
    if (!reloadPending) return undefined;
    const timer = window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [reloadPending]);

  function toggle(id: string, name: string, checked: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(id, name);
      else next.delete(id);
      return next;
    });
  }

  function selectAll() {
    setSelected((current) => {
      const next = new Map(current);
      for (const member of shown) if (!member.whatsappOptOut) next.set(member._id, member.name);
      return next;
    });
  }

  function failed(error: unknown) {
    if (isSessionError(error)) {
      setDialog({ title: t('reminders.dialogs.authTitle'), message: t('reminders.dialogs.authText'), color: 'red' });
      setReloadPending(true);
      return;
    }
    setDialog({
      title: t('reminders.dialogs.failedTitle'),
      message: t('reminders.dialogs.failedText', { reason: errorText(error) }),
      color: 'red',
    });
  }

  async function sendSelected() {
    if (selected.size === 0) {
      setDialog({ title: t('reminders.dialogs.noneSelectedTitle'), message: MSG.remindersSelect, color: 'yellow' });
      return;
    }
    setBusy('selected');
    try {
      const { results } = await sendReminders([...selected.keys()], setJobIds);
      setDialog({
        title: t('reminders.dialogs.sentTitle'),
        message: t('reminders.dialogs.sentText', { successful: results.successful, failed: results.failed }),
        color: results.failed === 0 ? 'green' : 'yellow',
      });
      setSelected(new Map());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: REMINDERS_KEY });
    }
  }

  async function sendAll() {
    setBusy('all');
    try {
      const started = await sendAllReminders();
      setJobIds([started.jobId]);
      setDialog({
        title: t('reminders.dialogs.startedTitle'),
        message: t('reminders.dialogs.startedText', { total: started.total }),
        color: 'blue',
      });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  /** Closes the message; after a send, brings the Delivery Status panel into view (on a phone it is below the list). */
  function closeDialog() {
    const afterSend = dialog?.color !== 'red' && dialog?.title !== t('reminders.dialogs.noneSelectedTitle');
    setDialog(null);
    const panel = document.getElementById('delivery-status-heading');
    if (afterSend && panel) {
      const { top, bottom } = panel.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight) panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }

  function confirmSendAll() {
    modals.openConfirmModal({
      title: t('reminders.sendAllConfirm.title'),
      children: <Text size="sm">{t('reminders.sendAllConfirm.text')}</Text>,
      labels: { confirm: t('reminders.sendAllConfirm.confirm'), cancel: t('common.cancel') },
      onConfirm: () => void sendAll(),
    });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('reminders.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('reminders.subtitle')}
        </Text>
      </div>

      {status.data && !configured ? (
        <Alert color="yellow" title={t('reminders.notConfigured.title')} icon={<IconBrandWhatsapp aria-hidden />}>
          <Stack gap={6}>
            <Text size="sm">{t('reminders.notConfigured.text')}</Text>
            <List size="sm" withPadding>
              <List.Item>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('reminders.notConfigured.token')}
                </Text>
              </List.Item>
              <List.Item>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('reminders.notConfigured.phone')}
                </Text>
              </List.Item>
            </List>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('reminders.notConfigured.optional')}
            </Text>
          </Stack>
        </Alert>
      ) : null}
      {status.error ? (
        <Alert color="red" role="alert">
          {errorText(status.error)}
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reminder-members-heading">
            <Stack gap="sm">
              <Title order={3} size="h4" id="reminder-members-heading">
                {t('reminders.members.heading')}
              </Title>
              <TextInput
                label={t('reminders.members.search')}
                placeholder={t('reminders.members.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                type="search"
              />
              <Group gap="xs">
                <Button variant="default" size="sm" onClick={selectAll} disabled={shown.length === 0}>
                  {t('reminders.members.selectAll')}
                </Button>
                <Button
                  variant="default"
                  size="sm"
                  onClick={() => setSelected(new Map())}
                  disabled={selected.size === 0}
                >
                  {t('reminders.members.deselectAll')}
                </Button>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('reminders.members.selectedCount', { count: selected.size })}
                </Text>
              </Group>
              <Group gap="xs" grow preventGrowOverflow={false}>
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  color="green"
                  onClick={() => void sendSelected()}
                  loading={busy === 'selected'}
                  disabled={!configured || busy !== null}
                >
                  {t('reminders.members.sendSelected', { count: selected.size })}
                </Button>
                <Button
                  leftSection={<IconUsersGroup size={16} aria-hidden />}
                  variant="outline"
                  onClick={confirmSendAll}
                  loading={busy === 'all'}
                  disabled={!configured || busy !== null}
                >
                  {t('reminders.members.sendAll')}
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                {t('reminders.members.chunkNote')}
              </Text>

              {list.error ? (
                <Alert color="red" role="alert">
                  {t('reminders.members.loadError', { reason: errorText(list.error) })}
                </Alert>
              ) : null}
              {list.isLoading ? <Loader size="sm" aria-label={t('reminders.members.heading')} /> : null}
              {list.data && shown.length === 0 ? <Text c="dimmed">{t('reminders.members.empty')}</Text> : null}
              <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {shown.map((member) => (
                  <li
                    key={member._id}
                    style={{
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      gap: 8,
                    }}
                  >
                    <Checkbox
                      py="xs"
                      checked={selected.has(member._id)}
                      disabled={member.whatsappOptOut}
                      onChange={(event) => toggle(member._id, member.name, event.currentTarget.checked)}
                      aria-label={
                        member.whatsappOptOut
                          ? t('reminders.members.optedOutSelect', { name: member.name })
                          : t('reminders.members.select', { name: member.name })
                      }
                      label={
                        <div>
                          <Text size="sm" fw={500}>
                            {member.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('reminders.members.parishNumber', { value: member.parishNumber })} ·{' '}
                            {displayMobile(member.mobile)}
                          </Text>
                        </div>
                      }
                    />
                    {member.whatsappOptOut ? (
                      <Badge color="red" variant="light" data-testid="member-opted-out">
                        {t('reminders.members.optedOut')}
                      </Badge>
                    ) : (
                      <MemberWhatsAppButton memberId={member._id} name={member.name} />
                    )}
                  </li>
                ))}
              </Stack>
              {list.data && list.data.total > 0 ? (
                <TablePager
                  page={page}
                  limit={limit}
                  total={list.data.total}
                  totalIsLowerBound={list.data.totalIsLowerBound}
                  label={t('reminders.members.pagerLabel')}
                  onPage={setPage}
                  onLimit={(value) => {
                    setLimit(value);
                    setPage(1);
                  }}
                />
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <WalkThroughPanel />
            <OptedOutPanel />
            <DeliveryStatusPanel jobIds={jobIds} />
            <Alert color="blue" variant="light" title={t('reminders.info.title')} icon={<IconInfoCircle aria-hidden />}>
              <List size="sm" spacing={4}>
                <List.Item>{t('reminders.info.lines.template')}</List.Item>
                <List.Item>{t('reminders.info.lines.pacing')}</List.Item>
                <List.Item>{t('reminders.info.lines.states')}</List.Item>
                <List.Item>{t('reminders.info.lines.failures')}</List.Item>
              </List>
            </Alert>
          </Stack>
        </Grid.Col>
      </Grid>

      <Modal opened={dialog !== null} onClose={closeDialog} title={dialog?.title} centered>
        <Stack gap="md">
          <Alert color={dialog?.color ?? 'blue'} role={dialog?.color === 'red' ? 'alert' : 'status'}>
            {dialog?.message}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={closeDialog}>{t('reminders.dialogs.ok')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
