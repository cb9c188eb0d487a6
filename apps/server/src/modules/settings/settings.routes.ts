import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  credentialsSchema,
  errorBodySchema,
  holidayListSchema,
  parishSettingsSchema,
  parishTimeZoneSchema,
  publicAddressSchema,
  updateCredentialsSchema,
  updateParishSettingsSchema,
  updateParishTimeZoneSchema,
  whatsAppSettingsSchema,
} from '@parish/shared';

import { errorAnswers } from '../../lib/route-options.ts';
import { getHolidays, setHolidays } from './holidays.service.ts';
import { credentialsAnswer, parishInProgress, parishWhatsAppConfig, updateCredentials } from './parish-credentials.ts';
import { setParishTimeZone, timeZoneAnswer } from './parish-time-zone.ts';
import { getParishSettings, publicAddress, updateParishSettings } from './settings.service.ts';
import { readWhatsAppSettings, updateWhatsAppSettings } from './whatsapp-settings.service.ts';

const adminErrors = errorAnswers(400, 401, 403, 404, 409);

/**
 * `GET /api/settings` (public) and `PUT /api/settings` (admin): the parish settings;
 * `GET|PUT /api/admin/whatsapp-settings` (admin): the WhatsApp settings (payment links on or off,
 * the scheduled reminders' day and time); `GET /api/admin/public-address` (admin): the address
 * links start with (PUBLIC_URL, or the request's parish host: decision 0125) and why links under it
 * would not open outside the office (decision 0117); `GET|PUT /api/admin/credentials` (admin): the
 * parish's gateway credentials and WhatsApp Cloud API settings, whose secrets are never answered
 * (issue 28 item 4, decision 0130); `GET|PUT /api/admin/time-zone` (admin): the parish's time zone
 * and the zones to choose from (issue 28 item 4, decision 0135); `GET|PUT /api/settings/holidays`
 * (read by the admin and the accountant, changed by the admin, audited): the parish's holiday list
 * the working-day rule of the settlements reads (decision 0151).
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/settings',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['settings'],
        summary:
          'Parish name, address, contact, logo, currency and the languages offered to members with their default ' +
          '(public: the landing and member sign-in pages need them).',
        response: { 200: parishSettingsSchema },
      },
    },
    async (request) => ({
      ...(await getParishSettings(request.ctx.db)),
      whatsAppSignIn: (await parishWhatsAppConfig(request.ctx, parishInProgress())).configured,
    }),
  );
  r.put(
    '/api/settings',
    {
      config: { roles: ['admin'] },
      bodyLimit: 400_000,
      schema: {
        tags: ['settings'],
        summary: 'Updates the parish settings (admin).',
        body: updateParishSettingsSchema,
        response: { 200: parishSettingsSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => updateParishSettings(request.ctx, request.body),
  );
  r.get(
    '/api/admin/whatsapp-settings',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['payment links'],
        summary: "Payment links on or off; the scheduled reminders' day and time.",
        response: { 200: whatsAppSettingsSchema, ...adminErrors },
      },
    },
    async (request) => readWhatsAppSettings(request.ctx.db),
  );
  r.put(
    '/api/admin/whatsapp-settings',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['payment links'],
        summary: 'Saves the WhatsApp settings (audited).',
        body: whatsAppSettingsSchema,
        response: { 200: whatsAppSettingsSchema, ...adminErrors },
      },
    },
    async (request) => updateWhatsAppSettings(request.ctx, request.body),
  );
  r.get(
    '/api/admin/public-address',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          'PUBLIC_URL, the address every link sent outside the office starts with, and why it would not open there (localhost, private) or null.',
        response: { 200: publicAddressSchema, ...adminErrors },
      },
    },
    async (request) => publicAddress(request.ctx),
  );
  r.get(
    '/api/admin/credentials',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          "The parish's gateway credentials and WhatsApp settings: of each field whether it is set and when it changed; " +
          'the plain ids (key id, merchant code, phone number id, account ids) as they are; never a secret.',
        response: { 200: credentialsSchema, ...adminErrors },
      },
    },
    async (request) => credentialsAnswer(request.ctx.db, parishInProgress()),
  );
  r.put(
    '/api/admin/credentials',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          'Saves gateway credentials and WhatsApp settings (admin): each field a value, null to clear, absent to keep. ' +
          'Secrets are sealed with SETTINGS_KEY and never answered; audited without their values. 400 when a ' +
          "gateway's fields would be set only in part, or an account or phone number id is another parish's.",
        body: updateCredentialsSchema,
        response: { 200: credentialsSchema, ...adminErrors },
      },
    },
    async (request) => updateCredentials(request.ctx, request.body),
  );
  timeZoneRoutes(app);
}

/**
 * `GET|PUT /api/admin/time-zone` (admin): the parish's time zone and the zones to choose from
 * (issue 28 item 4, decision 0135); registered by {@link settingsRoutes}.
 */
function timeZoneRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/settings/holidays',
    {
      config: { roles: ['admin', 'accountant'] },
      schema: {
        tags: ['settings'],
        summary: "The parish's holiday list (days that are not working days besides Sundays and 2nd/4th Saturdays).",
        response: { 200: holidayListSchema, ...adminErrors },
      },
    },
    async (request) => getHolidays(request.ctx.db),
  );
  r.put(
    '/api/settings/holidays',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          'Replaces the holiday list (audited settings.holidays_changed; the same list records nothing). ' +
          '400 for a bad date or a day listed twice (nothing changes).',
        body: holidayListSchema,
        response: { 200: holidayListSchema, ...adminErrors },
      },
    },
    async (request) => setHolidays(request.ctx, request.body),
  );
  r.get(
    '/api/admin/time-zone',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          "The parish's time zone, whether an admin chose it (else it is PARISH_TIMEZONE), and the IANA zones " +
          'the server knows, Asia/Kolkata first.',
        response: { 200: parishTimeZoneSchema, ...adminErrors },
      },
    },
    async (request) => timeZoneAnswer(request.ctx),
  );
  r.put(
    '/api/admin/time-zone',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['settings'],
        summary:
          "Sets the parish's time zone (audited); the day summaries are re-derived in the same transaction. " +
          '400 for a zone the server does not know (nothing changes).',
        body: updateParishTimeZoneSchema,
        response: { 200: parishTimeZoneSchema, ...adminErrors },
      },
    },
    async (request) => setParishTimeZone(request.ctx, request.body),
  );
}
