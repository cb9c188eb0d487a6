import { HOME_BY_ROLE, MSG, authContracts, type ContractBody, type SessionUser } from '@parish/shared';
import { screen } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { on, refuse, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import StaffLogin from './staff-login.tsx';

/**
 * The staff sign-in screen with two-step sign-in (`docs/domain.md`, §2 "Staff login screen",
 * "Two-step sign-in for staff"): the password step, then for an account with a second factor the
 * code step with the first step's challenge, then the staff dashboard.
 */

const admin: SessionUser = { id: 'u-a1', name: 'Fr. Joseph', role: 'admin', username: 'admin' };
const CHALLENGE = 'signed-challenge-1';
const GOOD_CODE = '123456';

/** The two steps answered: the password with a challenge, the code with a session for GOOD_CODE only. */
function twoStepServer() {
  const passwords: ContractBody<typeof authContracts.staffLogin>[] = [];
  const codes: ContractBody<typeof authContracts.staffLoginCode>[] = [];
  server.use(
    on(authContracts.staffLogin).reply(({ body }) => {
      passwords.push(body);
      return body.password === 'correct horse'
        ? { twoStepRequired: true, challenge: CHALLENGE }
        : refuse('INVALID_CREDENTIALS', MSG.invalidStaffLogin);
    }),
    on(authContracts.staffLoginCode).reply(({ body }) => {
      codes.push(body);
      return body.challenge === CHALLENGE && body.code === GOOD_CODE
        ? { token: 'staff-token', user: admin }
        : refuse('TWO_STEP_CODE_WRONG', MSG.twoStepCodeWrong);
    }),
  );
  return { passwords, codes };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('staff sign-in with a two-step code', () => {
  it('asks for both username and password before sending anything', async () => {
    const { passwords } = twoStepServer();
    const { user } = renderScreen(<StaffLogin />, { at: '/admin/login' });

    await user.type(field(t('staffLogin.username')), 'admin');
    await user.click(screen.getByRole('button', { name: t('staffLogin.adminSubmit') }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.staffLoginBlank);
    expect(passwords).toEqual([]);
  });

  it('shows the wrong password as the server words it, and no code step', async () => {
    twoStepServer();
    const { user } = renderScreen(<StaffLogin />, { at: '/admin/login' });

    await user.type(field(t('staffLogin.username')), 'admin');
    await user.type(field(t('staffLogin.password')), 'wrong');
    await user.click(screen.getByRole('button', { name: t('staffLogin.adminSubmit') }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidStaffLogin);
    expect(screen.queryByRole('heading', { name: t('twoStep.signInTitle') })).not.toBeInTheDocument();
  });

  it('goes from the password to the code step, refuses a wrong code, then signs in with the right one', async () => {
    const { passwords, codes } = twoStepServer();
    const { user } = renderScreen(<StaffLogin />, { at: '/admin/login' });

    await user.type(field(t('staffLogin.username')), 'admin');
    await user.type(field(t('staffLogin.password')), 'correct horse');
    await user.click(screen.getByRole('button', { name: t('staffLogin.adminSubmit') }));

    expect(await screen.findByRole('heading', { name: t('twoStep.signInTitle') })).toBeInTheDocument();
    expect(passwords).toEqual([{ username: 'admin', password: 'correct horse' }]);
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(field(t('twoStep.signInCode')), '654321');
    await user.click(screen.getByRole('button', { name: t('twoStep.signInSubmit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.twoStepCodeWrong);

    await user.clear(field(t('twoStep.signInCode')));
    await user.type(field(t('twoStep.signInCode')), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: t('twoStep.signInSubmit') }));

    expect(await screen.findByRole('heading', { name: `Landed on ${HOME_BY_ROLE.admin}` })).toBeInTheDocument();
    expect(codes).toEqual([
      { challenge: CHALLENGE, code: '654321' },
      { challenge: CHALLENGE, code: GOOD_CODE },
    ]);
    expect(localStorage.getItem('token')).toBe('staff-token');
  });
});
