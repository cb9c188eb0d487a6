import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's snapshot taken while it keeps answering
 * (`docs/decisions/0157-export-order-and-online-pglite-backup.md`): PostgreSQL's own online base
 * backup ("Making a Base Backup Using the Low Level API", PostgreSQL manual, chapter "Continuous
 * Archiving and Point-in-Time Recovery"), done by this process over PGlite's one connection:
 *
 * 1. `pg_backup_start(label, fast => true)`: a checkpoint, and full-page writes from here on, so a
 *    page copied half-written is repaired by the WAL at restore. One statement: the only hold
 *    besides step 3.
 * 2. The data folder's files are read from the disk by the thread pool (never the event loop) and
 *    written as a tar into gzip (also the thread pool) while requests go on; what they change
 *    meanwhile is in the WAL. `pg_wal`'s segments are left out here, and the contents of the
 *    folders PostgreSQL rebuilds at start (`pg_basebackup`'s exclusions).
 * 3. Held (a transaction, so no statement of this process runs): `pg_backup_stop()`, then the WAL
 *    segments from the backup's start to its stop are read, and the `backup_label` it returns is
 *    added. Only those segments go in: the WAL the database kept for reuse (up to `max_wal_size`,
 *    1 GB) is left out.
 *
 * A restore (`PGlite.create({ loadDataDir })`, `restore.ts`) starts PostgreSQL on the folder; the
 * `backup_label` makes it replay the WAL from the backup's checkpoint to its end, so the database
 * is exactly as it was at `pg_backup_stop`.
 */

/** Folders whose contents PostgreSQL rebuilds at start: kept empty (as `pg_basebackup` does). */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** Files at the top of the folder a base backup leaves out (`pg_basebackup`'s exclusions). */
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
]);

/** Bytes read from a file at a time. */
const READ_CHUNK = 1 << 20;

/** One ustar header block (512 bytes) for a regular file (`0`) or a folder (`5`). */
function tarHeader(name: string, size: number, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, 'utf8');
  block.write(type === '5' ? '0000700\0' : '0000600\0', 100);
  block.write('0000000\0', 108);
  block.write('0000000\0', 116);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The zero bytes that pad `size` bytes of content to the tar's 512-byte blocks. */
function padding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512);
}

/**
 * A file as tar blocks, read in chunks of 1 MB: as long as it was when opened (a file that grows
 * meanwhile is cut there, one that shrinks is padded with zeros, as `pg_basebackup` does: the WAL
 * replays both). A file deleted before it is opened is skipped.
 */
async function* fileEntry(file: string, name: string): AsyncGenerator<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const size = (await handle.stat()).size;
    yield tarHeader(name, size, '0');
    let at = 0;
    while (at < size) {
      const buffer = Buffer.alloc(Math.min(READ_CHUNK, size - at));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      // Shrunk meanwhile: the rest stays zeros.
      at += buffer.length;
      yield bytesRead === buffer.length
        ? buffer
        : Buffer.concat([buffer.subarray(0, bytesRead), Buffer.alloc(buffer.length - bytesRead)]);
    }
    yield padding(size);
  } finally {
    await handle.close();
  }
}

/** The data folder's entries under `relative` (`''`: the top), folders first, names as PGlite's tar has them (`/base/5/1259`). */
async function* folderEntries(root: string, relative: string): AsyncGenerator<Buffer> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      yield tarHeader(name, 0, '5');
      if (!EMPTIED_FOLDERS.has(name.slice(1))) yield* folderEntries(root, name);
      else if (name === '/pg_wal') {
        // The WAL's own sub-folders (archive_status, summaries) must exist at start.
        for (const sub of await readdir(path.join(root, name), { withFileTypes: true }))
          if (sub.isDirectory()) yield tarHeader(`${name}/${sub.name}`, 0, '5');
      }
    } else if (entry.isFile() && !(relative === '' && LEFT_OUT_FILES.has(entry.name))) {
      if (entry.name === 'pg_internal.init') continue;
      yield* fileEntry(path.join(root, name), name);
    }
  }
}

/** The WAL segment names from `first` to `last` (same timeline), for segments of `segmentBytes`. */
export function walSegmentsBetween(first: string, last: string, segmentBytes: number): string[] {
  const timeline = first.slice(0, 8);
  if (last.slice(0, 8) !== timeline) throw new Error(`the backup's WAL changed timeline (${first} to ${last})`);
  const perLog = 2 ** 32 / segmentBytes;
  const number = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLog + Number.parseInt(name.slice(16), 16);
  const names: string[] = [];
  for (let n = number(first); n <= number(last); n += 1) {
    const log = Math.floor(n / perLog)
      .toString(16)
      .toUpperCase()
      .padStart(8, '0');
    const segment = (n % perLog).toString(16).toUpperCase().padStart(8, '0');
    names.push(`${timeline}${log}${segment}`);
  }
  return names;
}

