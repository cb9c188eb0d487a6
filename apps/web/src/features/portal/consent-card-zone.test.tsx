import { whatsAppLinkContracts } from '@parish/shared';
import { screen } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { WhatsAppConsentCard } from './whatsapp-consent-card.tsx';

/**
 * The consent card's dates (issue 29, decision 0144): shown in the parish's time zone the server
 * names with the consent record, not in the browser's.
 */

const member = sessionUser();

/** Renders the card for a consent given at `givenAt` in a parish in `timeZone`. */
function cardFor(givenAt: string, timeZone: string) {
  server.use(
    on(whatsAppLinkContracts.myConsent).reply(() => ({ givenAt, method: 'portal', withdrawnAt: null, timeZone })),
  );
  renderScreen(<WhatsAppConsentCard />, { at: '/customer/dashboard', signedIn: member });
}

describe('the consent card’s dates', () => {
  it("are the parish's calendar day, not the browser's", async () => {
    // 20:00 UTC on 28 November is already 29 November in Kolkata.
    cardFor('2026-11-28T20:00:00.000Z', 'Asia/Kolkata');
    expect(await screen.findByTestId('consent-status')).toHaveTextContent(
      t('portal.consent.given', { date: '29/11/2026' }),
    );
  });

  it('follow a parish in another zone', async () => {
    cardFor('2026-11-29T03:00:00.000Z', 'America/New_York');
    expect(await screen.findByTestId('consent-status')).toHaveTextContent(
      t('portal.consent.given', { date: '28/11/2026' }),
    );
  });
});
