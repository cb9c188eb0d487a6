import { z } from 'zod';

import { memberSchema } from './members.ts';
import { uploadMismatchSchema } from './payments.ts';

/** The most rows one `POST /api/members/bulk` may carry (a bigger file is split by the caller). */
export const MEMBER_IMPORT_MAX_ROWS = 10_000;

/**
 * The longest text a raw CSV cell may have on the wire. Generous on purpose: a name of 101 or
 * an address of 501 characters must reach the row check and get its row message (`docs/domain.md`,
 * §5 "Member CSV import"); only absurd cells fail the whole request with a 400.
 */
const RAW_CELL_MAX = 5_000;

const rawCell = z.string().max(RAW_CELL_MAX);

/**
 * One data row of a member CSV as the file had it (strings, not yet validated or normalised;
 * see `memberRowsFromCsv`). Each row is checked on the server with `memberInputSchema`, so a
 * bad row becomes a row error instead of failing the request.
 */
export const memberImportRowSchema = z.object({
  name: rawCell.optional(),
  mobile: rawCell.optional(),
  parishNumber: rawCell.optional(),
  alternateContact: rawCell.optional(),
  currentLocation: rawCell.optional(),
  email: rawCell.optional(),
  address: rawCell.optional(),
  /**
   * The member's ward by name (decision 0126; `docs/domain.md`, "Wards"): matched to a ward of the
   * parish case-insensitively; an unknown name is created on import; blank is no ward.
   */
  ward: rawCell.optional(),
  /**
   * The member's consent to WhatsApp messages the parish starts, as the parish's register has it
   * (decision 0144): `yes` records consent with method `import`; `no` or blank records nothing;
   * anything else is a row error (`MSG.whatsappConsentCell`).
   */
  whatsappConsent: rawCell.optional(),
});

/** A raw member CSV row. */
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

/**
 * `POST /api/members/bulk` body (`docs/domain.md`, §7 "Shapes the specification leaves open" and §5
 * "Member CSV import"): `{ members: rows[] }`, 1 to {@link MEMBER_IMPORT_MAX_ROWS} rows, in file
 * order (row 1 is the first data row).
 */
export const memberImportBodySchema = z.object({
  members: z.array(memberImportRowSchema).min(1).max(MEMBER_IMPORT_MAX_ROWS),
});

/** The bulk import body. */
export type MemberImportBody = z.infer<typeof memberImportBodySchema>;

/**
 * A skipped row: its 1-based data-row number and the product's message (`docs/domain.md`, §5 "Error
 * and outcome messages") for it.
 */
export const memberImportErrorSchema = z.object({
  row: z.number().int().min(1),
  message: z.string(),
});

/** A skipped row of an import. */
export type MemberImportError = z.infer<typeof memberImportErrorSchema>;

/**
 * `POST /api/members/bulk` answer: how many rows were imported, the skipped rows with their
 * messages (in row order), and the members created (in row order).
 */
export const memberImportResultSchema = z.object({
  success: z.literal(true),
  imported: z.number().int().min(0),
  errors: z.array(memberImportErrorSchema),
  members: z.array(memberSchema),
});

/** The result of a member import. */
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

/** A row of a member import's dry run: its 1-based row, parish number and name. */
const previewRowSchema = z.object({ row: z.number().int().min(1), parishNumber: z.string(), name: z.string() });

/**
 * `POST /api/members/bulk/preview` answer: the dry run of a member import (decision 0110), nothing
 * written. `toCreate` rows would be imported; `present` rows name a member that already holds their
 * parish number with the same name and mobile (nothing to do); `mismatches` hold a parish number of
 * a member whose name or mobile differs (never imported: correct the member in its form);
 * `errors` are the other skipped rows, duplicates naming who holds the value.
 */
export const memberImportPreviewSchema = z.object({
  totalRows: z.number().int().min(0),
  toCreate: z.array(previewRowSchema),
  present: z.array(previewRowSchema),
  mismatches: z.array(uploadMismatchSchema),
  errors: z.array(memberImportErrorSchema),
  /**
   * The ward names of the rows to create that name no ward of the parish (case-insensitively; the
   * first spelling in the file): the import would create these wards (decision 0126).
   */
  newWards: z.array(z.string()),
});

/** The dry run of a member import. */
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;
