import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  accountsContracts,
  ledgerMappingInputSchema,
  type LedgerMapping,
  type LedgerMappingInput,
} from '@parish/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { apiRequest } from '../../lib/api-request.ts';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';

const LEDGER_MAPPING_KEY = ['accounts', 'ledger-mapping'];

/** The mapping as the form holds it: the heads keep their name and year to show. */
type MappingValues = Omit<LedgerMapping, 'updatedAt'>;

/** The body of `PUT /api/accounts/ledger-mapping`: the heads without what is only shown. */
function bodyOf(values: MappingValues): LedgerMappingInput {
  return {
    ...values,
    heads: values.heads.map(({ paymentHeadId, ledger, parent }) => ({ paymentHeadId, ledger, parent })),
  };
}

/** The asset and fee ledger fields of the form, by key and text. */
const SINGLE_FIELDS = ['upiBank', 'chequeBank', 'razorpay', 'worldline', 'gatewayFees', 'gstOnFees'] as const;

function MappingForm({ mapping }: { mapping: LedgerMapping }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { updatedAt: _updatedAt, ...initialValues } = mapping;
  const form = useForm<MappingValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaValidator<MappingValues>(ledgerMappingInputSchema, { input: bodyOf }),
  });
  const save = useMutation({
    mutationFn: (body: LedgerMappingInput) => apiRequest(accountsContracts.setLedgerMapping, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(LEDGER_MAPPING_KEY, saved);
      notifications.show({ color: 'green', title: t('common.success'), message: t('ledgerMapping.saved') });
    },
    onError: (caught) => form.setErrors(formErrors(errorText(caught))),
  });
  const error = formErrorOf(form.errors);
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(parseValues(ledgerMappingInputSchema, bodyOf(values))))}
      noValidate
    >
      <Stack gap="sm">
        <FormError message={error?.message ?? null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('ledgerMapping.cash')} {...form.getInputProps('cash.ledger')} maxLength={100} required />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label={t('ledgerMapping.perCashier')}
            {...form.getInputProps('cash.perCashier', { type: 'checkbox' })}
          />
          {SINGLE_FIELDS.map((key) => (
            <TextInput
              key={key}
              label={t(`ledgerMapping.fields.${key}`)}
              {...form.getInputProps(key)}
              maxLength={100}
              required
            />
          ))}
        </SimpleGrid>
        <Title order={3} fz="md">
          {t('ledgerMapping.heads')}
        </Title>
        {form.values.heads.length === 0 ? <Text size="sm">{t('ledgerMapping.noHeads')}</Text> : null}
        {form.values.heads.map((head, index) => (
          <SimpleGrid key={head.paymentHeadId} cols={{ base: 1, sm: 2 }} spacing="xs">
            <TextInput
              label={t('ledgerMapping.headLedger', { head: `${head.name} ${head.year}` })}
              {...form.getInputProps(`heads.${index}.ledger`)}
              maxLength={100}
              required
            />
            <TextInput
              label={t('ledgerMapping.headGroup', { head: `${head.name} ${head.year}` })}
              {...form.getInputProps(`heads.${index}.parent`)}
              maxLength={100}
              required
            />
          </SimpleGrid>
        ))}
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
 * Ledger mapping of Parish Settings (admin; issue 30 item 1, decision 0146; `docs/domain.md`,
 * "Accounts export"): each payment head's income ledger and Tally group, and the ledgers of cash
 * (one, or one per cashier), UPI, cheques, each gateway's clearing, gateway fees and the GST on them.
 * Saved whole with `PUT /api/accounts/ledger-mapping` (audited).
 */
export function LedgerMappingCard() {
  const { t } = useTranslation();
  const mapping = useQuery({
    queryKey: LEDGER_MAPPING_KEY,
    queryFn: () => apiRequest(accountsContracts.ledgerMapping),
  });
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('ledgerMapping.title')}
        </Title>
        <Text size="sm">{t('ledgerMapping.intro')}</Text>
        {mapping.isError ? (
          <Alert color="red" role="alert">
            {errorText(mapping.error)}
          </Alert>
        ) : null}
        {mapping.data ? <MappingForm key={mapping.data.updatedAt ?? 'defaults'} mapping={mapping.data} /> : null}
      </Stack>
    </Paper>
  );
}
