// `npm start` (README, "Run it"): builds the web app and the server when their sources changed
// since their last build (`build-stamp.mjs`), then runs the server in this process's place:
// signals reach it and its exit code is npm's. A restart with nothing changed goes straight to the
// server (issue 31: a rebuild on every start cost 35–77 s on a busy 2-core machine).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { BUILDS, inputsHash, isFresh, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The npm command that makes each build (the same as before this script: production mode). */
const COMMANDS = {
  web: ['run', 'build', '--workspace', '@parish/web', '--', '--mode', 'production'],
  server: ['run', 'build', '--workspace', '@parish/server'],
};

for (const [name, build] of Object.entries(BUILDS)) {
  const hash = inputsHash(root, build.inputs, COMMANDS[name]);
  if (isFresh(root, build, hash)) {
    console.log(`${name}: unchanged since its last build, not rebuilt`);
    continue;
  }
  const result = spawnSync(npm, COMMANDS[name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(root, build, hash);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
  cwd: new URL('../apps/server/', import.meta.url),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
