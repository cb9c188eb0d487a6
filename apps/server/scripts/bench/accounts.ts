import { spawn } from 'node:child_process';

import type { ColumnMapping } from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import { queryRows } from '../../src/db/client.ts';
import { runAsOwner, runInParish } from '../../src/db/parish-scope.ts';
import { copyToClient, download } from './export.ts';
import { fmt, progress, reported, withBenchApp, type BenchApp, type BenchCase, type BenchRow } from './harness.ts';
import type { Engine } from './goals.ts';

/**
 * `--only=accounts` (issue 30, "Done when"): the accountant's year at a 20,000-member parish. The
 * Tally export of the whole financial year (decision 0146) and the bank reconciliation of the
 * year's statement (decision 0149), through the HTTP server as a client uses them, each beside a
 * floor of the same run: the same rows `COPY`'d to a client, the same statement lines `COPY`'d
 * into a scratch table (`docs/domain.md`, §12 "D6").
 */

/** The parish measured: the first, whose admin the bench signs in. */
const PARISH = 1;
/** Runs database work of the bench in {@link PARISH}, as the server's requests run theirs (row-level security). */
const inParish = <T>(work: () => Promise<T>): Promise<T> => runInParish(PARISH, work);

/**
 * Runs a statement as the owner (maintenance, the floor's scratch table). Awaited inside the
 * callback: a drizzle query starts when awaited, and must start in the owner's context.
 */
async function asOwner(bench: BenchApp, statement: string): Promise<void> {
  await runAsOwner(async () => {
    await bench.database.db.execute(sql.raw(statement));
  });
}

/** The engines measured: both, or the one `BENCH_ENGINE` names (`pglite`, `postgres`). */
const ENGINES: readonly Engine[] =
  process.env.BENCH_ENGINE === 'pglite' || process.env.BENCH_ENGINE === 'postgres'
    ? [process.env.BENCH_ENGINE]
    : ['pglite', 'postgres'];

/** Members of the parish. */
const MEMBERS = 20_000;
/** Receipts per member over the year: 60,000 receipts. */
const RECEIPTS_PER_MEMBER = 3;
const RECEIPTS = MEMBERS * RECEIPTS_PER_MEMBER;
/** The financial year measured: 2025-26, April to March, in parish days. */
const FROM = '2025-04-01';
const TO = '2026-03-31';
const TIME_ZONE = 'Asia/Kolkata';
/** Every this-many-th receipt is voided two days after it was issued (0.5 %). */
const VOID_EVERY = 200;

/**
 * The heads of the year, in paise; receipt k (0, 1, 2) of a member pays heads 3k+1 to 3k+3 of
 * this list (the last receipt two heads), one line each.
 */
const HEADS: readonly { name: string; amountPaise: number }[] = [
  { name: 'Church Tax', amountPaise: 120_000 },
  { name: 'Building Fund', amountPaise: 250_000 },
  { name: 'Cemetery Fund', amountPaise: 50_000 },
  { name: 'Christmas Offering', amountPaise: 30_000 },
  { name: 'Feast Contribution', amountPaise: 75_000 },
  { name: 'Charity Fund', amountPaise: 20_000 },
  { name: 'Catechism Fee', amountPaise: 40_000 },
  { name: 'Mission Sunday', amountPaise: 10_000 },
];

/** The statement's columns: `Date,Narration,Reference,Debit,Credit,Balance`, a header row above. */
const STATEMENT_MAPPING: ColumnMapping = {
  dateColumn: 1,
  dateFormat: 'DD/MM/YYYY',
  narrationColumn: 2,
  referenceColumn: 3,
  debitColumn: 4,
  creditColumn: 5,
  balanceColumn: 6,
  skipRows: 1,
  footerRows: 0,
};

