import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { settingsContracts, type ParishTimeZone } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';

/** Query key of the parish's time zone and the zones to choose from. */
const TIME_ZONE_KEY = ['settings', 'time-zone'] as const;

function TimeZoneForm({ answer }: { answer: ParishTimeZone }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState<string | null>(answer.timeZone);
  const save = useMutation({
    mutationFn: (timeZone: string) => apiRequest(settingsContracts.saveTimeZone, { body: { timeZone } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(TIME_ZONE_KEY, saved);
      notifications.show({ color: 'green', title: t('common.success'), message: t('settings.timeZone.saved') });
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (zone) save.mutate(zone);
      }}
    >
      <Stack gap="sm">
        <FormError message={save.isError ? errorText(save.error) : null} />
        <Select
          label={t('settings.timeZone.label')}
          description={answer.chosen ? undefined : t('settings.timeZone.fromServer')}
          data={answer.zones}
          value={zone}
          onChange={setZone}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('settings.timeZone.nothingFound')}
          maxDropdownHeight={280}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending || !zone || zone === answer.timeZone}>
            {save.isPending ? t('common.saving') : t('settings.timeZone.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The parish's time zone on the Settings page (issue 28 item 4, decision 0135): a searchable list
 * of the zones the server knows, Asia/Kolkata first, and what a change does (the day of receipts,
 * day sheets and reports; the daily figures re-counted; closed day sheets keep their dates).
 */
export function TimeZoneCard() {
  const { t } = useTranslation();
  const answer = useQuery({ queryKey: TIME_ZONE_KEY, queryFn: () => apiRequest(settingsContracts.timeZone) });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('settings.timeZone.title')}
        </Title>
        <Text size="sm">{t('settings.timeZone.hint')}</Text>
        <Text size="sm">{t('settings.timeZone.effect')}</Text>
        {answer.isError ? (
          <Text c="red.9" role="alert">
            {errorText(answer.error)}
          </Text>
        ) : null}
        {answer.data ? <TimeZoneForm key={answer.data.timeZone} answer={answer.data} /> : null}
      </Stack>
    </Paper>
  );
}
