import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderScreen } from '../test/render.tsx';
import { DayInput } from './day-input.tsx';

/**
 * A date field shows and takes days as dd/mm/yyyy whatever the browser's language, and hands the
 * form ISO days (decision 0162; `docs/domain.md`, "Money, dates and time").
 */

function Field({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DayInput
      label="Cheque date"
      value={value}
      onChange={(day) => {
        seen.push(day);
        setValue(day);
      }}
    />
  );
}

describe('DayInput', () => {
  it('shows an ISO day as dd/mm/yyyy, with the format as its placeholder when empty', async () => {
    renderScreen(<Field initial="2026-11-20" seen={[]} />);
    expect(await screen.findByLabelText('Cheque date')).toHaveValue('20/11/2026');
    renderScreen(<DayInput label="Refund date" value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Refund date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  });

  it('reads a typed day first and gives the form the ISO day; a month-first day is not taken', async () => {
    const seen: string[] = [];
    const { user } = renderScreen(<Field initial="" seen={seen} />);
    const field = await screen.findByLabelText('Cheque date');
    await user.type(field, '03/04/2027');
    expect(seen.at(-1)).toBe('2027-04-03');
    await user.clear(field);
    seen.length = 0;
    // Month first (an en-US habit): 20 is no month, so no day reaches the form.
    await user.type(field, '11/20/2026');
    expect(seen.filter((day) => day !== '')).toEqual([]);
  });
});
