import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { accountsContracts, type HolidayList } from '@parish/shared';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { DayInput } from '../../components/day-input.tsx';

const HOLIDAYS_KEY = ['settings', 'holidays'];

/** The list's editor, once loaded: a date and a name per row, add, remove, save the whole list. */
function HolidaysForm({ initial }: { initial: HolidayList }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initial.holidays);
  const save = useMutation({
    mutationFn: () => apiRequest(accountsContracts.setHolidays, { body: { holidays: rows } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(HOLIDAYS_KEY, saved);
      setRows(saved.holidays);
      notifications.show({ color: 'green', title: t('common.success'), message: t('holidays.saved') });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(error) }),
  });
  const change = (index: number, patch: Partial<HolidayList['holidays'][number]>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="sm">
      {rows.length === 0 ? <Text size="sm">{t('holidays.none')}</Text> : null}
      {rows.map((row, index) => (
        <Group key={index} align="flex-end" wrap="wrap">
          <DayInput label={t('holidays.day')} value={row.day} onChange={(day) => change(index, { day })} required />
          <TextInput
            label={t('holidays.name')}
            value={row.name}
            maxLength={100}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
            required
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('holidays.remove', { day: row.day })}
            onClick={() => setRows(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" onClick={() => setRows([...rows, { day: '', name: '' }])}>
          {t('holidays.add')}
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Parish Settings' holiday list (admin; decision 0151; `docs/domain.md`, "Working days"): the days
 * that are not working days besides Sundays and the 2nd and 4th Saturdays, by which an online
 * payment not settled after 3 working days is flagged. Saved whole, audited.
 */
export function HolidaysCard() {
  const { t } = useTranslation();
  const holidays = useQuery({ queryKey: HOLIDAYS_KEY, queryFn: () => apiRequest(accountsContracts.holidays) });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {t('holidays.title')}
        </Title>
        <Text size="sm">{t('holidays.intro')}</Text>
        {holidays.data ? <HolidaysForm initial={holidays.data} /> : null}
        {holidays.isError ? <Text c="red">{errorText(holidays.error)}</Text> : null}
      </Stack>
    </Paper>
  );
}
