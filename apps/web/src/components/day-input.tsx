import '@mantine/dates/styles.css';

import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

import { parseTypedDay } from '../lib/days.ts';

/** What a {@link DayInput} takes: Mantine's date field's props, with the day as ISO text. */
export type DayInputProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat'> & {
  /** The day as ISO `YYYY-MM-DD` text (the API's date fields), or '' (or none given) for none. */
  value?: string;
  /** Called with the day chosen or typed, as ISO `YYYY-MM-DD` text, or '' when it is cleared. */
  onChange: (value: string) => void;
};

/**
 * A field for one calendar day, shown and typed as dd/mm/yyyy whatever the browser's language
 * (the product's date format: `docs/domain.md`, "Money, dates and time"); a native `type="date"` field shows the
 * browser's own format instead (mm/dd/yyyy on an en-US machine). It takes and gives the day as ISO
 * `YYYY-MM-DD` text, so it stands in for a native date field in a form (Mantine's
 * `form.getInputProps` fits it), and opens a calendar from the keyboard or the mouse.
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      placeholder={t('dayInput.placeholder')}
      popoverProps={{ withinPortal: true }}
      {...props}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDay}
      value={value ? value : null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
