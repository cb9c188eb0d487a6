import { TZDate } from '@date-fns/tz';
import {
  SETTLEMENT_MSG,
  type Paise,
  type SettlementFetchResult,
  type WorldlineImport,
  type WorldlineMapping,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';

import { badRequest } from '../../lib/app-error.ts';
import {
  cellText,
  parseStatementAmount,
  parseStatementDate,
  readStatementRows,
  type RawCell,
} from '../bank/statement-file.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';
import { recordSettlements, type NewSettlement } from './settlements.service.ts';

/**
 * Worldline's settlement report (decision 0151; `docs/domain.md`, "Gateway settlements"): the
 * merchant portal's download, CSV or Excel, read like a bank statement (`bank/statement-file.ts`)
 * through a column mapping the parish sets, because Worldline publishes no layout. Each row is one
 * transaction: our transaction id (the merchant transaction id we sent), gross, fee, GST on the
 * fee, net, settlement date and UTR; rows of one UTR are one settlement (its id is the UTR), paid
 * at noon of its date in the parish's time zone. The whole file must read or nothing is recorded.
 */

const FIELDS = [
  ['txnIdColumn', 'transaction id'],
  ['grossColumn', 'gross'],
  ['feeColumn', 'fee'],
  ['taxColumn', 'GST'],
  ['netColumn', 'net'],
  ['dateColumn', 'settlement date'],
  ['utrColumn', 'UTR'],
] as const;

/** 400 naming a row's cell that does not read (field `content`). */
const badCell = (row: number, column: string, value: string) =>
  badRequest(
    SETTLEMENT_MSG.badCell.replace('{{row}}', String(row)).replace('{{value}}', value).replace('{{column}}', column),
    'content',
  );

/** Noon of a parish day, as a UTC ISO instant. */
function noonOf(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, 12, 0, 0, 0, timeZone).getTime()).toISOString();
}

/** One row's figures, or a 400 naming the cell. */
function rowOf(cells: RawCell[], rowNumber: number, mapping: WorldlineMapping) {
  const cell = (key: (typeof FIELDS)[number][0]) => cells[mapping[key] - 1];
  for (const [key, label] of FIELDS) if (mapping[key] > cells.length) throw badCell(rowNumber, label, '');
  const txnId = cellText(cell('txnIdColumn'));
  const utr = cellText(cell('utrColumn'));
  if (!txnId) throw badCell(rowNumber, 'transaction id', '');
  if (!/^[A-Za-z0-9]{6,40}$/.test(utr)) throw badCell(rowNumber, 'UTR', utr);
  const amounts = (['grossColumn', 'feeColumn', 'taxColumn', 'netColumn'] as const).map((key, index) => {
    const value = parseStatementAmount(cell(key));
    const label = ['gross', 'fee', 'GST', 'net'][index] ?? key;
    if (value === null || value < 0) throw badCell(rowNumber, label, cellText(cell(key)));
    return value;
  }) as [Paise, Paise, Paise, Paise];
  const [gross, fee, tax, net] = amounts;
  if (gross - fee - tax !== net) {
    throw badRequest(SETTLEMENT_MSG.netDiffers.replace('{{row}}', String(rowNumber)), 'content');
  }
  const day = parseStatementDate(cell('dateColumn'), mapping.dateFormat);
  if (!day) throw badCell(rowNumber, 'settlement date', cellText(cell('dateColumn')));
  return { txnId, utr, gross, fee, tax, net, day };
}

/**
 * Reads a Worldline settlement report into settlements (grouped by UTR, in the file's order).
 * @param timeZone the parish's, for the settlement's instant
 * @throws AppError 400 (field `content`): the file does not read, has no rows, a cell does not
 *   read, gross − fee − GST ≠ net, or a transaction is listed twice (`SETTLEMENT_MSG`)
 */
export async function readWorldlineReport(upload: WorldlineImport, timeZone: string): Promise<NewSettlement[]> {
  const rows = await readStatementRows(Buffer.from(upload.content, 'base64')).catch(() => {
    throw badRequest(SETTLEMENT_MSG.unreadableFile, 'content');
  });
  const { mapping } = upload;
  const body = rows.slice(mapping.skipRows, rows.length - mapping.footerRows);
  const settlements = new Map<string, NewSettlement>();
  const seen = new Set<string>();
  body.forEach((cells, index) => {
    if (cells.every((cell) => cellText(cell) === '')) return;
    const rowNumber = mapping.skipRows + index + 1;
    const row = rowOf(cells, rowNumber, mapping);
    if (seen.has(row.txnId))
      throw badRequest(SETTLEMENT_MSG.duplicateRow.replace('{{row}}', String(rowNumber)), 'content');
    seen.add(row.txnId);
    const settlement = settlements.get(row.utr) ?? {
      settlementId: row.utr,
      utr: row.utr,
      amountPaise: 0 as Paise,
      feePaise: 0 as Paise,
      taxPaise: 0 as Paise,
      settledAt: noonOf(row.day, timeZone),
      items: [],
    };
    settlement.amountPaise = (settlement.amountPaise + row.net) as Paise;
    settlement.feePaise = (settlement.feePaise + row.fee) as Paise;
    settlement.taxPaise = (settlement.taxPaise + row.tax) as Paise;
    settlement.items.push({
      type: 'payment',
      entityId: row.txnId,
      reference: row.txnId,
      grossPaise: row.gross,
      feePaise: row.fee,
      taxPaise: row.tax,
      netPaise: row.net,
    });
    settlements.set(row.utr, settlement);
  });
  if (settlements.size === 0) throw badRequest(SETTLEMENT_MSG.noRows, 'content');
  return [...settlements.values()];
}

/**
 * Imports a Worldline settlement report (`POST /api/accounts/settlements/worldline`): the whole
 * file read first (a bad file records nothing), then its settlements recorded like Razorpay's
 * (`recordSettlements`: a UTR already recorded is skipped, so the same report twice changes nothing).
 * @throws AppError 400 the file does not read (see {@link readWorldlineReport})
 */
export async function importWorldlineReport(
  ctx: ServiceContext,
  upload: WorldlineImport,
): Promise<SettlementFetchResult> {
  const settlements = await readWorldlineReport(upload, await parishTimeZone(ctx));
  return recordSettlements(ctx, 'worldline', { kind: 'import', fileName: upload.fileName }, settlements);
}
