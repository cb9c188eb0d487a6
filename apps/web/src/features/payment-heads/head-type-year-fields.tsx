import { Group, NumberInput, Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  HEAD_TYPES,
  HEAD_YEAR_MAX,
  HEAD_YEAR_MESSAGE,
  HEAD_YEAR_MIN,
  headTypeLabel,
  type HeadType,
} from '@parish/shared';
import { useTranslation } from 'react-i18next';

import { parishToday, type HeadBody } from './api.ts';
import { withType, type HeadFormValues } from './head-form.ts';

/**
 * The account head form's type and year (docs/domain.md, "Manage Account Heads page"): a new type
 * also sets the due date `withType` gives it; an out-of-range year stays as typed and shows the
 * rule's message.
 */
export function HeadTypeYearFields({ form }: { form: UseFormReturnType<HeadFormValues, HeadBody> }) {
  const { t } = useTranslation();
  const { values } = form;
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label={t('paymentHeads.form.type')}
        value={values.type}
        onChange={(value) => {
          if (!value) return;
          // Field by field: replacing the values at once would also clear a shown message.
          const next = withType(values, value as HeadType, parishToday());
          form.setFieldValue('type', next.type);
          form.setFieldValue('dueDate', next.dueDate);
        }}
        data={HEAD_TYPES.map((type) => ({ value: type, label: t(`paymentHeads.types.${headTypeLabel(type)}`) }))}
        allowDeselect={false}
        miw={160}
      />
      <NumberInput
        label={t('paymentHeads.form.year')}
        value={values.year}
        onChange={(value) => {
          if (typeof value === 'number') form.setFieldValue('year', value);
        }}
        min={HEAD_YEAR_MIN}
        max={HEAD_YEAR_MAX}
        // An out-of-range year stays as typed and is refused with the rule's message (never reverted).
        clampBehavior="none"
        error={values.year < HEAD_YEAR_MIN || values.year > HEAD_YEAR_MAX ? HEAD_YEAR_MESSAGE : undefined}
        allowDecimal={false}
        allowNegative={false}
        miw={120}
      />
    </Group>
  );
}
