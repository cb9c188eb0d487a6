import '@mantine/dates/styles.css';

import { DateInput, type CalendarAriaLabels, type DateInputProps } from '@mantine/dates';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { parseTypedDay } from '../lib/days.ts';

/**
 * The calendar's props every back-office date field passes: its month, year and decade buttons
 * named for screen readers (axe's `button-name`), no days of the months around the one shown (their
 * dimmed numbers fall below AA contrast), and Saturdays and Sundays in the ordinary text colour
 * (Mantine draws weekend days in red 6, 3.3:1 on white, below AA; the week still starts on Sunday).
 * @param t the staff catalogue's translate function (`dayInput.*`)
 */
export function calendarProps(t: TFunction): {
  ariaLabels: CalendarAriaLabels;
  hideOutsideDates: true;
  weekendDays: [];
} {
  return {
    ariaLabels: {
      previousMonth: t('dayInput.previousMonth'),
      nextMonth: t('dayInput.nextMonth'),
      previousYear: t('dayInput.previousYear'),
      nextYear: t('dayInput.nextYear'),
      previousDecade: t('dayInput.previousDecade'),
      nextDecade: t('dayInput.nextDecade'),
      monthLevelControl: t('dayInput.monthLevelControl'),
      yearLevelControl: t('dayInput.yearLevelControl'),
    },
    hideOutsideDates: true,
    weekendDays: [],
  };
}

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
      {...calendarProps(t)}
      {...props}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDay}
      value={value ? value : null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
