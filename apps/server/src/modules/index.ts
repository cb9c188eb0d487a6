import type { FastifyInstance } from 'fastify';

import { accountsRoutes } from './accounts/accounts.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordResetsRoutes } from './auth/password-resets.routes.ts';
import { twoStepRoutes } from './auth/two-step.routes.ts';
import { bankRoutes } from './bank/bank.routes.ts';
import { backupRoutes } from './backup/backup.routes.ts';
import { depositsRoutes } from './deposits/deposits.routes.ts';
import { dioceseRoutes } from './diocese/diocese.routes.ts';
import { donationsRoutes } from './donations/donations.routes.ts';
import { counterRoutes } from './office/counter.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { fontsRoutes } from './fonts/fonts.routes.ts';
import { gatewaysRoutes } from './gateways/gateways.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { membersRoutes } from './members/members.routes.ts';
import { wardsRoutes } from './members/wards.routes.ts';
import { parishesRoutes } from './parishes/parishes.routes.ts';
import { paymentHeadsRoutes } from './payment-heads/payment-heads.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { receiptPdfRoutes, receiptsRoutes } from './receipts/receipts.routes.ts';
import { refundsRoutes } from './refunds/refunds.routes.ts';
import { remindersRoutes } from './reminders/reminders.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { signInCodesRoutes } from './sign-in-codes/sign-in-codes.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { whatsAppLinksRoutes } from './whatsapp-links/whatsapp-links.routes.ts';

/**
 * Every business module's routes. A module is a folder with `*.routes.ts` (thin handlers),
 * `*.service.ts` (rules, transactions) and its tests; add its routes plugin here, and give the
 * module its rank in `apps/server/module-order.json` (it may import only the modules below it).
 */
export const routeModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  parishesRoutes,
  authRoutes,
  signInCodesRoutes,
  settingsRoutes,
  usersRoutes,
  membersRoutes,
  wardsRoutes,
  paymentHeadsRoutes,
  paymentsRoutes,
  counterRoutes,
  receiptsRoutes,
  receiptPdfRoutes,
  remindersRoutes,
  portalRoutes,
  gatewaysRoutes,
  reportsRoutes,
  eventsRoutes,
  backupRoutes,
  whatsAppLinksRoutes,
  refundsRoutes,
  depositsRoutes,
  passwordResetsRoutes,
  twoStepRoutes,
  fontsRoutes,
  onboardingRoutes,
  dioceseRoutes,
  accountsRoutes,
  donationsRoutes,
  bankRoutes,
];
