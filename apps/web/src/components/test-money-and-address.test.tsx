import { healthContracts, settingsContracts, type PaymentModes } from '@parish/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { on, server } from '../test/msw.ts';
import { renderScreen } from '../test/render.tsx';
import { PublicAddressWarning } from './public-address-warning.tsx';
import { TestPaymentsBand } from './test-payments-band.tsx';

/**
 * The band "Test payments: no real money" shows for test credentials as for the sandbox (issue 27
 * item 14, decision 0119), and the PUBLIC_URL warning names the address (item 18, decision 0117).
 */

/** `GET /api/health` answering these modes; `asked` turns true once the band has read it. */
function health(payments: PaymentModes) {
  const calls = { asked: false };
  server.use(
    on(healthContracts.get).reply(() => {
      calls.asked = true;
      return { status: 'ok', db: 'ok', version: '1', payments, lastBackupAt: null };
    }),
  );
  return calls;
}

describe('TestPaymentsBand', () => {
  it.each([
    [{ worldline: 'off', razorpay: 'test' }, true],
    [{ worldline: 'sandbox', razorpay: 'off' }, true],
    [{ worldline: 'live', razorpay: 'live' }, false],
  ] as const)('%j: shown %s', async (payments, shown) => {
    const calls = health(payments);
    renderScreen(<TestPaymentsBand />);
    if (shown) expect(await screen.findByRole('status')).toHaveTextContent('Test payments: no real money');
    else {
      await waitFor(() => expect(calls.asked).toBe(true));
      expect(screen.queryByTestId('test-payments-band')).toBeNull();
    }
  });
});

describe('PublicAddressWarning', () => {
  it('names a local PUBLIC_URL and says the links will not open', async () => {
    server.use(
      on(settingsContracts.publicAddress).reply(() => ({ publicUrl: 'http://localhost:3000', problem: 'localhost' })),
    );
    renderScreen(<PublicAddressWarning />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Links sent to members will not open');
    expect(alert).toHaveTextContent('The server’s public address (PUBLIC_URL) is http://localhost:3000');
  });

  it('says nothing for a public address', async () => {
    let asked = false;
    server.use(
      on(settingsContracts.publicAddress).reply(() => {
        asked = true;
        return { publicUrl: 'https://dues.stmarys.in', problem: null };
      }),
    );
    renderScreen(<PublicAddressWarning />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
