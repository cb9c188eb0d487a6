import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import {
  defaultDueDate,
  HEAD_TYPES,
  HEAD_YEAR_MAX,
  HEAD_YEAR_MIN,
  headTypeLabel,
  MSG,
  paiseToRupees,
  parseRupeesToPaise,
  type HeadType,
} from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { formatRupees, parishToday, saveHead, type HeadBody, type PaymentHead } from './api.ts';
import { writeErrorText } from './errors.ts';

/** Types that carry a due date (section 5: "Due date applies only to current due or miscellaneous"). */
export function hasDueDate(type: HeadType): boolean {
  return type !== 'arrear';
}

/** The form's values; amount as typed. */
export interface HeadFormValues {
  name: string;
  description: string;
  amount: string;
  type: HeadType;
  year: number;
  dueDate: string | null;
  variable_amount: boolean;
}

/**
 * The form after a type change (section 4, "Head type change in the form"): current due or
 * miscellaneous without a due date gets 31 March of the financial year of `today`; arrear
 * clears the due date.
 */
export function withType(values: HeadFormValues, type: HeadType, today: string): HeadFormValues {
  if (!hasDueDate(type)) return { ...values, type, dueDate: null };
  return { ...values, type, dueDate: values.dueDate ?? defaultDueDate(today) };
}

/**
 * Checks the form (section 5, "Account head form").
 * @returns the request body, or the error with its dialog title key.
 */
export function validateHeadForm(
  values: HeadFormValues,
  isEdit: boolean,
): { body: HeadBody } | { error: string; titleKey: 'validationTitle' | 'invalidAmountTitle' } {
  if (!values.name.trim() || (!isEdit && !values.amount.trim())) {
    return { error: MSG.headRequired, titleKey: 'validationTitle' };
  }
  const body: HeadBody = {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type,
    year: values.year,
    dueDate: hasDueDate(values.type) ? values.dueDate : null,
    variable_amount: values.variable_amount,
  };
  if (!isEdit) {
    const paise = parseRupeesToPaise(values.amount);
    if (paise === null || paise <= 0) return { error: MSG.invalidAmount, titleKey: 'invalidAmountTitle' };
    body.amount = paiseToRupees(paise);
  }
  return { body };
}

function initialValues(head: PaymentHead | null): HeadFormValues {
  if (head) {
    return {
      name: head.name,
      description: head.description,
      amount: String(head.amount),
      type: head.type,
      year: head.year,
      dueDate: head.dueDate,
      variable_amount: head.variable_amount,
    };
  }
  const today = parishToday();
  return {
    name: '',
    description: '',
    amount: '',
    type: 'current due',
    year: Number(today.slice(0, 4)),
    dueDate: defaultDueDate(today),
    variable_amount: false,
  };
}

/** dd/mm/yyyy (as typed) to `YYYY-MM-DD`, or null. */
function parseDisplayDate(value: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

interface HeadFormModalProps {
  /** Open for a new head (`head` null) or an existing one. */
  opened: boolean;
  head: PaymentHead | null;
  onClose: () => void;
}

/**
 * Add/edit account head dialog (section 2, "Manage Account Heads page"; rules of section 5).
 * The amount is required on create and locked on edit; the due date shows only for current due
 * and miscellaneous heads. Mount with a `key` per head so the form starts fresh.
 */
export function HeadFormModal({ opened, head, onClose }: HeadFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isEdit = head !== null;
  const [values, setValues] = useState<HeadFormValues>(() => initialValues(head));
  const [error, setError] = useState<{ message: string; title: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: HeadBody) => saveHead(head?._id ?? null, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({
        color: 'green',
        message: t(isEdit ? 'paymentHeads.form.updated' : 'paymentHeads.form.created'),
      });
      onClose();
    },
    onError: (caught) =>
      setError({ message: writeErrorText(caught, t('paymentHeads.form.saveError')), title: t('common.error') }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateHeadForm(values, isEdit);
    if ('error' in checked) {
      setError({ message: checked.error, title: t(`paymentHeads.form.${checked.titleKey}`) });
      return;
    }
    setError(null);
    save.mutate(checked.body);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(isEdit ? 'paymentHeads.form.editTitle' : 'paymentHeads.form.addTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={error?.message ?? null} title={error?.title} />
          <TextInput
            label={t('paymentHeads.form.name')}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
            maxLength={200}
            required
            data-autofocus
          />
          <Textarea
            label={t('paymentHeads.form.description')}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
            autosize
            minRows={2}
            maxLength={1000}
          />
          <TextInput
            label={t('paymentHeads.form.amount')}
            value={isEdit && head ? formatRupees(head.amount) : values.amount}
            onChange={(event) => setValues({ ...values, amount: event.currentTarget.value })}
            inputMode="decimal"
            required={!isEdit}
            disabled={isEdit}
            description={isEdit ? t('paymentHeads.form.amountLocked') : undefined}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('paymentHeads.form.type')}
              value={values.type}
              onChange={(value) => {
                if (value) setValues(withType(values, value as HeadType, parishToday()));
              }}
              data={HEAD_TYPES.map((type) => ({ value: type, label: t(`paymentHeads.types.${headTypeLabel(type)}`) }))}
              allowDeselect={false}
              miw={160}
            />
            <NumberInput
              label={t('paymentHeads.form.year')}
              value={values.year}
              onChange={(value) => setValues({ ...values, year: typeof value === 'number' ? value : values.year })}
              min={HEAD_YEAR_MIN}
              max={HEAD_YEAR_MAX}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              miw={120}
            />
          </Group>
          {hasDueDate(values.type) ? (
            <DateInput
              label={t('paymentHeads.form.dueDate')}
              description={t('paymentHeads.form.dueDateHint')}
              value={values.dueDate}
              onChange={(value) => setValues({ ...values, dueDate: value })}
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDisplayDate(text)}
              clearable
              popoverProps={{ withinPortal: true }}
            />
          ) : null}
          <Switch
            label={t('paymentHeads.form.variable')}
            description={t('paymentHeads.form.variableHint')}
            checked={values.variable_amount}
            onChange={(event) => setValues({ ...values, variable_amount: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
