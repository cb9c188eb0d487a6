import type { BankPresetKey, ColumnMapping } from '@parish/shared';

/**
 * The bank presets (decision 0149; `docs/domain.md`, "Bank presets"): the column mapping of the
 * net-banking export each bank is commonly known to give. No bank publishes its layout, so every
 * preset is "unverified" until a parish confirms it against its own statement (and the test
 * statements in `apps/server/test/fixtures/bank-statements/` are made up). `skipRows` counts the
 * preamble and the column header of the usual export; a parish whose file differs changes the
 * mapping of its account, seeing the first lines in the preview.
 */
export interface PresetLayout {
  key: BankPresetKey;
  /** The bank's name as shown. */
  bank: string;
  /** The column headers as the export commonly prints them, left to right. */
  headers: string[];
  mapping: ColumnMapping;
}

/** Every preset, in the order the screen offers them. */
export const BANK_PRESETS: readonly PresetLayout[] = [
  {
    // Statement "Excel/CSV" download of OnlineSBI: about fifteen lines of account details, a blank
    // line, the header; dates as "01 Nov 2026"; a closing "computer generated statement" line.
    key: 'sbi',
    bank: 'State Bank of India',
    headers: ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
    mapping: {
      dateColumn: 1,
      dateFormat: 'DD MMM YYYY',
      narrationColumn: 3,
      referenceColumn: 4,
      debitColumn: 5,
      creditColumn: 6,
      balanceColumn: 7,
      skipRows: 17,
      footerRows: 1,
    },
  },
  {
    // FedNet account statement download: a few lines of account details, then the header; dates
    // DD-MM-YYYY; the balance's Dr/Cr in a column of its own.
    key: 'federal',
    bank: 'Federal Bank',
    headers: [
      'Date',
      'Value Date',
      'Particulars',
      'Tran Type',
      'Cheque Details',
      'Withdrawals',
      'Deposits',
      'Balance',
      'DR/CR',
    ],
    mapping: {
      dateColumn: 1,
      dateFormat: 'DD-MM-YYYY',
      narrationColumn: 3,
      referenceColumn: 5,
      debitColumn: 6,
      creditColumn: 7,
      balanceColumn: 8,
      skipRows: 7,
      footerRows: 0,
    },
  },
  {
    // SIBerNet statement in Excel: the account's details, then the header; dates DD/MM/YYYY.
    key: 'south_indian',
    bank: 'South Indian Bank',
    headers: ['Date', 'Particulars', 'Chq No / Ref No', 'Withdrawals', 'Deposits', 'Balance'],
    mapping: {
      dateColumn: 1,
      dateFormat: 'DD/MM/YYYY',
      narrationColumn: 2,
      referenceColumn: 3,
      debitColumn: 4,
      creditColumn: 5,
      balanceColumn: 6,
      skipRows: 6,
      footerRows: 0,
    },
  },
  {
    // CSB Bank net banking statement: dates DD-MM-YYYY, cheque number before the particulars.
    key: 'csb',
    bank: 'CSB Bank',
    headers: ['Tran Date', 'Chq No', 'Particulars', 'Debit', 'Credit', 'Balance'],
    mapping: {
      dateColumn: 1,
      dateFormat: 'DD-MM-YYYY',
      narrationColumn: 3,
      referenceColumn: 2,
      debitColumn: 4,
      creditColumn: 5,
      balanceColumn: 6,
      skipRows: 5,
      footerRows: 0,
    },
  },
  {
    // HDFC NetBanking "Delimited" download: the header first; dates DD/MM/YY.
    key: 'hdfc',
    bank: 'HDFC Bank',
    headers: ['Date', 'Narration', 'Value Dat', 'Debit Amount', 'Credit Amount', 'Chq/Ref Number', 'Closing Balance'],
    mapping: {
      dateColumn: 1,
      dateFormat: 'DD/MM/YY',
      narrationColumn: 2,
      referenceColumn: 6,
      debitColumn: 4,
      creditColumn: 5,
      balanceColumn: 7,
      skipRows: 1,
      footerRows: 0,
    },
  },
  {
    // ICICI detailed statement (XLS saved as .xlsx): account details, then the header with an
    // empty first column; dates DD/MM/YYYY.
    key: 'icici',
    bank: 'ICICI Bank',
    headers: [
      '',
      'S No.',
      'Value Date',
      'Transaction Date',
      'Cheque Number',
      'Transaction Remarks',
      'Withdrawal Amount (INR )',
      'Deposit Amount (INR )',
      'Balance (INR )',
    ],
    mapping: {
      dateColumn: 4,
      dateFormat: 'DD/MM/YYYY',
      narrationColumn: 6,
      referenceColumn: 5,
      debitColumn: 7,
      creditColumn: 8,
      balanceColumn: 9,
      skipRows: 12,
      footerRows: 0,
    },
  },
];

/** The preset of a key, or undefined. */
export function presetOf(key: string): PresetLayout | undefined {
  return BANK_PRESETS.find((preset) => preset.key === key);
}
