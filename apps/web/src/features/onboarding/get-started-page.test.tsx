import { onboardingContracts, ONBOARDING_STEPS, type OnboardingStatus } from '@parish/shared';
import { screen, within } from '@testing-library/react';
import { t } from 'i18next';
import { describe, expect, it } from 'vitest';

import { on, server } from '../../test/msw.ts';
import { renderScreen } from '../../test/render.tsx';
import GetStartedPage from './get-started-page.tsx';

/**
 * The "Get started" checklist (issue 28 item 6, decision 0132): the progress it reads, the explicit
 * choices it sends, and the heads-from-templates form's body (a blank amount left out).
 */

function statusWith(done: readonly string[]): OnboardingStatus {
  const steps = ONBOARDING_STEPS.map((step) => ({
    step,
    state: done.includes(step) ? ('done' as const) : ('todo' as const),
    choice: step === 'gateway' && done.includes(step) ? ('off' as const) : null,
  }));
  const settled = done.length;
  return {
    steps,
    settled,
    total: 7,
    progress: Math.floor((settled * 100) / 7),
    complete: settled === 7,
    dismissed: false,
    financialYear: 2026,
  };
}

describe('the Get started checklist', () => {
  it('shows the progress, stores "no online payment" and sends the template heads without the blank one', async () => {
    const choices: unknown[] = [];
    const heads: unknown[] = [];
    let current = statusWith(['details', 'register']);
    server.use(
      on(onboardingContracts.status).reply(() => current),
      on(onboardingContracts.choose).reply(({ params, body }) => {
        choices.push({ step: params.step, ...body });
        current = statusWith(['details', 'register', 'gateway']);
        return current;
      }),
      on(onboardingContracts.createHeads).reply(({ body }) => {
        heads.push(body);
        return { created: [], assigned: 0 };
      }),
    );
    const { user } = renderScreen(<GetStartedPage />);
    expect(await screen.findByTestId('onboarding-progress')).toHaveTextContent(
      t('onboarding.progress', { settled: 2, total: 7, percent: 28 }),
    );
    expect(screen.getByRole('progressbar', { name: t('onboarding.progressLabel') })).toHaveAttribute(
      'aria-valuenow',
      '28',
    );
    expect(screen.getByText(t('onboarding.steps.heads.body', { year: '2026-27' }))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('onboarding.steps.gateway.off') }));
    expect(await screen.findByText(t('onboarding.steps.gateway.chosenOff'))).toBeInTheDocument();
    expect(choices).toEqual([{ step: 'gateway', choice: 'off' }]);
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent(
      t('onboarding.progress', { settled: 3, total: 7, percent: 42 }),
    );

    const form = screen.getByRole('form', { name: t('onboarding.steps.heads.title') });
    await user.type(within(form).getByRole('textbox', { name: t('onboarding.steps.heads.churchTax') }), '1200');
    await user.type(within(form).getByRole('textbox', { name: t('onboarding.steps.heads.feast') }), '250');
    await user.click(within(form).getByRole('button', { name: t('onboarding.steps.heads.create') }));
    await screen.findByText(t('onboarding.steps.heads.created', { count: 0 }));
    expect(heads).toEqual([
      {
        heads: [
          { template: 'church_tax', amount: '1200' },
          { template: 'feast', amount: '250' },
        ],
        tagAllMembers: true,
      },
    ]);
  });
});
