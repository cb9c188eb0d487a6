import { eq } from 'drizzle-orm';

import { ErrorCode, PDF_MSG, financialYearLabel, isLanguage, type Language } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { members } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { readStatementLink } from '../../lib/link-signing.ts';
import { renderStatementPdf } from '../receipts/statement.service.ts';
import { parishInProgress } from '../settings/parish-credentials.ts';

/**
 * `GET /api/statement-links/:token/pdf?lang=en|ml|hi|ta` (no sign-in; decision 0143): the yearly
 * statement a signed statement link names (`signStatementLink`: parish, member, financial year,
 * expiry), rendered as the member would download it signed in (`renderStatementPdf`, as that
 * member). The link a reminder round's `statement` WhatsApp document carries; Meta fetches it when
 * it sends, and the member may open it again until it expires.
 * @param input the link's token, the request's `lang` (the member's language the link was made
 *   for: the statement's headings carry it, decision 0139; absent: the member's saved language); expiry against `ctx.clock`
 * @returns the PDF and its file name, `Statement-2026-27.pdf`
 * @throws AppError 400 (field `lang`) for a language other than en, ml, hi or ta; 404
 *   `PAY_LINK_INVALID` for a tampered link, one of another parish (the request's parish is the
 *   host's) or of no member of it; 404 `PAY_LINK_EXPIRED` past its expiry. Nothing of the member
 *   is told in any of these.
 */
export async function statementPdfByLink(
  ctx: ServiceContext,
  input: { token: string; lang?: string | undefined },
): Promise<{ pdf: Buffer; fileName: string }> {
  if (input.lang !== undefined && !isLanguage(input.lang)) throw badRequest(PDF_MSG.badLanguage, 'lang');
  const claims = readStatementLink(ctx.config.linkKeys, input.token);
  if (!claims || claims.parishId !== parishInProgress()) {
    throw notFound(PDF_MSG.statementLinkInvalid, ErrorCode.PAY_LINK_INVALID);
  }
  if (claims.expiresAt * 1000 <= ctx.clock.now().getTime()) {
    throw notFound(PDF_MSG.statementLinkExpired, ErrorCode.PAY_LINK_EXPIRED);
  }
  const [member] = await ctx.db
    .select({ id: members.id, name: members.name, mobile: members.mobile, parishNumber: members.parishNumber })
    .from(members)
    .where(eq(members.id, claims.memberId));
  if (!member) throw notFound(PDF_MSG.statementLinkInvalid, ErrorCode.PAY_LINK_INVALID);
  const asMember: ServiceContext = {
    ...ctx,
    actor: {
      type: 'member',
      id: member.id,
      name: member.name,
      role: 'customer',
      mobile: member.mobile,
      parishNumber: member.parishNumber,
      mustChangePassword: false,
    },
  };
  const pdf = await renderStatementPdf(asMember, {
    memberId: member.id,
    fy: claims.fy,
    language: input.lang as Language | undefined,
  });
  return { pdf, fileName: `Statement-${financialYearLabel(claims.fy)}.pdf` };
}
