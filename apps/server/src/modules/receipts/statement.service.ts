import { asc, eq } from 'drizzle-orm';

import {
  MSG,
  PDF_MSG,
  calendarDateIn,
  financialYearLabel,
  financialYearOf,
  formatDisplayDate,
  isLanguage,
  parseFinancialYear,
  sumPaise,
  type Language,
  type Paise,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { members, paymentHeads, payments, receipts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { getParishSettings } from '../settings/settings.service.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { buildStatementPdf, type StatementData, type StatementDue } from './statement-pdf.ts';

/**
 * The financial year a `fy` query names.
 * @throws AppError 400 {@link PDF_MSG.badFinancialYear} (field `fy`) unless written like 2026-27
 */
export function financialYearParam(fy: string | undefined): number {
  const start = fy === undefined ? null : parseFinancialYear(fy);
  if (start === null) throw badRequest(PDF_MSG.badFinancialYear, 'fy');
  return start;
}

/**
 * A member's yearly statement (`docs/domain.md`, §8 "Yearly statement"; decision 0139): the dues
 * raised in the financial year — a due belongs to the year of its due date, or, without one, of
 * the day it was created (parish time) — with what was raised, conceded, paid (and the receipt
 * number) and is still owed; the receipts issued to the member in the year; the totals. Staff: any
 * member; a member: only themselves (anyone else is 404, `docs/domain.md`, "AZ-04").
 * @param fy the year the financial year starts in (April), from {@link financialYearParam}
 * @returns the statement's data and the member's saved language (null when none saved)
 * @throws AppError 404 {@link MSG.notFound} for an unknown or foreign member
 */
export async function getStatementData(
  ctx: ServiceContext,
  input: { memberId: string; fy: number },
): Promise<StatementData & { memberLanguage: string | null }> {
  const actor = actorOf(ctx);
  if (actor.type === 'member' && actor.id !== input.memberId) throw notFound(MSG.notFound);
  const [member] = await ctx.db
    .select({ name: members.name, parishNumber: members.parishNumber, language: members.language })
    .from(members)
    .where(eq(members.id, input.memberId));
  if (!member) throw notFound(MSG.notFound);
  const tz = await parishTimeZone(ctx);
  const dueRows = await ctx.db
    .select({
      headName: paymentHeads.name,
      year: payments.year,
      dueDate: payments.dueDate,
      createdAt: payments.createdAt,
      amountPaise: payments.amountPaise,
      concessionPaise: payments.concessionPaise,
      paidAmountPaise: payments.paidAmountPaise,
      status: payments.status,
      receiptNumber: payments.receiptNumber,
    })
    .from(payments)
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(eq(payments.memberId, input.memberId))
    .orderBy(asc(payments.dueDate), asc(payments.createdAt));
  const dues: StatementDue[] = dueRows
    .filter((row) => financialYearOf(row.dueDate ?? calendarDateIn(row.createdAt, tz)) === input.fy)
    .map((row) => {
      const paid = row.status === 'paid' ? (row.paidAmountPaise ?? row.amountPaise) : (0 as Paise);
      const owed = row.status === 'pending' || row.status === 'failed';
      return {
        head: `${row.headName} ${row.year}`,
        dueDate: row.dueDate ? formatDisplayDate(row.dueDate) : '-',
        raisedPaise: (row.amountPaise + row.concessionPaise) as Paise,
        concessionPaise: row.concessionPaise,
        paidPaise: paid,
        balancePaise: owed ? row.amountPaise : (0 as Paise),
        status: row.status === 'paid' ? 'Paid' : row.status === 'waived' ? 'Waived' : 'Pending',
        receiptNumber: row.status === 'paid' ? row.receiptNumber : null,
      };
    });
  const receiptRows = await ctx.db
    .select({
      number: receipts.number,
      issuedAt: receipts.issuedAt,
      totalPaise: receipts.totalPaise,
      voidedAt: receipts.voidedAt,
    })
    .from(receipts)
    .where(eq(receipts.memberId, input.memberId))
    .orderBy(asc(receipts.issuedAt));
  const settings = await getParishSettings(ctx.db);
  return {
    parish: { name: settings.name, address: settings.address, contact: settings.contact },
    member: { name: member.name, parishNumber: member.parishNumber },
    memberLanguage: member.language,
    financialYear: financialYearLabel(input.fy),
    madeOn: formatDisplayDate(new Date().toISOString(), tz),
    dues,
    receipts: receiptRows
      .filter((row) => financialYearOf(calendarDateIn(row.issuedAt, tz)) === input.fy)
      .map((row) => ({
        number: row.number,
        date: formatDisplayDate(row.issuedAt, tz),
        totalPaise: row.totalPaise,
        voided: row.voidedAt !== null,
      })),
    totals: {
      raisedPaise: sumPaise(dues.map((due) => due.raisedPaise)),
      concessionPaise: sumPaise(dues.map((due) => due.concessionPaise)),
      paidPaise: sumPaise(dues.map((due) => due.paidPaise)),
      balancePaise: sumPaise(dues.map((due) => due.balancePaise)),
    },
  };
}

/**
 * The language a member's statement is drawn in (decision 0139, "The statement in the member's
 * language"): `requested` (the statement link's `lang`, already checked) when given, else the
 * member's saved language, else the parish's default language for members (Parish Settings,
 * decision 0135). English means an English-only statement.
 * @param memberLanguage the member's saved language as stored (any text; read with `isLanguage`)
 */
async function statementLanguage(
  ctx: ServiceContext,
  requested: Language | undefined,
  memberLanguage: string | null,
): Promise<Language> {
  if (requested) return requested;
  if (isLanguage(memberLanguage)) return memberLanguage;
  return (await getParishSettings(ctx.db)).defaultLanguage ?? 'en';
}

/**
 * A member's yearly statement as an A4 PDF (`GET /api/customer/statement.pdf?fy=2026-27`,
 * `GET /api/members/{id}/statement.pdf?fy=2026-27`; for sending on WhatsApp too): see
 * {@link getStatementData}; its headings and column titles in the member's language too
 * (`statementLanguage`).
 * @param fy the year the financial year starts in (2026 for 2026-27)
 * @param language en, ml, hi or ta when the request names one (the statement link's `lang`); absent: the member's
 * @returns the PDF's bytes
 * @throws AppError 404 for an unknown or foreign member
 */
export async function renderStatementPdf(
  ctx: ServiceContext,
  input: { memberId: string; fy: number; language?: Language | undefined },
): Promise<Buffer> {
  const { memberLanguage, ...data } = await getStatementData(ctx, input);
  return buildStatementPdf(data, await statementLanguage(ctx, input.language, memberLanguage));
}
