#!/usr/bin/env node
/**
 * Before the browser tests (`npm test`, `npm run test:e2e`, `.ci/run`): makes sure Debian's
 * Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) and the Noto fonts (`fonts-noto-core`, so
 * Malayalam, Tamil and Hindi names render) are installed, and poppler-utils (`pdftotext`, which the
 * receipt PDF tests read their PDFs with: decision 0139). As root with apt-get it installs them;
 * otherwise it stops with one line giving the exact command. It never lets the browser tests be
 * skipped, and never downloads a browser of its own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core', 'poppler-utils'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function installed(pkg) {
  if (!existsSync('/usr/bin/dpkg-query')) return true; // not Debian: the packages are the system's business
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function missing() {
  return [
    ...(executable(chromium) ? [] : ['chromium']),
    ...['fonts-noto-core', 'poppler-utils'].filter((pkg) => !installed(pkg)),
  ];
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
    `The browser and PDF tests need Debian's Chromium, fonts and poppler-utils: run  sudo apt-get install -y ${PACKAGES.join(' ')}  then npm test again${where}.\n`,
  );
  process.exit(1);
}
