import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { whatsAppSettingsSchema, type WhatsAppSettings } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, schemaValidator } from '../../lib/form-validation.ts';
import { saveWhatsAppSettings, useWhatsAppSettings, whatsAppKeys } from './api.ts';

/** The form's values: the day as a number or '' (none), the time as 'HH:MM' or ''. */
interface Values {
  payLinksEnabled: boolean;
  reminderDay: number | string;
  reminderTime: string;
}

function toSettings(values: Values): WhatsAppSettings {
  const day = values.reminderDay === '' ? null : Number(values.reminderDay);
  return {
    payLinksEnabled: values.payLinksEnabled,
    reminderDay: day,
    reminderTime: day === null ? null : values.reminderTime || null,
  };
}

/**
 * The WhatsApp part of Parish Settings (admin; docs/domain.md, §9 "Payment links without a
 * password" and "Scheduled reminders"): payment links on or off for the parish, and the monthly
 * day and time of the scheduled reminders.
 */
export function WhatsAppSettingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useWhatsAppSettings();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { payLinksEnabled: true, reminderDay: '', reminderTime: '' },
    validate: schemaValidator<Values>(whatsAppSettingsSchema, { input: toSettings }),
  });
  const { setValues, setErrors } = form;
  useEffect(() => {
    if (!settings.data) return;
    setValues({
      payLinksEnabled: settings.data.payLinksEnabled,
      reminderDay: settings.data.reminderDay ?? '',
      reminderTime: settings.data.reminderTime ?? '',
    });
  }, [settings.data, setValues]);
  const save = useMutation({
    mutationFn: (values: Values) => saveWhatsAppSettings(toSettings(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(whatsAppKeys.settings, saved);
      notifications.show({ color: 'green', message: t('whatsapp.settings.saved') });
    },
    onError: (caught) => setErrors(formErrors(errorText(caught))),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="whatsapp-settings-heading">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <Title order={2} fz="lg" id="whatsapp-settings-heading">
            {t('whatsapp.settings.heading')}
          </Title>
          <FormError message={formErrorOf(form.errors)?.message ?? null} />
          <Switch
            label={t('whatsapp.settings.payLinks')}
            description={t('whatsapp.settings.payLinksHelp')}
            {...form.getInputProps('payLinksEnabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('whatsapp.settings.reminderDay')}
              description={t('whatsapp.settings.reminderDayHelp')}
              min={1}
              max={28}
              allowDecimal={false}
              {...form.getInputProps('reminderDay')}
            />
            <TextInput
              type="time"
              label={t('whatsapp.settings.reminderTime')}
              description={t('whatsapp.settings.reminderTimeHelp')}
              {...form.getInputProps('reminderTime')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('whatsapp.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
