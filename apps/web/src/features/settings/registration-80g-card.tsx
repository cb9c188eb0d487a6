import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { donationsContracts, type Registration80g } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { DayInput } from '../../components/day-input.tsx';

/** Query key of the trust's 80G registration. */
const REGISTRATION_KEY = ['settings', 'registration-80g'] as const;

function RegistrationForm({ answer }: { answer: Registration80g }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Registration80g>(answer);
  const save = useMutation({
    mutationFn: (body: Registration80g) => apiRequest(donationsContracts.saveRegistration, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(REGISTRATION_KEY, saved);
      setValues(saved);
      notifications.show({ color: 'green', title: t('common.success'), message: t('donations.registration.saved') });
    },
  });
  const field = (name: keyof Registration80g) => ({
    value: values[name],
    // A text field gives its change event, a day field (DayInput) the day itself.
    onChange: (input: ChangeEvent<HTMLInputElement> | string) => {
      const value = typeof input === 'string' ? input : input.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    disabled: save.isPending,
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="sm">
        <FormError message={save.isError ? errorText(save.error) : null} />
        <TextInput
          label={t('donations.registration.trustName')}
          autoComplete="off"
          maxLength={200}
          {...field('trustName')}
        />
        <TextInput
          label={t('donations.registration.trustPan')}
          autoComplete="off"
          maxLength={12}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...field('trustPan')}
        />
        <TextInput
          label={t('donations.registration.registrationNumber')}
          description={t('donations.registration.registrationNumberHint')}
          autoComplete="off"
          maxLength={20}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...field('registrationNumber')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DayInput label={t('donations.registration.validFrom')} {...field('validFrom')} />
          <DayInput label={t('donations.registration.validTo')} {...field('validTo')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('donations.registration.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The parish trust's 80G registration on the Settings page (issue 30 item 8, decision 0148): the
 * trust's name and PAN, the registration number (URN) and its validity; the server checks the
 * formats and answers a refusal shown above the form. All empty: no 80G lines on receipts.
 */
export function Registration80gCard() {
  const { t } = useTranslation();
  const answer = useQuery({ queryKey: REGISTRATION_KEY, queryFn: () => apiRequest(donationsContracts.registration) });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('donations.registration.title')}
        </Title>
        <Text size="sm">{t('donations.registration.hint')}</Text>
        {answer.isError ? (
          <Text c="red.9" role="alert">
            {errorText(answer.error)}
          </Text>
        ) : null}
        {answer.data ? <RegistrationForm answer={answer.data} /> : null}
      </Stack>
    </Paper>
  );
}
