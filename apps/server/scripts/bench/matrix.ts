/**
 * The bench's generated people and dues matrix, shared by `bench.ts` (D1, B1), the member-list
 * case and the import profiling scripts, so they all load the same data.
 */

/** Given names of the generated members. */
export const BENCH_FIRST_NAMES = [
  'Thomas',
  'Mariamma',
  'Joseph',
  'Annamma',
  'Varghese',
  'Aleyamma',
  'Philip',
  'Susan',
  'Abraham',
  'Lissy',
] as const;

/** Family names of the generated members. */
export const BENCH_LAST_NAMES = [
  'Mathew',
  'Kurian',
  'Chacko',
  'George',
  'Jacob',
  'Antony',
  'Ouseph',
  'Varkey',
  'Thomas',
  'John',
] as const;

/** A deterministic pseudo-random generator (mulberry32) giving numbers in [0, 1), so every run loads the same data. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The account-head CSV of `members` new members × `heads` heads, as the upload's `csvData` rows: a
 * header (ParishNumber, Name, Phone, then 5 arrear heads of 2024, current heads of 2026 up to the
 * 17th, miscellaneous after), then one row a member (`BM000000`…, a generated name, a 10-digit
 * mobile) with an amount in rupees for every head (100 to 5,000, whole hundreds), seed 42.
 */
export function benchMatrix(members: number, heads: number): string[][] {
  const next = random(42);
  const header = ['ParishNumber', 'Name', 'Phone'];
  for (let h = 0; h < heads; h += 1) {
    if (h < 5) header.push(`(Arrear Head ${h + 1} 2024)`);
    else if (h < 17) header.push(`Current Head ${h + 1} 2026`);
    else header.push(`*Misc Head ${h + 1} 2026*`);
  }
  const rows = [header];
  for (let m = 0; m < members; m += 1) {
    const name = `${BENCH_FIRST_NAMES[m % 10]} ${BENCH_LAST_NAMES[Math.floor(m / 10) % 10]} ${m}`;
    const row = [`BM${String(m).padStart(6, '0')}`, name, `9${String(100_000_000 + m)}`];
    for (let h = 0; h < heads; h += 1) row.push(String(100 * (1 + Math.floor(next() * 50))));
    rows.push(row);
  }
  return rows;
}
