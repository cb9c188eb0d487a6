import { whatsAppLinkContracts, type ContractBody, type WaMeLink, type WhatsAppSettings } from '@parish/shared';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api-request.ts';

/**
 * WhatsApp without the Cloud API and payment links (`whatsAppLinkContracts`; docs/domain.md, §9
 * "Payment links without a password" and "WhatsApp without the Cloud API").
 */

/** Query keys of this feature. */
export const whatsAppKeys = {
  round: ['whatsapp', 'round'] as const,
  settings: ['whatsapp', 'settings'] as const,
  optOut: (memberId: string) => ['whatsapp', 'opt-out', memberId] as const,
  optedOut: ['whatsapp', 'opted-out'] as const,
};

/** `GET /api/members/:id/whatsapp-link`: the member's reminder as a wa.me link. */
export function memberWhatsAppLink(memberId: string): Promise<WaMeLink> {
  return apiRequest(whatsAppLinkContracts.memberLink, { params: { id: memberId } });
}

/** `GET /api/receipts/:id/whatsapp-link`: a wa.me message with a signed link to the receipt. */
export function receiptWhatsAppLink(receiptId: string): Promise<WaMeLink> {
  return apiRequest(whatsAppLinkContracts.receiptLink, { params: { id: receiptId } });
}

/** The current walk-through round (admin). */
export function useCurrentRound() {
  return useQuery({
    queryKey: whatsAppKeys.round,
    queryFn: ({ signal }) => apiRequest(whatsAppLinkContracts.currentRound, {}, { signal }),
  });
}

/** Starts a new walk-through round: the whole parish, or only a ward's members (`wardId`). */
export function startRound(wardId?: string) {
  return apiRequest(whatsAppLinkContracts.startRound, { query: wardId ? { wardId } : {} });
}

/** Ticks a member of a round as sent. */
export function tickRound(id: string, deliveryId: string) {
  return apiRequest(whatsAppLinkContracts.tickRound, { params: { id, deliveryId } });
}

/** The parish's WhatsApp settings (admin). */
export function useWhatsAppSettings() {
  return useQuery({
    queryKey: whatsAppKeys.settings,
    queryFn: ({ signal }) => apiRequest(whatsAppLinkContracts.settings, {}, { signal }),
  });
}

/** Saves the WhatsApp settings. */
export function saveWhatsAppSettings(
  body: ContractBody<typeof whatsAppLinkContracts.updateSettings>,
): Promise<WhatsAppSettings> {
  return apiRequest(whatsAppLinkContracts.updateSettings, { body });
}

/** A member's WhatsApp opt-out and its latest change (admin; `GET /api/admin/members/:id/whatsapp-opt-out`). */
export function useOptOutStatus(memberId: string) {
  return useQuery({
    queryKey: whatsAppKeys.optOut(memberId),
    queryFn: ({ signal }) => apiRequest(whatsAppLinkContracts.optOutStatus, { params: { id: memberId } }, { signal }),
  });
}

/** Sets or clears a member's WhatsApp opt-out (admin; audited). */
export function setOptOut(memberId: string, optOut: boolean) {
  return apiRequest(whatsAppLinkContracts.optOut, { params: { id: memberId }, body: { optOut } });
}

/** Records that the member agreed to WhatsApp messages at the parish office (admin; decision 0138). */
export function recordCounterConsent(memberId: string) {
  return apiRequest(whatsAppLinkContracts.recordConsent, { params: { id: memberId } });
}

/** The active members with pending dues who opted out of WhatsApp (admin; first 100 and the total). */
export function useOptedOutMembers() {
  return useQuery({
    queryKey: whatsAppKeys.optedOut,
    queryFn: ({ signal }) => apiRequest(whatsAppLinkContracts.optedOut, {}, { signal }),
  });
}
