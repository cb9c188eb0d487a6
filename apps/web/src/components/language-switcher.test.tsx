import { settingsContracts, type ParishSettings } from '@parish/shared';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLanguage, LANGUAGE_KEY } from '../i18n/index.ts';
import { on, server } from '../test/msw.ts';
import { renderScreen } from '../test/render.tsx';
import { LanguageSwitcher, useParishDefaultLanguage } from './language-switcher.tsx';

/**
 * The member side's language switcher offers only the languages the parish offers, and a member
 * page opens in the parish's default when the browser has no saved choice (issue 28 item 4,
 * decision 0135).
 */

function settings(
  memberLanguages: ParishSettings['memberLanguages'],
  defaultLanguage: ParishSettings['defaultLanguage'],
) {
  return {
    name: 'St. Mary’s Church',
    address: '',
    contact: '',
    logoUrl: '',
    currency: 'INR' as const,
    memberLanguages,
    defaultLanguage,
  };
}

function MemberPage() {
  useParishDefaultLanguage();
  return <LanguageSwitcher />;
}

afterEach(async () => {
  localStorage.removeItem(LANGUAGE_KEY);
  await changeLanguage('en', { remember: false });
});

describe('LanguageSwitcher', () => {
  it('offers only the parish’s languages and opens in its default when the browser chose none, without keeping it', async () => {
    server.use(on(settingsContracts.get).reply(() => settings(['en', 'ta'], 'ta')));
    const { user } = renderScreen(<MemberPage />);
    await waitFor(() => expect(i18n.language).toBe('ta'));
    const select = await screen.findByRole('combobox');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.getAttribute('value')),
      ).toEqual(['en', 'ta']),
    );
    expect(select).toHaveValue('ta');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();

    await user.selectOptions(select, 'en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(select).toHaveValue('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('keeps a saved choice the parish offers', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    server.use(on(settingsContracts.get).reply(() => settings(['en', 'ml'], 'ml')));
    renderScreen(<MemberPage />);
    const select = await screen.findByRole('combobox');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(i18n.language).toBe('en');
    expect(select).toHaveValue('en');
  });
});
