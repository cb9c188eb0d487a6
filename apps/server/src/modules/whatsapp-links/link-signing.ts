/**
 * The signed payment and receipt links (`docs/domain.md`, §9 "Payment links without a password"):
 * kept in `src/lib/link-signing.ts` since the WhatsApp sender (`reminders/`, ranked below this
 * module) signs the receipt link of a receipt document (decision 0141); re-exported here for this
 * module's services.
 */
export {
  readPayLink,
  readReceiptLink,
  signPayLink,
  signReceiptLink,
  type PayLinkClaims,
} from '../../lib/link-signing.ts';
