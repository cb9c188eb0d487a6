import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { HEAD_TEMPLATES, type HeadTemplate } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { useCreateTemplateHeads } from './api.ts';

/** The i18n key of each template's amount field. */
const LABEL_KEYS: Record<HeadTemplate, string> = {
  church_tax: 'onboarding.steps.heads.churchTax',
  building_fund: 'onboarding.steps.heads.buildingFund',
  feast: 'onboarding.steps.heads.feast',
};

type Values = Record<HeadTemplate, string> & { tagAllMembers: boolean };

/**
 * The heads step done in place (issue 28 item 6, decision 0132): an amount (rupees) for each
 * template (yearly church tax, building fund, feast; an empty one is left out) and whether to
 * assign them to every active member; `POST /api/onboarding/heads`. The server checks each amount
 * with the head form's rules and answers its message, shown above the fields.
 */
export function TemplateHeadsForm() {
  const { t } = useTranslation();
  const create = useCreateTemplateHeads();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { church_tax: '', building_fund: '', feast: '', tagAllMembers: true },
  });
  function submit(values: Values) {
    create.mutate({
      heads: HEAD_TEMPLATES.map((template) => ({ template, amount: values[template].trim() })).filter(
        (row) => row.amount !== '',
      ),
      tagAllMembers: values.tagAllMembers,
    });
  }
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('onboarding.steps.heads.title')}>
      <Stack gap="sm">
        {create.isError ? (
          <Alert color="red" role="alert">
            {errorText(create.error)}
          </Alert>
        ) : null}
        {create.data ? (
          <Alert color="green" role="status">
            {t('onboarding.steps.heads.created', { count: create.data.created.length })}{' '}
            {create.data.assigned > 0 ? t('onboarding.steps.heads.assigned', { count: create.data.assigned }) : null}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {HEAD_TEMPLATES.map((template) => (
            <TextInput
              key={template}
              label={t(LABEL_KEYS[template])}
              inputMode="decimal"
              autoComplete="off"
              maxLength={15}
              {...form.getInputProps(template)}
            />
          ))}
        </SimpleGrid>
        <Checkbox
          label={t('onboarding.steps.heads.tagAll')}
          {...form.getInputProps('tagAllMembers', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('onboarding.steps.heads.creating') : t('onboarding.steps.heads.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
