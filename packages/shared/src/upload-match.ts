import { normalizeMobile } from './phone.ts';
import type { UploadMismatchField } from './schemas/payments.ts';

/** A name as compared with a member's: NFC, trimmed, inner spaces collapsed, case ignored. */
function comparableName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The fields of an upload row that differ from the member holding its parish number (decision
 * 0110), for the dues matrix and the member import alike: a name given and different (case and
 * spacing ignored); a phone given and not a valid mobile, or a valid one other than the member's
 * 12-digit mobile. A blank name or phone says nothing and differs from nothing.
 * @param row the row's name and phone as the file wrote them
 * @param holder the member's name and normalised mobile
 */
export function mismatchedFields(
  row: { name: string; phone: string },
  holder: { name: string; mobile: string },
): UploadMismatchField[] {
  const fields: UploadMismatchField[] = [];
  const name = row.name.trim();
  if (name && comparableName(name) !== comparableName(holder.name)) {
    fields.push({ field: 'name', csvValue: name, memberValue: holder.name, invalid: false });
  }
  const phone = row.phone.trim();
  if (phone) {
    const mobile = normalizeMobile(phone);
    if (!mobile.ok || mobile.mobile !== holder.mobile) {
      fields.push({ field: 'phone', csvValue: phone, memberValue: holder.mobile, invalid: !mobile.ok });
    }
  }
  return fields;
}
