import { Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COLLECTION_METHODS, type CollectionMethod, type Paise } from '@parish/shared';
import { useTranslation } from 'react-i18next';

import type { DuesValues } from './collect-rules.ts';
import { UpiQr } from './upi-qr.tsx';
import { DayInput } from '../../components/day-input.tsx';

/**
 * How the collection was paid, in the Collect Payment dialog (`docs/domain.md`, "Collect Payment
 * dialog", "UPI at the counter", "Cheques"): the method, then the one reference field of that
 * method (issue 27, item 5): cash the optional Payment Reference; UPI the QR code of the amount to
 * receive (or why none shows) and the optional UTR (12 digits); a cheque its bank, number and date,
 * each required and starred.
 * @param amountPaise the amount to receive, paise (the QR code's amount)
 * @param note the QR code's note (the member's parish number and the heads)
 * @param utrBad whether the typed UTR is not 12 digits
 */
export function CollectMethodFields({
  form,
  amountPaise,
  note,
  utrBad,
}: {
  form: UseFormReturnType<DuesValues>;
  amountPaise: Paise;
  note: string;
  utrBad: boolean;
}) {
  const { t } = useTranslation();
  const method = form.values.method;
  return (
    <>
      <Select
        label={t('collections.collect.method')}
        value={method}
        onChange={(value) => form.setFieldValue('method', (value as CollectionMethod | null) ?? 'cash')}
        data={COLLECTION_METHODS.map((value) => ({ value, label: t(`collections.collect.${value}`) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {method === 'cash' ? (
        <TextInput
          label={t('collections.collect.reference')}
          description={t('collections.collect.referenceHint')}
          {...form.getInputProps('reference')}
          maxLength={100}
        />
      ) : null}
      {method === 'upi' ? (
        <>
          <UpiQr amountPaise={amountPaise} note={note} />
          <TextInput
            label={t('collections.collect.utr')}
            description={t('collections.collect.utrHint')}
            {...form.getInputProps('utr')}
            inputMode="numeric"
            maxLength={12}
            error={utrBad ? t('collections.collect.utrFormat') : undefined}
          />
        </>
      ) : null}
      {method === 'cheque' ? (
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label={t('collections.collect.bank')} {...form.getInputProps('bank')} maxLength={100} required />
          <TextInput
            label={t('collections.collect.chequeNumber')}
            {...form.getInputProps('chequeNumber')}
            maxLength={20}
            required
          />
          <DayInput label={t('collections.collect.chequeDate')} {...form.getInputProps('chequeDate')} required />
        </Group>
      ) : null}
    </>
  );
}
