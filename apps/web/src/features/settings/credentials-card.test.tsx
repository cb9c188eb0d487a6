import { settingsContracts, type Credentials, type UpdateCredentials } from '@parish/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import { CredentialsCard } from './credentials-card.tsx';

/**
 * The Settings page's gateway and WhatsApp credentials (issue 28 item 4, decision 0130): a secret
 * shows only as set (with its date) or not, never its value; only what changed is sent; a secret a
 * restore cleared asks to be entered again.
 */

const unset = { set: false, updatedAt: null, needsReentry: false };
const plain = (value: string) =>
  value ? { set: true, updatedAt: '2026-11-20T06:00:00.000Z', needsReentry: false, value } : { ...unset, value: '' };

function answer(overrides: Partial<Credentials['fields']> = {}): Credentials {
  return {
    homeEnvFallback: false,
    fields: {
      razorpayKeyId: plain('rzp_live_parish1234'),
      razorpayAccountId: plain(''),
      worldlineMerchantId: plain(''),
      worldlineSchemeCode: plain(''),
      whatsappPhoneNumberId: plain(''),
      whatsappBusinessAccountId: plain(''),
      razorpayKeySecret: { set: true, updatedAt: '2026-11-20T06:00:00.000Z', needsReentry: false },
      razorpayWebhookSecret: unset,
      worldlineSalt: unset,
      whatsappAccessToken: { set: false, updatedAt: '2026-11-21T06:00:00.000Z', needsReentry: true },
      whatsappAppSecret: unset,
      whatsappVerifyToken: unset,
      ...overrides,
    },
  };
}

describe('CredentialsCard', () => {
  it('shows a set secret only by its date, asks for a cleared one again, and sends only what changed', async () => {
    const sent: UpdateCredentials[] = [];
    server.use(
      on(settingsContracts.credentials).reply(() => answer()),
      on(settingsContracts.saveCredentials).reply(({ body }) => {
        sent.push(body as UpdateCredentials);
        return answer();
      }),
    );
    const { user } = renderScreen(<CredentialsCard />);
    const keyId = await screen.findByLabelText('Razorpay key id');
    expect(keyId).toHaveValue('rzp_live_parish1234');
    const keySecret = screen.getByLabelText('Razorpay key secret');
    expect(keySecret).toHaveValue('');
    expect(screen.getByText(/Saved on 20\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/Enter again: the backup was restored/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Razorpay webhook secret'), 'new-webhook-secret');
    await user.clear(keyId);
    await user.type(keyId, 'rzp_live_parish5678');
    await user.click(screen.getByRole('button', { name: 'Save credentials' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ razorpayKeyId: 'rzp_live_parish5678', razorpayWebhookSecret: 'new-webhook-secret' });

    await user.click(screen.getByRole('button', { name: 'Remove Razorpay key secret' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ razorpayKeySecret: null });
  });
});
