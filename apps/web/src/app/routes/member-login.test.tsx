import { HOME_BY_ROLE, MSG, authContracts, type ContractBody, type SessionUser } from '@parish/shared';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { t } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLanguage } from '../../i18n/index.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import MemberLogin from './member-login.tsx';

/**
 * The member sign-in screen (`docs/domain.md`, §2 "Member login screen", §5 "Validation"): the
 * form's own messages before anything is sent, the identifier (trimmed) and password sent to
 * `POST /api/auth/customer/login`, the member's dashboard after it, and the wrong-credentials text
 * (by its error code, so in the member's language).
 */

const member = sessionUser();

/** Answers the sign-in with `reply` and records every body sent. */
function signInAnswering(reply: () => Response | { token: string; user: SessionUser }) {
  const sent: ContractBody<typeof authContracts.memberLogin>[] = [];
  server.use(
    on(authContracts.memberLogin).reply(({ body }) => {
      sent.push(body);
      return reply();
    }),
  );
  return sent;
}

function openScreen() {
  return renderScreen(<MemberLogin />, { at: '/customer/login' });
}

const identifierField = () => screen.getByRole('textbox', { name: t('memberLogin.mobileLabel') });
const passwordField = () => screen.getByLabelText(t('memberLogin.password'), { exact: false, selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: t('memberLogin.submit') });

describe('member sign-in', () => {
  afterEach(async () => {
    await changeLanguage('en', { remember: false });
  });

  it('asks for the identifier, then the password, and sends nothing until both are given', async () => {
    const sent = signInAnswering(() => ({ token: 'token', user: member }));
    const { user } = openScreen();

    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('messages.memberIdentifierBlank'));

    await user.type(identifierField(), '   ');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent(t('messages.memberIdentifierBlank'));

    await user.type(identifierField(), '9847012345');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent(t('messages.memberPasswordBlank'));
    expect(sent).toEqual([]);
  });

  it('sends the trimmed identifier and the password, then opens the member dashboard', async () => {
    const sent = signInAnswering(() => ({ token: 'token', user: member }));
    const { user } = openScreen();

    await user.type(identifierField(), ' 9847012345 ');
    await user.type(passwordField(), 'Thom2345');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: `Landed on ${HOME_BY_ROLE.customer}` })).toBeInTheDocument();
    expect(sent).toEqual([{ identifier: '9847012345', password: 'Thom2345' }]);
    expect(localStorage.getItem('token')).toBe('token');
  });

  it('shows the wrong-credentials text on a 401 and stays on the form', async () => {
    signInAnswering(() => refuse('INVALID_CREDENTIALS', MSG.invalidMemberLogin));
    const { user } = openScreen();

    await user.type(identifierField(), 'SM101');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(t('messages.invalidMemberLogin'));
    expect(submitButton()).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("words a 401 in the member's language by its code, not in the server's English", async () => {
    await changeLanguage('ml', { remember: false });
    signInAnswering(() => refuse('INVALID_CREDENTIALS', MSG.invalidMemberLogin));
    const { user } = openScreen();

    await user.type(identifierField(), 'SM101');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('messages.invalidMemberLogin'));
    expect(alert).not.toHaveTextContent(MSG.invalidMemberLogin);
  });

  it("offline, says in a sentence of the member's language that the server could not be reached", async () => {
    await changeLanguage('ml', { remember: false });
    server.use(http.post('/api/auth/customer/login', () => HttpResponse.error()));
    const { user } = openScreen();

    await user.type(identifierField(), 'SM101');
    await user.type(passwordField(), 'any-password');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('messages.networkError'));
    expect(t('messages.networkError')).not.toBe(MSG.networkError);
    expect(alert).not.toHaveTextContent(/fetch/i);
  });
});
