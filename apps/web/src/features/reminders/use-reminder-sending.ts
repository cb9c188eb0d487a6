import { MSG, type Member } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { REMINDERS_KEY, sendAllReminders, sendReminders } from './api.ts';
import { isSessionError } from './reminder-rules.ts';

/** The page reloads this long after the session-expiry message (`docs/domain.md`, §5 "Error and outcome messages"). */
const RELOAD_AFTER_MS = 2000;

/** A message dialog: the product's titles with its texts (`docs/domain.md`, §5 "Error and outcome messages"). */
export interface ReminderDialog {
  title: string;
  message: string;
  color: 'green' | 'red' | 'yellow' | 'blue';
}

/** A member that may be ticked: id, name, and whether they opted out of WhatsApp. */
type Tickable = Pick<Member, '_id' | 'name' | 'whatsappOptOut'>;

/** What the Send Reminders page reads and does with {@link useReminderSending}. */
export interface ReminderSending {
  /** The ticked members, id to name, across pages. */
  selected: ReadonlyMap<string, string>;
  toggle: (id: string, name: string, checked: boolean) => void;
  /** Ticks every shown member that has not opted out (the others stay ticked). */
  selectAll: (shown: readonly Tickable[]) => void;
  deselectAll: () => void;
  /** The jobs the Delivery Status panel follows. */
  jobIds: string[];
  /** Which send is running, if any. */
  busy: 'selected' | 'all' | null;
  /** The message dialog shown, if any. */
  dialog: ReminderDialog | null;
  sendSelected: () => Promise<void>;
  /**
   * Send to all, or to all of one ward (`wardId`, '' for the parish; decision 0136), with the
   * yearly statement of `statementFy` (`2026-27` or `current`; '' for none; decision 0143).
   */
  sendAll: (wardId?: string, statementFy?: string) => Promise<void>;
  closeDialog: () => void;
}

/**
 * The Send Reminders page's selection and sending (`docs/domain.md`, §2 "Admin Send Reminders"):
 * the ticked members, 'Send to Selected' (in batches; the counts in a dialog, the selection
 * cleared, the list refreshed) and 'Send to All' (a background job), the message dialog with the
 * product's texts, and the reload two seconds after a session-expiry message. 'Send to All' may
 * attach the yearly statement (decision 0143); the started message then counts the statements.
 */
export function useReminderSending(): ReminderSending {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Map<string, string>>(() => new Map());
  const [jobIds, setJobIds] = useState<string[]>([]);
  const [busy, setBusy] = useState<'selected' | 'all' | null>(null);
  const [dialog, setDialog] = useState<ReminderDialog | null>(null);
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

  function selectAll(shown: readonly Tickable[]) {
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

  async function sendAll(wardId = '', statementFy = '') {
    setBusy('all');
    try {
      const started = await sendAllReminders(wardId, statementFy);
      setJobIds([started.jobId]);
      const statements = started.statementFy
        ? ` ${t('reminders.dialogs.startedStatements', { count: started.statements ?? 0, fy: started.statementFy })}`
        : '';
      setDialog({
        title: t('reminders.dialogs.startedTitle'),
        message: `${t('reminders.dialogs.startedText', { count: started.total })}${statements}`,
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

  return {
    selected,
    toggle,
    selectAll,
    deselectAll: () => setSelected(new Map()),
    jobIds,
    busy,
    dialog,
    sendSelected,
    sendAll,
    closeDialog,
  };
}
