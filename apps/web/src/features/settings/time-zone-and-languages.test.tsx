import { LANGUAGES, settingsContracts, type Language, type ParishTimeZone } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { MemberLanguagesFields, type MemberLanguages } from './member-languages-fields.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';

/**
 * The Settings page's time zone and member languages (issue 28 item 4, decision 0135): the zone is
 * chosen from a searchable list with Asia/Kolkata first, the page says what a change does, and a
 * refusal is shown; the languages offered keep at least one and the default is one of them.
 */

const ZONES = ['Asia/Kolkata', 'Asia/Dubai', 'Europe/London', 'UTC'];

function zoneAnswer(timeZone: string, chosen: boolean): ParishTimeZone {
  return { timeZone, chosen, zones: ZONES };
}

describe('TimeZoneCard', () => {
  it('offers the zones with Asia/Kolkata first, searches them, says what a change does and saves the choice', async () => {
    const sent: string[] = [];
    server.use(
      on(settingsContracts.timeZone).reply(() => zoneAnswer('Asia/Kolkata', false)),
      on(settingsContracts.saveTimeZone).reply(({ body }) => {
        sent.push(body.timeZone);
        return zoneAnswer(body.timeZone, true);
      }),
    );
    const { user } = renderScreen(<TimeZoneCard />);
    const select = await screen.findByRole('combobox', { name: /Parish time zone/ });
    expect(select).toHaveValue('Asia/Kolkata');
    expect(screen.getByText(/Set by the server \(PARISH_TIMEZONE\)/)).toBeInTheDocument();
    expect(screen.getByText(/Closed day sheets keep their dates/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();

    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Asia/Kolkata');
    await user.clear(select);
    await user.type(select, 'dub');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Asia/Dubai']);
    await user.click(within(listbox).getByRole('option', { name: 'Asia/Dubai' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(sent).toEqual(['Asia/Dubai']));
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Set by the server/)).not.toBeInTheDocument());
  });

  it('shows the server’s refusal', async () => {
    server.use(
      on(settingsContracts.timeZone).reply(() => zoneAnswer('Asia/Kolkata', true)),
      on(settingsContracts.saveTimeZone).reply(() =>
        refuse(
          'VALIDATION_FAILED',
          'Asia/Dubai is not a time zone the server knows; choose one from the list, such as Asia/Kolkata',
        ),
      ),
    );
    const { user } = renderScreen(<TimeZoneCard />);
    const select = await screen.findByRole('combobox', { name: /Parish time zone/ });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Asia/Dubai' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Asia/Dubai is not a time zone the server knows');
  });
});

function LanguagesHarness({ start, seen }: { start: MemberLanguages; seen: MemberLanguages[] }) {
  const [value, setValue] = useState(start);
  return (
    <MemberLanguagesFields
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('MemberLanguagesFields', () => {
  it('offers the default among the checked languages, moves it off an unchecked one and keeps at least one', async () => {
    const seen: MemberLanguages[] = [];
    const { user } = renderScreen(
      <LanguagesHarness start={{ memberLanguages: [...LANGUAGES] as Language[], defaultLanguage: 'ml' }} seen={seen} />,
    );
    const group = screen.getByRole('group', { name: /Languages offered to members/ });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['en', 'ml', 'hi', 'ta']);
    const defaultSelect = screen.getByRole('combobox', { name: /Default language for members/ });
    expect(defaultSelect).toHaveValue('ml');

    await user.click(screen.getByRole('checkbox', { name: 'മലയാളം' }));
    expect(seen.at(-1)).toEqual({ memberLanguages: ['en', 'hi', 'ta'], defaultLanguage: 'en' });
    expect(
      within(defaultSelect)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['en', 'hi', 'ta']);
    await user.selectOptions(defaultSelect, 'ta');
    expect(seen.at(-1)).toEqual({ memberLanguages: ['en', 'hi', 'ta'], defaultLanguage: 'ta' });

    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(screen.getByRole('checkbox', { name: 'हिन्दी' }));
    expect(seen.at(-1)).toEqual({ memberLanguages: ['ta'], defaultLanguage: 'ta' });
    expect(screen.getByRole('checkbox', { name: 'தமிழ்' })).toBeDisabled();
  });
});
