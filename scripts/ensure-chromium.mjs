#!/usr/bin/env node
/**
 * Before the browser tests (`npm test`, `npm run test:e2e`, `.ci/run`): makes sure Debian's
 * Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) and the Noto fonts (`fonts-noto-core`, so
 * Malayalam, Tamil and Hindi names render) are installed. As root with apt-get it installs them;
 * otherwise it stops with one line giving the exact command. It never lets the browser tests be
 * skipped, and never downloads a browser of its own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fontsInstalled() {
  if (!existsSync('/usr/bin/dpkg-query')) return true; // not Debian: the fonts are the system's business
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', 'fonts-noto-core'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function missing() {
  return [...(executable(chromium) ? [] : ['chromium']), ...(fontsInstalled() ? [] : ['fonts-noto-core'])];
}

let needed = missing();
if (needed.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  process.stdout.write(`Installing Debian's ${needed.join(' and ')} for the browser tests…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: ['ignore', 'ignore', 'inherit'], env });
  needed = missing();
}
if (needed.length > 0) {
  const where = process.env.CHROMIUM_PATH ? ` (or point CHROMIUM_PATH at a Chromium; now ${chromium})` : '';
  process.stderr.write(
    `The browser tests need Debian's Chromium and fonts: run  sudo apt-get install -y ${PACKAGES.join(' ')}  then npm test again${where}.\n`,
  );
  process.exit(1);
}
