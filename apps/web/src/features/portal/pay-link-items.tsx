import { Card, Group, Stack, Text } from '@mantine/core';
import { formatDisplayDate, formatINR, rupeesToPaise, type PayView } from '@parish/shared';
import { useTranslation } from 'react-i18next';

/**
 * The dues listed on a payment link's page (docs/domain.md, §9 "Payment links without a
 * password"): each head's name, its due date when it has one, and its amount.
 */
export function PayLinkItems({ items }: { items: PayView['items'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Card key={item._id} withBorder padding="sm" component="li" data-testid="pay-item">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={500}>{item.headName}</Text>
              {item.dueDate ? (
                <Text size="sm" c="dimmed">
                  {t('whatsapp.pay.due', { date: formatDisplayDate(item.dueDate) })}
                </Text>
              ) : null}
            </div>
            <Text fw={600}>{formatINR(rupeesToPaise(item.amount))}</Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
