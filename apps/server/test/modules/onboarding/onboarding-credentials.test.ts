import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { OnboardingStatus } from '@parish/shared';

import { registerParishHost } from '../../../src/modules/parishes/parish-hosts.ts';
import { addParish, createTestApp, inParish, loginAs, type Session, type TestApp } from '../../helpers.ts';

/*
 * The checklist's "gateway" and "WhatsApp" steps read the parish's effective settings (issue 28
 * items 4 and 6, decisions 0132 and 0134): a parish's own credentials entered on its Settings page,
 * else the environment's for the home parish only; a parish with neither settles the steps by its
 * explicit choices ('off', 'wa.me').
 */

const HOME = 'home.diocese.example';
const OWN = 'own.diocese.example';
const NONE = 'none.diocese.example';

let t: TestApp;
const admins = new Map<string, Session>();

async function call(host: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({
    method,
    url,
    headers: admins.get(host)?.headers ?? {},
    ...(payload !== undefined && { payload }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The gateway and WhatsApp steps of the checklist of the parish served at `host`. */
async function steps(host: string): Promise<{ gateway?: string; whatsapp?: string }> {
  const answer = (await call(host, 'GET', '/api/onboarding')).json<OnboardingStatus>();
  const stateOf = (step: string) => answer.steps.find((s) => s.step === step)?.state;
  return { gateway: stateOf('gateway'), whatsapp: stateOf('whatsapp') };
}

beforeAll(async () => {
  // The environment's WhatsApp number (it serves the home parish) and no gateway credentials.
  t = await createTestApp({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'home-token',
      WHATSAPP_PHONE_NUMBER_ID: '1000001',
      WHATSAPP_WORKER: 'false',
      GATEWAY_RECHECK_SECONDS: '0',
    },
  });
  await registerParishHost(t.db, 1, HOME);
  const parishes: [number, string][] = [[1, HOME]];
  for (const host of [OWN, NONE]) parishes.push([await addParish(t, host, [host]), host]);
  for (const [id, host] of parishes) admins.set(host, await inParish(id, host, () => loginAs(t.app, 'admin')));
});
afterAll(async () => {
  await t.close();
});

describe("the checklist's gateway and WhatsApp steps (decision 0134)", () => {
  it("are done by the parish's own credentials, the environment's serving the home parish only", async () => {
    expect(await steps(HOME)).toEqual({ gateway: 'todo', whatsapp: 'done' });
    expect(await steps(OWN)).toEqual({ gateway: 'todo', whatsapp: 'todo' });

    await call(OWN, 'PUT', '/api/admin/credentials', {
      worldlineMerchantId: 'T5678',
      worldlineSalt: 'own-salt',
      worldlineSchemeCode: 'FIRST',
      whatsappPhoneNumberId: '3000003',
      whatsappAccessToken: 'own-token',
    });
    expect(await steps(OWN)).toEqual({ gateway: 'done', whatsapp: 'done' });
    expect(await steps(HOME)).toEqual({ gateway: 'todo', whatsapp: 'done' });
    expect(await steps(NONE)).toEqual({ gateway: 'todo', whatsapp: 'todo' });

    // Cleared again: back to todo.
    await call(OWN, 'PUT', '/api/admin/credentials', {
      worldlineMerchantId: null,
      worldlineSalt: null,
      worldlineSchemeCode: null,
      whatsappPhoneNumberId: null,
      whatsappAccessToken: null,
    });
    expect(await steps(OWN)).toEqual({ gateway: 'todo', whatsapp: 'todo' });
  });

  it("without credentials, the parish's explicit choices settle them", async () => {
    await call(NONE, 'PUT', '/api/onboarding/steps/gateway/choice', { choice: 'off' });
    await call(NONE, 'PUT', '/api/onboarding/steps/whatsapp/choice', { choice: 'wa.me' });
    expect(await steps(NONE)).toEqual({ gateway: 'done', whatsapp: 'done' });
    expect(await steps(OWN)).toEqual({ gateway: 'todo', whatsapp: 'todo' });
  });
});
