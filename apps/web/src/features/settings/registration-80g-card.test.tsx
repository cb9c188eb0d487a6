import {
  donationsContracts,
  REGISTRATION_80G_INCOMPLETE_MESSAGE,
  URN_PAN_MESSAGE,
  type Registration80g,
} from '@parish/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { Registration80gCard } from './registration-80g-card.tsx';

/**
 * The trust's 80G registration on the Settings page (issue 30 item 8, decision 0148): every field
 * labelled, the typed registration sent as typed (the server upper-cases and checks it), the saved
 * answer shown, and a refusal shown in the server's words.
 */

const NONE: Registration80g = { trustName: '', trustPan: '', registrationNumber: '', validFrom: '', validTo: '' };

describe('Registration80gCard', () => {
  it('fills the labelled fields, saves the registration and shows what the server stored', async () => {
    const sent: unknown[] = [];
    server.use(
      on(donationsContracts.registration).reply(() => NONE),
      on(donationsContracts.saveRegistration).reply(({ body }) => {
        sent.push(body);
        return {
          ...body,
          trustPan: body.trustPan.toUpperCase(),
          registrationNumber: body.registrationNumber.toUpperCase(),
        };
      }),
    );
    const { user } = renderScreen(<Registration80gCard />);
    await user.type(await screen.findByLabelText('Trust name'), 'St. Mary Church Trust');
    await user.type(screen.getByLabelText('Trust PAN'), 'aaats1234f');
    await user.type(screen.getByLabelText('80G registration number (URN)'), 'aaats1234ff20214');
    // Typed day first, as the field shows them (decision 0162: never the browser's mm/dd/yyyy).
    await user.type(screen.getByLabelText('Valid from'), '24/09/2021');
    await user.type(screen.getByLabelText('Valid to'), '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Save 80G registration' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          trustName: 'St. Mary Church Trust',
          trustPan: 'aaats1234f',
          registrationNumber: 'aaats1234ff20214',
          validFrom: '2021-09-24',
          validTo: '2026-03-31',
        },
      ]),
    );
    expect(await screen.findByText('80G registration saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Trust PAN')).toHaveValue('AAATS1234F');
    expect(screen.getByLabelText('Valid from')).toHaveValue('24/09/2021');
  });

  it('says what is missing before sending, and shows the server’s refusal', async () => {
    const sent: unknown[] = [];
    server.use(
      on(donationsContracts.registration).reply(() => NONE),
      on(donationsContracts.saveRegistration).reply(({ body }) => {
        sent.push(body);
        return refuse('VALIDATION_FAILED', 'Refused by the server');
      }),
    );
    const { user } = renderScreen(<Registration80gCard />);
    await user.type(await screen.findByLabelText('Trust name'), 'Trust');
    await user.click(screen.getByRole('button', { name: 'Save 80G registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_80G_INCOMPLETE_MESSAGE);
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('Trust PAN'), 'AAATS1234F');
    await user.type(screen.getByLabelText('80G registration number (URN)'), 'AAATB1234FF20214');
    // Typed day first, as the field shows them (decision 0162: never the browser's mm/dd/yyyy).
    await user.type(screen.getByLabelText('Valid from'), '24/09/2021');
    await user.type(screen.getByLabelText('Valid to'), '31/03/2026');
    await user.click(screen.getByRole('button', { name: 'Save 80G registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(URN_PAN_MESSAGE);
    await user.clear(screen.getByLabelText('80G registration number (URN)'));
    await user.type(screen.getByLabelText('80G registration number (URN)'), 'AAATS1234FF20214');
    await user.click(screen.getByRole('button', { name: 'Save 80G registration' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Refused by the server'));
    expect(sent).toHaveLength(1);
  });
});
