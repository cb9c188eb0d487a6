import {
  deliveriesQuerySchema,
  deliveriesResultSchema,
  sendAllRemindersQuerySchema,
  sendAllRemindersResultSchema,
  sendRemindersBodySchema,
  sendRemindersResultSchema,
  whatsAppStatusSchema,
} from '../schemas/reminders.ts';
import { defineContract } from './contract.ts';

/** WhatsApp payment reminders (admin; docs/domain.md, "§2 Screens", "Admin Send Reminders"). */
export const reminderContracts = {
  /** `GET /api/whatsapp/status`: whether the server can send. */
  status: defineContract({ method: 'GET', path: '/api/whatsapp/status', output: whatsAppStatusSchema }),
  /** `POST /api/admin/send-reminders`: sends to 1 to 20 members now. */
  send: defineContract({
    method: 'POST',
    path: '/api/admin/send-reminders',
    body: sendRemindersBodySchema,
    output: sendRemindersResultSchema,
  }),
  /**
   * `POST /api/admin/send-all-reminders` (202, no body): starts a background send to every member
   * who owes; `?wardId=` only that ward's, `none` those without a ward (decision 0136);
   * `?statementFy=2026-27` (or `current`) attaches the yearly statement (decision 0143).
   */
  sendAll: defineContract({
    method: 'POST',
    path: '/api/admin/send-all-reminders',
    query: sendAllRemindersQuerySchema,
    output: sendAllRemindersResultSchema,
  }),
  /** `GET /api/admin/reminders/deliveries`: a send job (default the latest) and its deliveries. */
  deliveries: defineContract({
    method: 'GET',
    path: '/api/admin/reminders/deliveries',
    query: deliveriesQuerySchema,
    output: deliveriesResultSchema,
  }),
};
