import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { officeContracts } from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';

function UpiForm({ vpa }: { vpa: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { vpa } });
  const save = useMutation({
    mutationFn: (body: { vpa: string }) => apiRequest(officeContracts.setUpi, { body: { vpa: body.vpa.trim() } }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('common.success'), message: t('settings.upi.saved') });
      void queryClient.invalidateQueries({ queryKey: ['collections', 'upi'] });
      void queryClient.invalidateQueries({ queryKey: ['settings', 'upi'] });
    },
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate>
      <Stack gap="sm">
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('settings.upi.vpa')}
          description={t('settings.upi.vpaHint')}
          placeholder={t('settings.upi.vpaPlaceholder')}
          {...form.getInputProps('vpa')}
          maxLength={100}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The parish UPI ID (VPA) of Parish Settings (`docs/domain.md`, "UPI at the counter"): when set,
 * choosing UPI at the counter shows a QR code for the exact amount.
 */
export function UpiSettingsCard() {
  const { t } = useTranslation();
  const upi = useQuery({
    queryKey: ['settings', 'upi'],
    queryFn: () => apiRequest(officeContracts.upi),
  });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('settings.upi.title')}
        </Title>
        {upi.isError ? (
          <Text c="red.9" role="alert">
            {errorText(upi.error)}
          </Text>
        ) : null}
        {upi.data ? <UpiForm vpa={upi.data.vpa} /> : null}
      </Stack>
    </Paper>
  );
}
