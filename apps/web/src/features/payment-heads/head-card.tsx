import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconTag, IconTagOff, IconTrash } from '@tabler/icons-react';
import { formatDisplayDate, headTypeLabel } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { formatRupees } from '../../lib/money.ts';
import { type PaymentHead } from './api.ts';

/** Badge colour of each type label (dark shades keep white text above 4.5:1 contrast). */
const TYPE_COLOR: Record<ReturnType<typeof headTypeLabel>, string> = {
  Arrears: 'red.8',
  'Current Due': 'blue.8',
  Miscellaneous: 'grape.8',
};

/** What a card's buttons ask the page to open. */
export type HeadAction = 'tag' | 'cancel' | 'members' | 'edit' | 'delete';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * One account head as a card (`docs/domain.md`, §2 "Manage Account Heads page"): name, type badge,
 * year, description, amount, due date, variable-amount badge, the tagged/paid/pending counts with
 * collected and outstanding sums, and the actions. Cancel Tags is disabled while no member has a
 * pending (cancellable) payment.
 */
export function HeadCard({ head, onAction }: { head: PaymentHead; onAction: (action: HeadAction) => void }) {
  const { t } = useTranslation();
  const label = headTypeLabel(head.type);
  const { stats } = head;
  const name = head.name;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge color={TYPE_COLOR[label]} style={{ flexShrink: 0 }}>
            {t(`paymentHeads.types.${label}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="gray.7">
            {t('paymentHeads.card.year', { year: head.year })}
          </Text>
          {head.variable_amount ? (
            <Badge variant="outline" color="teal.9" size="sm">
              {t('paymentHeads.card.variable')}
            </Badge>
          ) : null}
        </Group>
        {head.description ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {head.description}
          </Text>
        ) : null}
        <Group gap="lg">
          <Stat label={t('paymentHeads.card.amount')} value={formatRupees(head.amount)} />
          <Stat
            label={t('paymentHeads.card.dueDate')}
            value={head.dueDate ? formatDisplayDate(head.dueDate) : t('paymentHeads.card.noDueDate')}
          />
        </Group>
        <SimpleGrid cols={{ base: 3 }} spacing="xs" verticalSpacing={4}>
          <Stat label={t('paymentHeads.card.tagged')} value={stats.assigned} />
          <Stat label={t('paymentHeads.card.paid')} value={stats.paid} />
          <Stat label={t('paymentHeads.card.pending')} value={stats.pending} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2 }} spacing="xs">
          <Stat label={t('paymentHeads.card.collected')} value={formatRupees(stats.collected)} />
          <Stat label={t('paymentHeads.card.outstanding')} value={formatRupees(stats.outstanding)} />
        </SimpleGrid>
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            size="xs"
            leftSection={<IconTag size={14} aria-hidden />}
            onClick={() => onAction('tag')}
            aria-label={t('paymentHeads.card.tagMembersOf', { name })}
          >
            {t('paymentHeads.card.tagMembers')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="orange.9"
            leftSection={<IconTagOff size={14} aria-hidden />}
            onClick={() => onAction('cancel')}
            disabled={stats.pending === 0}
            aria-label={t('paymentHeads.card.cancelTagsOf', { name })}
          >
            {t('paymentHeads.card.cancelTags')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="blue.8"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => onAction('members')}
            aria-label={t('paymentHeads.card.viewMembersOf', { name })}
          >
            {t('paymentHeads.card.viewMembers')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => onAction('edit')}
            aria-label={t('paymentHeads.card.editOf', { name })}
          >
            {t('paymentHeads.card.edit')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red.8"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => onAction('delete')}
            aria-label={t('paymentHeads.card.deleteOf', { name })}
          >
            {t('paymentHeads.card.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
