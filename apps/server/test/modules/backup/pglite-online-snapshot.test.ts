import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

import { pgliteOnlineSnapshot, walSegmentsBetween } from '../../../src/modules/backup/pglite-online-snapshot.ts';

/** The names of a tar's entries (ustar headers; content skipped by size). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const header = tar.subarray(at, at + 512);
    names.push(header.toString('utf8', 0, 100).replace(/\0.*$/s, ''));
    const size = Number.parseInt(header.toString('utf8', 124, 135), 8);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

// Decision 0157: the embedded database's backup is PostgreSQL's online base backup, taken while
// statements go on; the restore replays the WAL to the backup's end.
describe('online snapshot of an embedded database on disk', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'parish-online-snapshot-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores to one consistent moment although rows were written during the copy, with only the WAL it needs', async () => {
    const source = await PGlite.create(path.join(root, 'source'));
    // Enough rows that the copy takes many reads; then WAL the database keeps for reuse.
    await source.exec(`
      CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL, pad text NOT NULL);
      INSERT INTO counters SELECT g, 0, repeat('p', 600) FROM generate_series(1, 10000) g;
      CREATE TABLE log (seq int PRIMARY KEY, counter int NOT NULL);
      CHECKPOINT;
      UPDATE counters SET pad = repeat('q', 600);
      CHECKPOINT;`);
    // Each write: one counter up by one and its log row, in one transaction, numbered in order.
    let seq = 0;
    let writing = true;
    const writer = (async () => {
      // At most 400 writes: enough to fall inside the copy, bounded on a slow machine.
      while (writing && seq < 400) {
        seq += 1;
        const counter = 1 + ((seq * 7919) % 10000);
        await source.transaction(async (tx) => {
          await tx.query('UPDATE counters SET n = n + 1 WHERE id = $1', [counter]);
          await tx.query('INSERT INTO log (seq, counter) VALUES ($1, $2)', [seq, counter]);
        });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const snapshot = await pgliteOnlineSnapshot(source, path.join(root, 'source'));
    const writtenDuring = seq;
    writing = false;
    await writer;
    const walOnDisk = readdirSync(path.join(root, 'source', 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));
    await source.close();
    expect(writtenDuring).toBeGreaterThan(0);

    const tar = gunzipSync(snapshot.payload);
    const names = tarNames(tar);
    const walInBackup = names.filter((name) => /^\/pg_wal\/[0-9A-F]{24}$/.test(name));
    expect(walInBackup.length).toBeGreaterThan(0);
    expect(walInBackup.length).toBeLessThan(walOnDisk.length);
    expect(names).toContain('/backup_label');
    expect(names).toContain('/pg_wal/archive_status');
    expect(names).not.toContain('/postmaster.pid');

    const copy = await PGlite.create(path.join(root, 'copy'), { loadDataDir: new Blob([tar]) });
    try {
      const [state] = (
        await copy.query<{ rows: number; total: number; first: number; last: number; counters: number }>(
          `SELECT (SELECT count(*)::int FROM log) AS rows, (SELECT sum(n)::int FROM counters) AS total,
                  (SELECT min(seq) FROM log) AS first, (SELECT max(seq) FROM log) AS last,
                  (SELECT count(*)::int FROM counters) AS counters`,
        )
      ).rows;
      // One moment: every write before it whole, none after it, none half.
      expect(state?.counters).toBe(10000);
      expect(state?.total).toBe(state?.rows);
      expect(state?.rows).toBeGreaterThan(0);
      expect(state?.first).toBe(1);
      expect(state?.last).toBe(state?.rows);
      expect(state?.rows).toBeLessThanOrEqual(writtenDuring);
      const [mismatch] = (
        await copy.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM counters c
             FULL JOIN (SELECT counter, count(*)::int AS k FROM log GROUP BY counter) l ON l.counter = c.id
            WHERE coalesce(l.k, 0) <> c.n`,
        )
      ).rows;
      expect(mismatch?.n).toBe(0);
      // The restored database takes writes.
      await copy.query('INSERT INTO log (seq, counter) VALUES (-1, 1)');
    } finally {
      await copy.close();
    }
  }, 300_000);

  it('numbers the WAL segments between two, across a log file boundary', () => {
    expect(walSegmentsBetween('0000000100000000000000FE', '000000010000000100000001', 16 * 2 ** 20)).toEqual([
      '0000000100000000000000FE',
      '0000000100000000000000FF',
      '000000010000000100000000',
      '000000010000000100000001',
    ]);
    expect(() => walSegmentsBetween('000000010000000000000002', '000000020000000000000003', 16 * 2 ** 20)).toThrow(
      /timeline/,
    );
  });
});
