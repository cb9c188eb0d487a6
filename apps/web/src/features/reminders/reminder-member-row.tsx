import { Badge, Checkbox, Text } from '@mantine/core';
import type { Member } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { MemberWhatsAppButton } from '../../components/whatsapp/whatsapp-button.tsx';
import { displayMobile } from '@parish/shared';

/**
 * One member in the Send Reminders list (`docs/domain.md`, §2 "Admin Send Reminders"): a checkbox
 * with the name, parish number and mobile, and the member's WhatsApp button; a member who opted
 * out cannot be ticked and shows 'Opted out' instead.
 */
export function ReminderMemberRow({
  member,
  checked,
  onToggle,
}: {
  member: Member;
  checked: boolean;
  onToggle: (id: string, name: string, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <li
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
        checked={checked}
        disabled={member.whatsappOptOut}
        onChange={(event) => onToggle(member._id, member.name, event.currentTarget.checked)}
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
              {t('reminders.members.parishNumber', { value: member.parishNumber })} · {displayMobile(member.mobile)}
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
  );
}