/**
 * Seeds the year in bulk SQL: 3 cashiers, {@link MEMBERS} members, the {@link HEADS} of 2025, and
 * {@link RECEIPTS} receipts numbered `2025-26/000001` on in the order they were issued (about 164
 * a day, 09:00 to 17:12 parish time, every day of the year), each with its paid payments and its
 * lines: 40 % cash, 30 % UPI at the counter with a 12-digit UTR, 10 % cheque (cleared), 10 %
 * Worldline and 10 % Razorpay online; every {@link VOID_EVERY}th voided two days later (its
 * payments pending again). Receipt number s is receipt k = (s - 1) / 20,000 of member n.
 * @returns the receipts and UPI receipts seeded
 */
async function seedYear(bench: BenchApp): Promise<{ receipts: number; upi: number }> {
  const seeded = await inParish(() => seedRows(bench));
  await asOwner(bench, 'VACUUM ANALYZE');
  return seeded;
}

/** The rows of {@link seedYear}, in the parish. */
async function seedRows(bench: BenchApp): Promise<{ receipts: number; upi: number }> {
  const db = bench.database.db;
  await db.execute(
    sql`INSERT INTO staff_users (username, name, role, password_hash)
        SELECT 'acct-cashier-' || g, 'Cashier ' || g, 'cashier', 'x' FROM generate_series(1, 3) g`,
  );
  await db.execute(
    sql`INSERT INTO members (name, mobile, parish_number, current_location)
        SELECT (ARRAY['Thomas','Mariamma','Joseph','Annamma','Varghese','Aleyamma','Philip','Susan','Abraham','Lissy'])[1 + g % 10]
                 || ' ' || (ARRAY['Mathew','Kurian','Chacko','George','Jacob','Antony','Ouseph','Varkey','Thomas','John'])[1 + (g / 10) % 10]
                 || ' ' || g,
               '916' || lpad(g::text, 9, '0'), 'AC' || lpad(g::text, 6, '0'), 'Kottayam'
          FROM generate_series(1, ${MEMBERS}) g`,
  );
  await db.execute(
    sql`INSERT INTO payment_heads (name, amount_paise, type, year, due_date)
        SELECT name, amount, 'current due', 2025, '2026-03-31'::date
          FROM unnest(${sql.param(HEADS.map((h) => h.name))}::text[], ${sql.param(HEADS.map((h) => h.amountPaise))}::bigint[])
               AS x(name, amount)`,
  );
  const heads = sql`(SELECT id, name, amount_paise, (row_number() OVER (ORDER BY array_position(
      ${sql.param(HEADS.map((h) => h.name))}::text[], name)) - 1) / 3 AS k FROM payment_heads WHERE year = 2025)`;
  // Per block of 10,000 receipts: each statement far below the statement timeout.
  for (let first = 1; first <= RECEIPTS; first += 10_000) {
    const last = first + 9_999;
    await db.execute(
      sql`WITH c AS (SELECT array_agg(id ORDER BY username) AS ids FROM staff_users WHERE username LIKE 'acct-cashier-%'),
               s AS (SELECT g AS s, (g - 1) / ${MEMBERS} AS k, 1 + (g - 1) % ${MEMBERS} AS n FROM generate_series(${first}::int, ${last}::int) g),
               x AS (SELECT s.s, s.k, m.id AS member_id, (s.n * 31 + s.k * 17) % 100 AS r,
                            (${FROM}::date + ((s.s - 1) * 365 / ${RECEIPTS}))::timestamp AT TIME ZONE ${TIME_ZONE}
                              + interval '9 hours' + ((s.s - 1) % 164) * interval '3 minutes' AS issued_at
                       FROM s JOIN members m ON m.parish_number = 'AC' || lpad(s.n::text, 6, '0'))
          INSERT INTO receipts (number, financial_year, member_id, issued_at, payment_method, payment_gateway,
                                collection_mode, collected_by, transaction_id, pg_transaction_id, total_paise,
                                voided_at, voided_by, void_reason, cheque_bank, cheque_number, cheque_date,
                                cheque_status, utr)
          SELECT '2025-26/' || lpad(x.s::text, 6, '0'), 2025, x.member_id, x.issued_at,
                 CASE WHEN r < 40 THEN 'cash' WHEN r < 70 THEN 'upi' WHEN r < 80 THEN 'cheque' ELSE 'online' END,
                 (CASE WHEN r < 80 THEN 'manual' WHEN r < 90 THEN 'worldline' ELSE 'razorpay' END)::payment_gateway,
                 CASE WHEN r < 80 THEN 'manual' ELSE 'online' END,
                 CASE WHEN r < 80 THEN (SELECT ids[1 + x.s % 3] FROM c) END,
                 CASE WHEN r >= 80 THEN 'ACTX' || x.s WHEN r >= 40 AND r < 70 THEN '5' || lpad(x.s::text, 11, '0') END,
                 CASE WHEN r >= 80 THEN 'pay_' || x.s END,
                 (SELECT sum(h.amount_paise) FROM ${heads} h WHERE h.k = x.k),
                 CASE WHEN x.s % ${VOID_EVERY} = 7 THEN x.issued_at + interval '2 days' END,
                 CASE WHEN x.s % ${VOID_EVERY} = 7 THEN (SELECT ids[1] FROM c) END,
                 CASE WHEN x.s % ${VOID_EVERY} = 7 THEN 'wrong_amount' END,
                 CASE WHEN r >= 70 AND r < 80 THEN 'Federal Bank' END,
                 CASE WHEN r >= 70 AND r < 80 THEN lpad(x.s::text, 6, '0') END,
                 CASE WHEN r >= 70 AND r < 80 THEN (x.issued_at AT TIME ZONE ${TIME_ZONE})::date END,
                 CASE WHEN r >= 70 AND r < 80 THEN 'cleared' END,
                 CASE WHEN r >= 40 AND r < 70 THEN '5' || lpad(x.s::text, 11, '0') END
            FROM x`,
    );
    await db.execute(
      sql`INSERT INTO payments (member_id, payment_head_id, amount_paise, paid_amount_paise, status, year, due_date,
                                paid_at, payment_method, payment_gateway, collection_mode, collected_by,
                                transaction_id, receipt_id, receipt_number)
          SELECT r.member_id, h.id, h.amount_paise, h.amount_paise, 'paid', 2025, '2026-03-31'::date, r.issued_at,
                 r.payment_method, r.payment_gateway, r.collection_mode, r.collected_by, r.transaction_id, r.id, r.number
            FROM receipts r JOIN ${heads} h ON h.k = (substr(r.number, 9)::int - 1) / ${MEMBERS}
           WHERE r.number BETWEEN ${`2025-26/${String(first).padStart(6, '0')}`} AND ${`2025-26/${String(last).padStart(6, '0')}`}`,
    );
    await db.execute(
      sql`INSERT INTO receipt_items (receipt_id, line, payment_id, payment_head_id, head_name, head_year, amount_paise)
          SELECT p.receipt_id, row_number() OVER (PARTITION BY p.receipt_id ORDER BY h.name), p.id, h.id, h.name, h.year,
                 p.amount_paise
            FROM payments p JOIN payment_heads h ON h.id = p.payment_head_id
           WHERE p.receipt_number BETWEEN ${`2025-26/${String(first).padStart(6, '0')}`} AND ${`2025-26/${String(last).padStart(6, '0')}`}`,
    );
  }
  // A voided receipt's payments are due again (its lines keep what it paid).
  await db.execute(
    sql`UPDATE payments p SET status = 'pending', paid_amount_paise = NULL, paid_at = NULL, payment_method = NULL,
               payment_gateway = NULL, collection_mode = NULL, collected_by = NULL, transaction_id = NULL,
               receipt_id = NULL, receipt_number = NULL
          FROM receipts r WHERE r.id = p.receipt_id AND r.voided_at IS NOT NULL`,
  );
  const [row] = await queryRows<{ receipts: number; upi: number }>(
    db,
    sql`SELECT count(*)::int AS receipts, count(*) FILTER (WHERE payment_method = 'upi')::int AS upi FROM receipts`,
  );
  return { receipts: Number(row?.receipts ?? 0), upi: Number(row?.upi ?? 0) };
}

