import { authContracts } from '@parish/shared';
import { screen, waitFor } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { sessionUser } from '../../test/fixtures.ts';
import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import CodeSignIn from './code-sign-in.tsx';

/**
 * WhatsApp consent on the code screen (issue 29, decision 0144): the code screen shows the DPDP
 * notice with an unticked box, sent as `whatsappConsent` only when ticked.
 */

const member = sessionUser();

/** The code screen after the code was sent; records the verify bodies. */
async function codeScreen() {
  const bodies: unknown[] = [];
  server.use(
    on(authContracts.memberCode).reply(() => ({ sent: true, validMinutes: 5 })),
    on(authContracts.memberCodeVerify).reply(({ body }) => {
      bodies.push(body);
      return { token: 'test-access-token', user: member };
    }),
  );
  const view = renderScreen(
    <CodeSignIn purpose="sign-in" identifier="9847012345" identifierReadOnly={false} onBack={() => undefined} />,
    { at: '/customer/login' },
  );
  await view.user.click(await screen.findByRole('button', { name: t('memberLogin.code.send') }));
  await view.user.type(await screen.findByRole('textbox', { name: t('memberLogin.code.codeLabel') }), '123456');
  return { ...view, bodies };
}

describe('the code screen’s consent box', () => {
  it('shows the notice with the box unticked; unticked, nothing about consent is sent', async () => {
    const { user, bodies } = await codeScreen();
    const box = screen.getByRole('checkbox', { name: t('portal.consent.give') });
    expect(box).not.toBeChecked();
    expect(screen.getByText(t('portal.consent.notice'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('memberLogin.code.signIn') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ identifier: '9847012345', code: '123456' });
  });

  it('ticked, the sign-in asks the server to record the consent', async () => {
    const { user, bodies } = await codeScreen();
    await user.click(screen.getByRole('checkbox', { name: t('portal.consent.give') }));
    await user.click(screen.getByRole('button', { name: t('memberLogin.code.signIn') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ identifier: '9847012345', code: '123456', whatsappConsent: true });
  });
});
