import { Button, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WaMeLink } from '@parish/shared';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { memberWhatsAppLink, receiptWhatsAppLink } from './api.ts';

/** Opens a wa.me link in a new tab (WhatsApp Web, or the app on a phone). */
function openWhatsApp(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/**
 * A "Send on WhatsApp" button: asks the server for the wa.me link (the message written, with the
 * member's payment link) and opens it. An opted-out member shows the opt-out note instead.
 */
function WhatsAppLinkButton({
  load,
  label,
  text,
  size = 'xs',
}: {
  load: () => Promise<WaMeLink>;
  label: string;
  text?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    setBusy(true);
    setProblem(null);
    try {
      openWhatsApp((await load()).url);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code === 'MEMBER_OPTED_OUT' ? t('whatsapp.optedOut') : errorText(error),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Button
        size={size}
        variant="light"
        color="green"
        leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
        loading={busy}
        onClick={() => void open()}
        aria-label={label}
      >
        {text ?? t('whatsapp.send')}
      </Button>
      {problem ? (
        <Text size="xs" c="red.9" role="alert">
          {problem}
        </Text>
      ) : null}
    </div>
  );
}

/** "Send on WhatsApp" for one member (reminders page, payment summary). */
export function MemberWhatsAppButton({ memberId, name, size }: { memberId: string; name: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <WhatsAppLinkButton
      load={() => memberWhatsAppLink(memberId)}
      label={t('whatsapp.sendTo', { name })}
      {...(size ? { size } : {})}
    />
  );
}

/**
 * "Send receipt on WhatsApp" after a counter collection: a wa.me message with a signed link to the
 * receipt. `receiptId` is the receipt's id (or a payment's on it).
 */
export function ReceiptWhatsAppButton({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  return (
    <WhatsAppLinkButton
      load={() => receiptWhatsAppLink(receiptId)}
      label={t('whatsapp.sendReceipt')}
      text={t('whatsapp.sendReceipt')}
      size="sm"
    />
  );
}
