import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { defaultDueDate } from '@parish/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { FormError } from '../../components/form-error.tsx';
import { formatRupees } from '../../lib/money.ts';
import { formErrorOf, formErrors, schemaValidator } from '../../lib/form-validation.ts';
import { parishToday, saveHead, type HeadBody, type PaymentHead } from './api.ts';
import { writeErrorText } from './errors.ts';
import {
  hasDueDate,
  headBody,
  headErrorTitleKey,
  headFormInput,
  headFormSchema,
  parseDisplayDate,
  type HeadFormValues,
} from './head-form.ts';
import { HeadTypeYearFields } from './head-type-year-fields.tsx';
import { calendarProps } from '../../components/day-input.tsx';

/** The form's first values: the head's, or a new current due of this year with its default due date. */
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
      isDonation: head.isDonation === true,
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
    isDonation: false,
  };
}

interface HeadFormModalProps {
  /** Open for a new head (`head` null) or an existing one. */
  opened: boolean;
  head: PaymentHead | null;
  onClose: () => void;
}

/**
 * Add/edit account head dialog (docs/domain.md, "§2 Screens", "Manage Account Heads page"; the
 * rules are head-form.ts, checked with the shared head schemas).
 * The amount is required on create and locked on edit; the due date shows only for current due
 * and miscellaneous heads. Mount with a `key` per head so the form starts fresh.
 */
export function HeadFormModal({ opened, head, onClose }: HeadFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isEdit = head !== null;
  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(head),
    validate: schemaValidator<HeadFormValues>(headFormSchema(isEdit), {
      input: (values) => headFormInput(values, isEdit),
    }),
    transformValues: (values) => headBody(values, isEdit),
  });
  const { values } = form;
  const shown = formErrorOf(form.errors);
  const error = shown
    ? { message: shown.message, title: t(shown.title ?? `paymentHeads.form.${headErrorTitleKey(shown.message)}`) }
    : null;
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
      form.setErrors(formErrors(writeErrorText(caught, t('paymentHeads.form.saveError')), 'common.error')),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(isEdit ? 'paymentHeads.form.editTitle' : 'paymentHeads.form.addTitle')}
      size="lg"
    >
      <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate>
        <Stack>
          <FormError message={error?.message ?? null} title={error?.title} />
          <TextInput
            label={t('paymentHeads.form.name')}
            {...form.getInputProps('name')}
            maxLength={200}
            required
            data-autofocus
          />
          <Textarea
            label={t('paymentHeads.form.description')}
            {...form.getInputProps('description')}
            autosize
            minRows={2}
            maxLength={1000}
          />
          <TextInput
            label={t('paymentHeads.form.amount')}
            value={isEdit && head ? formatRupees(head.amount) : values.amount}
            onChange={(event) => form.setFieldValue('amount', event.currentTarget.value)}
            inputMode="decimal"
            required={!isEdit}
            disabled={isEdit}
            description={isEdit ? t('paymentHeads.form.amountLocked') : undefined}
          />
          <HeadTypeYearFields form={form} />
          {hasDueDate(values.type) ? (
            <DateInput
              label={t('paymentHeads.form.dueDate')}
              description={t('paymentHeads.form.dueDateHint')}
              value={values.dueDate}
              onChange={(value) => form.setFieldValue('dueDate', value)}
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDisplayDate(text)}
              {...calendarProps(t)}
              clearable
              popoverProps={{ withinPortal: true }}
            />
          ) : null}
          <Switch
            label={t('paymentHeads.form.variable')}
            description={t('paymentHeads.form.variableHint')}
            checked={values.variable_amount}
            onChange={(event) => form.setFieldValue('variable_amount', event.currentTarget.checked)}
          />
          <Switch
            label={t('paymentHeads.form.donation')}
            description={t('paymentHeads.form.donationHint')}
            checked={values.isDonation === true}
            onChange={(event) => form.setFieldValue('isDonation', event.currentTarget.checked)}
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
