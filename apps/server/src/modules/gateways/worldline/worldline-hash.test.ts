import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  buildWorldlineResponse,
  verifyWorldlineResponse,
  worldlineRequestString,
  worldlineRequestToken,
  type WorldlineResponse,
} from './worldline-hash.ts';

// Vectors from `docs/domain.md`, §10 "Test vectors" ("A: request string ...").
const REQUEST = {
  merchantId: 'T000001',
  txnId: 'DUES-2024-0001',
  totalAmount: '1.00',
  consumerId: 'c12',
  consumerMobileNo: '9876543210',
  consumerEmailId: 'a@b.in',
};
const SALT = 'DUMMYSALT123456';

const RESPONSE: WorldlineResponse = {
  txn_status: '0300',
  txn_msg: 'success',
  txn_err_msg: 'NA',
  clnt_txn_ref: 'DUES-2024-0001',
  tpsl_bank_cd: '470',
  tpsl_txn_id: '1234567890',
  txn_amt: '1.00',
  clnt_rqst_meta: '{email:a@b.in}{mob:9876543210}',
  tpsl_txn_time: '01-01-2024 10:00:00',
  bal_amt: 'NA',
  card_id: '',
  alias_name: '',
  BankTransactionID: 'bankref123',
  mandate_reg_no: '',
  token: 'tok-abc',
};

describe('Worldline request token (A.2)', () => {
  it('builds the documented 17-value string (16 pipes, salt last)', () => {
    const text = worldlineRequestString(REQUEST, SALT);
    expect(text).toBe('T000001|DUES-2024-0001|1.00||c12|9876543210|a@b.in||||||||||DUMMYSALT123456');
    expect(text.split('|')).toHaveLength(17);
  });

  it('matches the published SHA-512 vector', () => {
    expect(worldlineRequestToken(REQUEST, SALT)).toBe(
      'ca8669772204abb89475bd02dfda062dc9e06421da4d15b06befb6f99945d27f020b5eb96b9bea785af19e5e3521b493ec0a3191c9d92345d305b2c20127f1f7',
    );
  });

  it('refuses a field containing a pipe (PG-02)', () => {
    expect(() => worldlineRequestString({ ...REQUEST, consumerEmailId: 'a|b@c.in' }, SALT)).toThrow();
  });
});

describe('Worldline response hash (A.3)', () => {
  const msg = buildWorldlineResponse(RESPONSE, SALT);
  const parts = msg.split('|');

  it('hashes the 15 fields plus |SALT with SHA-512 and appends it as the 16th field', () => {
    expect(parts).toHaveLength(16);
    const expected = createHash('sha512')
      .update(
        '0300|success|NA|DUES-2024-0001|470|1234567890|1.00|{email:a@b.in}{mob:9876543210}|01-01-2024 10:00:00|NA|||bankref123||tok-abc|DUMMYSALT123456',
      )
      .digest('hex');
    expect(parts[15]).toBe(expected);
  });

  it('verifies the synthetic vector and returns its fields', () => {
    expect(verifyWorldlineResponse(msg, SALT)).toEqual(RESPONSE);
  });

  it('refuses a tampered amount, a tampered status, the wrong salt', () => {
    expect(verifyWorldlineResponse(msg.replace('|1.00|', '|5000.00|'), SALT)).toBeNull();
    expect(verifyWorldlineResponse(msg.replace(/^0300/, '0399'), SALT)).toBeNull();
    expect(verifyWorldlineResponse(msg, 'OTHER-SALT')).toBeNull();
  });

  it('refuses a flipped hash character, uppercase hex, a short hash and a missing hash (PG-01)', () => {
    const hash = parts[15] ?? '';
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    const base = parts.slice(0, 15).join('|');
    expect(verifyWorldlineResponse(`${base}|${flipped}`, SALT)).toBeNull();
    expect(verifyWorldlineResponse(`${base}|${hash.toUpperCase()}`, SALT)).toBeNull();
    expect(verifyWorldlineResponse(`${base}|${hash.slice(0, 127)}`, SALT)).toBeNull();
    expect(verifyWorldlineResponse(`${base}|`, SALT)).toBeNull();
  });

  it('refuses 15 or 17 fields (PG-02)', () => {
    expect(verifyWorldlineResponse(parts.slice(1).join('|'), SALT)).toBeNull();
    expect(verifyWorldlineResponse(`extra|${msg}`, SALT)).toBeNull();
  });
});
