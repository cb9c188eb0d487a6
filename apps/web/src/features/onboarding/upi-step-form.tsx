import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { officeContracts } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { ONBOARDING_KEY } from './api.ts';

/**
 * The UPI step done in place: the parish UPI ID (`PUT /api/office/upi`, the same call as Parish
 * Settings' UPI card; the server checks the ID and answers its message). The checklist refreshes
 * after the save.
 */
export function UpiStepForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { vpa: '' } });
  const save = useMutation({
    mutationFn: ({ vpa }: { vpa: string }) => apiRequest(officeContracts.setUpi, { body: { vpa: vpa.trim() } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY });
      void queryClient.invalidateQueries({ queryKey: ['settings', 'upi'] });
      void queryClient.invalidateQueries({ queryKey: ['collections', 'upi'] });
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      noValidate
      aria-label={t('onboarding.steps.upi.title')}
    >
      <Stack gap="sm">
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('onboarding.steps.upi.label')}
            placeholder={t('onboarding.steps.upi.placeholder')}
            maxLength={100}
            autoComplete="off"
            style={{ flex: '1 1 14rem' }}
            {...form.getInputProps('vpa')}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('onboarding.steps.upi.saving') : t('onboarding.steps.upi.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