/** Backups of one PGlite at a time: a second waits for the first (one backup per session). */
const running = new WeakMap<PGlite, Promise<unknown>>();

/**
 * Takes an online snapshot of an embedded database whose files live in `dataDir` on this
 * machine's disk (see the file comment).
 * @returns the payload (PGlite's data folder as a gzip tar, the same form as `dumpDataDir` and
 *   restorable by `PGlite.create({ loadDataDir })`), the longest single time the database was held
 *   (`heldMs`, the start's checkpoint or the stop with the WAL read) and their sum (`totalHeldMs`)
 * @throws Error when a file cannot be read, or a WAL segment the backup needs is gone (a
 *   checkpoint recycled it during the copy: the backup must be taken again); backup mode is ended
 *   either way
 */
export async function pgliteOnlineSnapshot(
  pglite: PGlite,
  dataDir: string,
): Promise<{ payload: Buffer; heldMs: number; totalHeldMs: number }> {
  const before = running.get(pglite) ?? Promise.resolve();
  const taking = before.catch(() => undefined).then(() => onlineSnapshot(pglite, dataDir));
  running.set(pglite, taking);
  return taking;
}

async function onlineSnapshot(
  pglite: PGlite,
  dataDir: string,
): Promise<{ payload: Buffer; heldMs: number; totalHeldMs: number }> {
  const chunks: Buffer[] = [];
  let started = performance.now();
  const [start] = (
    await pglite.query<{ lsn: string; segment: string; bytes: string }>(
      `SELECT lsn::text AS lsn, pg_walfile_name(lsn) AS segment, current_setting('wal_segment_size') AS bytes
         FROM pg_backup_start('parish-dues', true) AS lsn`,
    )
  ).rows;
  const startHeld = performance.now() - started;
  if (!start) throw new Error('pg_backup_start returned nothing');
  let stopped = false;
  let stopHeld = 0;
  try {
    const bytesPerSegment = segmentBytes(start.bytes);
    async function* tar(): AsyncGenerator<Buffer> {
      yield* folderEntries(dataDir, '');
      const tail: Buffer[] = [];
      started = performance.now();
      await pglite.transaction(async (tx) => {
        const [stop] = (
          await tx.query<{ segment: string; label: string }>(
            `SELECT pg_walfile_name(lsn) AS segment, labelfile AS label FROM pg_backup_stop(false)`,
          )
        ).rows;
        stopped = true;
        if (!stop) throw new Error('pg_backup_stop returned nothing');
        for (const name of walSegmentsBetween(start!.segment, stop.segment, bytesPerSegment)) {
          const entry: Buffer[] = [];
          for await (const block of fileEntry(path.join(dataDir, 'pg_wal', name), `/pg_wal/${name}`)) entry.push(block);
          if (entry.length === 0)
            throw new Error(`WAL segment ${name} was recycled during the backup (a checkpoint ran): take it again`);
          tail.push(...entry);
        }
        const label = Buffer.from(stop.label);
        tail.push(tarHeader('/backup_label', label.length, '0'), label, padding(label.length));
      });
      stopHeld = performance.now() - started;
      yield* tail;
      // The end of the archive: two zero blocks.
      yield Buffer.alloc(1024);
    }
    await pipeline(Readable.from(tar(), { objectMode: false }), createGzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    });
  } finally {
    if (!stopped) await pglite.query('SELECT pg_backup_stop(false)').catch(() => undefined);
  }
  return {
    payload: Buffer.concat(chunks),
    heldMs: Math.max(startHeld, stopHeld),
    totalHeldMs: startHeld + stopHeld,
  };
}

/** `current_setting('wal_segment_size')` (`16MB`) in bytes. */
function segmentBytes(setting: string): number {
  const match = /^(\d+)\s*(kB|MB|GB)?$/.exec(setting.trim());
  if (!match) throw new Error(`unexpected wal_segment_size ${setting}`);
  const unit = match[2] === 'GB' ? 2 ** 30 : match[2] === 'MB' ? 2 ** 20 : match[2] === 'kB' ? 1024 : 1;
  return Number(match[1]) * unit;
}
