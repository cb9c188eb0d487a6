import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { openText, sealText } from './secret-box.ts';
import { loadSettingsKey, SETTINGS_KEY_FILE, settingsKeyOf } from './settings-key.ts';

/** SETTINGS_KEY, or the key generated into the data folder (decision 0130). */
describe('settings key', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parish-settings-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('uses SETTINGS_KEY when set and writes nothing', () => {
    const dir = dataDir();
    const key = loadSettingsKey('a settings key of at least thirty-two characters', dir);
    expect(key).toMatchObject({ source: 'env', file: null });
    expect(key.key).toHaveLength(32);
    expect(key.id).toMatch(/^[0-9a-f]{16}$/);
    expect(() => statSync(path.join(dir, SETTINGS_KEY_FILE))).toThrow();
  });

  it('generates one into the data folder, owner-only, and reads the same one next time', () => {
    const dir = dataDir();
    const first = loadSettingsKey(undefined, dir);
    expect(first.source).toBe('generated');
    expect(first.file).toBe(path.join(dir, SETTINGS_KEY_FILE));
    expect(statSync(path.join(dir, SETTINGS_KEY_FILE)).mode & 0o777).toBe(0o600);
    const second = loadSettingsKey(undefined, dir);
    expect(second).toMatchObject({ source: 'file', id: first.id });
    expect(second.key.equals(first.key)).toBe(true);
    expect(settingsKeyOf(readFileSync(path.join(dir, SETTINGS_KEY_FILE), 'utf8')).id).toBe(first.id);
  });

  it('refuses a damaged key file', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, SETTINGS_KEY_FILE), 'short');
    expect(() => loadSettingsKey(undefined, dir)).toThrow('is damaged');
  });

  it('another key has another id and does not open what the first sealed', () => {
    const a = settingsKeyOf('the first settings key, thirty-two characters or more');
    const b = settingsKeyOf('the second settings key, thirty-two characters or more');
    expect(a.id).not.toBe(b.id);
    const sealed = sealText(a.key, 'rzp-secret');
    expect(openText(a.key, sealed)).toBe('rzp-secret');
    expect(openText(b.key, sealed)).toBeNull();
  });
});
