import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Worldline (Paynimo checkout.js) hashing, as `docs/domain.md`, §10 "Worldline request token" and
 * "Worldline response" give it from the official kits: SHA-512, lowercase hex (128 characters),
 * UTF-8, the salt last.
 */

/** SHA-512 of UTF-8 text as 128 lowercase hex characters. */
export function sha512Hex(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

/**
 * The request fields of the token, in the documented order (`docs/domain.md`, §10 "Worldline
 * request token"); empty ones stay empty.
 */
export interface WorldlineRequestFields {
  merchantId: string;
  txnId: string;
  /** The exact amount string also sent as `items[0].amount` (e.g. `"1500.00"`). */
  totalAmount: string;
  consumerId: string;
  consumerMobileNo: string;
  consumerEmailId: string;
}

/**
 * The request string of `docs/domain.md`, §10 "Worldline request token":
 * `merchantId|txnId|totalamount|accountNo|consumerId|consumerMobileNo|
 * consumerEmailId|debitStartDate|debitEndDate|maxAmount|amountType|frequency|cardNumber|expMonth|
 * expYear|cvvCode|SALT` with the nine mandate/card slots empty (17 values, 16 pipes).
 * @throws Error when a value contains `|` (it would shift the fields; `docs/domain.md`, "PG-02").
 */
export function worldlineRequestString(fields: WorldlineRequestFields, salt: string): string {
  const values = [
    fields.merchantId,
    fields.txnId,
    fields.totalAmount,
    '', // accountNo
    fields.consumerId,
    fields.consumerMobileNo,
    fields.consumerEmailId,
    '', // debitStartDate
    '', // debitEndDate
    '', // maxAmount
    '', // amountType
    '', // frequency
    '', // cardNumber
    '', // expMonth
    '', // expYear
    '', // cvvCode
  ];
  if (values.some((value) => value.includes('|'))) throw new Error('A Worldline request field contains "|"');
  return [...values, salt].join('|');
}

/** The request token (`consumerData.token`, `deviceId` WEBSH2): SHA-512 of {@link worldlineRequestString}. */
export function worldlineRequestToken(fields: WorldlineRequestFields, salt: string): string {
  return sha512Hex(worldlineRequestString(fields, salt));
}

/**
 * The 15 hashed fields of the response `msg`, in order (`docs/domain.md`, §10 "Worldline
 * response"); the 16th is the hash.
 */
export const WORLDLINE_RESPONSE_FIELDS = [
  'txn_status',
  'txn_msg',
  'txn_err_msg',
  'clnt_txn_ref',
  'tpsl_bank_cd',
  'tpsl_txn_id',
  'txn_amt',
  'clnt_rqst_meta',
  'tpsl_txn_time',
  'bal_amt',
  'card_id',
  'alias_name',
  'BankTransactionID',
  'mandate_reg_no',
  'token',
] as const;

/** A parsed response `msg`: the 15 named fields. */
export type WorldlineResponse = Record<(typeof WORLDLINE_RESPONSE_FIELDS)[number], string>;

/**
 * Builds a response `msg` with its hash (what the gateway posts; the sandbox and tests use it):
 * the 15 fields joined by `|`, then `|` and SHA-512(fields + `|` + salt).
 */
export function buildWorldlineResponse(fields: WorldlineResponse, salt: string): string {
  const body = WORLDLINE_RESPONSE_FIELDS.map((name) => fields[name]).join('|');
  return `${body}|${sha512Hex(`${body}|${salt}`)}`;
}

/**
 * Parses and verifies a response `msg` (`docs/domain.md`, §10 "Worldline response"): exactly 16
 * fields; the last must be the 128-char lowercase hex SHA-512 of the other 15 joined by `|` plus
 * `|SALT`, compared in constant time. Uppercase, short or missing hashes are refused
 * (`docs/domain.md`, "PG-01"), as are 15 or 17 fields (`docs/domain.md`, "PG-02").
 * @returns the fields, or null when the message does not verify.
 */
export function verifyWorldlineResponse(msg: string, salt: string): WorldlineResponse | null {
  const parts = msg.split('|');
  if (parts.length !== WORLDLINE_RESPONSE_FIELDS.length + 1) return null;
  const hash = parts.pop() ?? '';
  if (!/^[0-9a-f]{128}$/.test(hash)) return null;
  const expected = sha512Hex(`${parts.join('|')}|${salt}`);
  if (!timingSafeEqual(Buffer.from(hash, 'utf8'), Buffer.from(expected, 'utf8'))) return null;
  const fields = {} as WorldlineResponse;
  WORLDLINE_RESPONSE_FIELDS.forEach((name, index) => {
    fields[name] = parts[index] ?? '';
  });
  return fields;
}