/** The range's bounds as timestamps: parish days `FROM` and `TO` (inclusive) in the parish's time zone. */
const RANGE = {
  start: sql`(${FROM}::date::timestamp at time zone ${TIME_ZONE})`,
  end: sql`((${TO}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
};

/**
 * The export's floor: the rows the Tally export reads (the receipts issued or voided in the year,
 * each with its member, cashier and lines), in the export's order, as one plain query.
 */
function exportRows(): SQL {
  const inRange = (column: SQL) => sql`(${column} >= ${RANGE.start} and ${column} < ${RANGE.end})`;
  return sql`select r.number, r.issued_at, r.voided_at, r.payment_method, r.payment_gateway, s.name as cashier,
                    m.name, m.parish_number, r.total_paise, i.line, coalesce(h.name, i.head_name) as head,
                    i.head_year, i.amount_paise
               from receipts r
               join members m on m.id = r.member_id
               left join staff_users s on s.id = r.collected_by
               join receipt_items i on i.receipt_id = r.id
               left join payment_heads h on h.id = i.payment_head_id
              where ${inRange(sql`r.issued_at`)} or ${inRange(sql`r.voided_at`)}
              order by r.issued_at, r.number, i.line`;
}

/** One line of the made-up statement; amounts in paise (credit positive). */
interface StatementLine {
  date: string;
  narration: string;
  reference: string;
  amountPaise: number;
}

/** `dd/mm/yyyy` of `yyyy-mm-dd`. */
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** `yyyy-mm-dd` `days` after `day`. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Rupees with two decimals of paise. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The year's bank statement as the bank's CSV (`Date,Narration,Reference,Debit,Credit,Balance`,
 * dd/mm/yyyy, a running balance): one credit per UPI receipt of the counter (voided ones too: the
 * money came) with its UTR in the narration (and in the reference for every other one), the same
 * day or, every tenth, the next; each day's cash deposited the next day in one line; each cheque
 * credited by clearing two days after; each gateway's day settled the next day less 2 %; and noise:
 * two UPI credits a day no receipt has (QR offerings), monthly charges and salaries, quarterly
 * interest.
 * @returns the CSV and its lines in file order
 */
async function statementOf(bench: BenchApp): Promise<{ csv: string; lines: StatementLine[] }> {
  const receipts = await inParish(() =>
    queryRows<{
      number: string;
      day: string;
      method: string;
      gateway: string;
      total: string;
      utr: string | null;
      name: string;
    }>(
      bench.database.db,
      sql`select r.number, to_char(r.issued_at at time zone ${TIME_ZONE}, 'YYYY-MM-DD') as day, r.payment_method as method,
               r.payment_gateway::text as gateway, r.total_paise as total, r.utr, m.name
          from receipts r join members m on m.id = r.member_id order by r.issued_at, r.number`,
    ),
  );
  const lines: StatementLine[] = [];
  const daily = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, paise: number) => map.set(key, (map.get(key) ?? 0) + paise);
  receipts.forEach((receipt, index) => {
    const total = Number(receipt.total);
    if (receipt.method === 'upi' && receipt.utr) {
      const name = receipt.name
        .toUpperCase()
        .replace(/[^A-Z ]/g, '')
        .slice(0, 20);
      lines.push({
        date: plusDays(receipt.day, index % 10 === 0 ? 1 : 0),
        narration: `UPI/CR/${receipt.utr}/${name}/SBIN/upi${index}@oksbi`,
        reference: index % 2 === 0 ? receipt.utr : '',
        amountPaise: total,
      });
    } else if (receipt.method === 'cheque') {
      lines.push({
        date: plusDays(receipt.day, 2),
        narration: `CLG/CHQ ${receipt.number.slice(8)}/FEDERAL BANK`,
        reference: receipt.number.slice(8),
        amountPaise: total,
      });
    } else if (receipt.method === 'cash') add(daily, `${receipt.day}|cash`, total);
    else add(daily, `${receipt.day}|${receipt.gateway}`, total);
  });
  for (const [key, total] of daily) {
    const [day = FROM, kind] = key.split('|');
    const date = plusDays(day, 1);
    if (kind === 'cash') {
      lines.push({
        date,
        narration: 'BY CASH DEPOSIT - SELF',
        reference: `DEP${day.replaceAll('-', '')}`,
        amountPaise: total,
      });
    } else {
      const net = total - Math.round(total * 0.02);
      lines.push({
        date,
        narration: `NEFT/${kind === 'razorpay' ? 'RAZORPAY SOFTWARE PVT LTD' : 'WORLDLINE EPAYMENTS'}/SETTLEMENT ${day}`,
        reference: `N${kind?.slice(0, 2).toUpperCase()}${day.replaceAll('-', '')}`,
        amountPaise: net,
      });
    }
  }
  for (let d = 0; d < 365; d += 1) {
    const date = plusDays(FROM, d);
    for (let q = 0; q < 2; q += 1) {
      const utr = `7${String(d * 2 + q).padStart(11, '0')}`;
      lines.push({
        date,
        narration: `UPI/CR/${utr}/WELLWISHER/HDFC/offering@okhdfc`,
        reference: '',
        amountPaise: 10_100 * (q + 1),
      });
    }
    if (date.endsWith('-01')) {
      lines.push({
        date,
        narration: 'SALARY VICAR AND STAFF',
        reference: `SAL${date.slice(0, 7)}`,
        amountPaise: -8_500_000,
      });
      lines.push({ date, narration: 'SMS/ACCOUNT MAINTENANCE CHARGES', reference: '', amountPaise: -11_800 });
    }
    if (['06-30', '09-30', '12-31', '03-31'].includes(date.slice(5))) {
      lines.push({ date, narration: 'CREDIT INTEREST', reference: '', amountPaise: 1_234_500 });
    }
  }
  lines.sort((a, b) => a.date.localeCompare(b.date));
  let balance = 100_000_000;
  const rows = ['Date,Narration,Reference,Debit,Credit,Balance'];
  for (const line of lines) {
    balance += line.amountPaise;
    rows.push(
      [
        ddmmyyyy(line.date),
        line.narration,
        line.reference,
        line.amountPaise < 0 ? rupees(-line.amountPaise) : '',
        line.amountPaise > 0 ? rupees(line.amountPaise) : '',
        rupees(balance),
      ].join(','),
    );
  }
  return { csv: `${rows.join('\n')}\n`, lines };
}

/** Runs `work` while sampling this process's RSS every 25 ms: its seconds and the peak growth, MB. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; rssMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 25);
  try {
    const started = performance.now();
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000, rssMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

/** A JSON request as the admin. @throws when the answer is not a 200 */
async function call<T>(bench: BenchApp, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${bench.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${bench.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The rows of the reconciliation's tables and of the audit log, to see that a re-upload changed nothing. */
async function reconCounts(bench: BenchApp): Promise<string> {
  const [row] = await inParish(() =>
    queryRows<Record<string, number>>(
      bench.database.db,
      sql`select (select count(*)::int from bank_statement_lines) as lines, (select count(*)::int from bank_matches) as matches,
                 (select count(*)::int from audit_events) as audit`,
    ),
  );
  return JSON.stringify(row);
}

/** The floor's scratch table: the columns, keys and indexes of `bank_statement_lines` (migration 0044). */
const FLOOR_TABLE = [
  `create table bench_statement_floor (parish_id integer not null, id uuid not null default gen_random_uuid(),
     bank_account_id uuid not null, line_date date not null, narration text not null, reference text not null,
     amount_paise bigint not null check (amount_paise <> 0), balance_paise bigint not null, utr text,
     file_name text not null, imported_by uuid, imported_at timestamptz not null default now(),
     primary key (parish_id, id),
     unique (parish_id, bank_account_id, line_date, amount_paise, reference, balance_paise))`,
  'create index on bench_statement_floor (utr) where utr is not null',
];

/**
 * The floor of the upload: the same lines `COPY`'d into a scratch table like
 * `bank_statement_lines` (its defaults, checks and indexes), from this process: on PGlite
 * `FROM '/dev/blob'`, on PostgreSQL `FROM STDIN` fed to `psql`. In seconds.
 */
async function copyLinesFloor(bench: BenchApp, accountId: string, lines: readonly StatementLine[]): Promise<number> {
  for (const statement of FLOOR_TABLE) await asOwner(bench, statement);
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  let balance = 0;
  const csv = lines
    .map((line) => {
      balance += line.amountPaise;
      const utr = /(?<!\d)\d{12}(?!\d)/.exec(line.narration)?.[0] ?? '';
      return [
        PARISH,
        accountId,
        line.date,
        quote(line.narration),
        quote(line.reference),
        line.amountPaise,
        balance,
        utr,
        'year.csv',
      ].join(',');
    })
    .join('\n');
  const copy = `COPY bench_statement_floor (parish_id, bank_account_id, line_date, narration, reference, amount_paise, balance_paise, utr, file_name)`;
  const started = performance.now();
  const pglite = bench.database.pglite;
  if (pglite) {
    // As the owner, who made the table (a COPY from a device needs it too).
    await runAsOwner(() => pglite.query(`${copy} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) }));
  } else {
    const url = bench.env.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'psql',
        [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `${copy} FROM STDIN WITH (FORMAT csv)`],
        {
          stdio: ['pipe', 'ignore', 'inherit'],
        },
      );
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited with ${code}`))));
      child.stdin.end(csv);
    });
  }
  return (performance.now() - started) / 1000;
}

async function accountsOn(engine: Engine): Promise<BenchRow[]> {
  return withBenchApp(engine, async (bench) => {
    progress(
      'accounts',
      engine,
      `seeding ${MEMBERS.toLocaleString('en-IN')} members, ${RECEIPTS.toLocaleString('en-IN')} receipts ...`,
    );
    const seedStarted = performance.now();
    const seeded = await seedYear(bench);
    progress(
      'accounts',
      engine,
      `seeded ${seeded.receipts} receipts in ${fmt((performance.now() - seedStarted) / 1000)} s; Tally export ...`,
    );
    const rows: BenchRow[] = [];
    const range = `from=${FROM}&to=${TO}`;
    const exports = [];
    for (const mode of ['receipt', 'day'] as const) {
      const result = await download(bench, `/api/accounts/tally.xml?${range}&mode=${mode}`);
      progress(
        'accounts',
        engine,
        `tally.xml mode=${mode}: ${fmt(result.seconds)} s, ${result.bytes} bytes, first byte ${fmt(result.firstByteMs)} ms, RSS +${fmt(result.rssMb)} MB`,
      );
      exports.push({ mode, result });
    }
    // After the downloads, so its result buffer does not hide their RSS growth.
    // As the owner (a COPY to a file or device needs it); the database holds this one parish.
    const floor = await runAsOwner(() => copyToClient(bench, exportRows()));
    const floorText = `COPY of the same rows to a client ${fmt(floor)} s`;
    for (const { mode, result } of exports) {
      const size = `mode=${mode}, ${(result.bytes / 2 ** 20).toFixed(1)} MB`;
      rows.push(
        {
          engine,
          measure: `Tally export first byte (${size})`,
          value: result.firstByteMs,
          unit: 'ms',
          floor: '-',
          goal: null,
        },
        {
          engine,
          measure: `Tally export of the year ${fmt(result.seconds)} s (${size}) over the COPY of its rows`,
          value: result.seconds / floor,
          unit: 'x',
          floor: floorText,
          goal: mode === 'receipt' ? 'tallyReceiptVsCopy' : 'tallyDayVsCopy',
        },
        {
          engine,
          measure: `Tally export RSS growth (peak, ${size})`,
          value: result.rssMb,
          unit: 'MB',
          floor: '-',
          goal: 'tallyRssGrowth',
        },
      );
    }

    progress('accounts', engine, 'bank statement of the year ...');
    const statement = await statementOf(bench);
    const account = await call<{ _id: string }>(bench, 'POST', '/api/bank/accounts', {
      name: 'Parish SB account',
      preset: null,
      mapping: STATEMENT_MAPPING,
    });
    const upload = { fileName: 'year.csv', content: Buffer.from(statement.csv).toString('base64') };
    const path = `/api/bank/accounts/${account._id}/statements`;
    type Imported = { lines: number; added: number; matched: number };
    const first = await timed(() => call<Imported>(bench, 'POST', path, upload));
    progress(
      'accounts',
      engine,
      `upload: ${fmt(first.seconds)} s, RSS +${fmt(first.rssMb)} MB, ${JSON.stringify(first.value)}`,
    );
    const [upi] = await inParish(() =>
      queryRows<{ n: number }>(
        bench.database.db,
        sql`select count(*)::int as n from receipts where payment_method = 'upi' and voided_at is null`,
      ),
    );
    if (first.value.added !== statement.lines.length || first.value.matched !== Number(upi?.n ?? -1)) {
      throw new Error(
        `upload stored ${first.value.added} of ${statement.lines.length} lines, matched ${first.value.matched} of ${upi?.n} UPI receipts`,
      );
    }
    const countsBefore = await reconCounts(bench);
    const again = await timed(() => call<Imported>(bench, 'POST', path, upload));
    progress('accounts', engine, `re-upload: ${fmt(again.seconds)} s, ${JSON.stringify(again.value)}`);
    const countsAfter = await reconCounts(bench);
    if (again.value.added !== 0 || again.value.matched !== 0 || countsAfter !== countsBefore) {
      throw new Error(
        `the re-upload changed something: ${JSON.stringify(again.value)}, ${countsBefore} -> ${countsAfter}`,
      );
    }
    // The same again once the planner knows the lines are there (PGlite runs no autovacuum: the
    // server's maintenance worker analyzes a grown table within 10 minutes, decision 0062).
    await asOwner(bench, 'ANALYZE bank_statement_lines, bank_matches');
    const analyzed = await timed(() => call<Imported>(bench, 'POST', path, upload));
    progress(
      'accounts',
      engine,
      `re-upload after ANALYZE: ${fmt(analyzed.seconds)} s, ${JSON.stringify(analyzed.value)}`,
    );
    const copyLines = await copyLinesFloor(bench, account._id, statement.lines);
    const linesText = `${statement.lines.length.toLocaleString('en-IN')} lines, ${(statement.csv.length / 2 ** 20).toFixed(1)} MB, ${first.value.matched.toLocaleString('en-IN')} matched`;
    const copyText = `COPY of the same lines into a scratch table ${fmt(copyLines)} s`;
    rows.push(
      {
        engine,
        measure: `statement upload ${fmt(first.seconds)} s (${linesText}) over the COPY of its lines`,
        value: first.seconds / copyLines,
        unit: 'x',
        floor: copyText,
        goal: 'statementVsCopy',
      },
      {
        engine,
        measure: 'statement upload RSS growth (peak)',
        value: first.rssMb,
        unit: 'MB',
        floor: '-',
        goal: 'statementRssGrowth',
      },
      {
        engine,
        measure: `statement re-upload ${fmt(again.seconds)} s (changes nothing) over the COPY of its lines`,
        value: again.seconds / copyLines,
        unit: 'x',
        floor: copyText,
        goal: 'statementVsCopy',
      },
      {
        engine,
        measure: `statement re-upload after ANALYZE of its table ${fmt(analyzed.seconds)} s over the COPY of its lines`,
        value: analyzed.seconds / copyLines,
        unit: 'x',
        floor: copyText,
        goal: null,
      },
    );
    return rows;
  });
}

/**
 * `--only=accounts`: the Tally export of a 20,000-member parish's financial year (60,000 receipts,
 * `mode=receipt` and `mode=day`) and the upload of the year's bank statement (and its re-upload),
 * on both engines, each over a floor of the same run (issue 30, "Done when"; `docs/domain.md`, §12 "D6").
 */
export const accountsCase: BenchCase = {
  name: 'accounts',
  summary:
    'Tally export and bank reconciliation of a 20,000-member year: time and RSS growth over a COPY of the same rows',
  run: async () => {
    const rows: BenchRow[] = [];
    for (const engine of ENGINES) rows.push(...reported('accounts', await accountsOn(engine)));
    return rows;
  },
};
