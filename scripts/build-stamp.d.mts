// Types of build-stamp.mjs, for the TypeScript that tests it (apps/server/test/start-script.test.ts).

/** One build: its inputs (files or folders relative to the root), the output file it makes, and its stamp file. */
export interface Build {
  inputs: string[];
  output: string;
  stamp: string;
}

/** The web app's build and the server's. */
export const BUILDS: { web: Build; server: Build };

/** SHA-256 (hex) of the inputs' relative paths and bytes under `root`, `extra` strings first. */
export function inputsHash(root: string, inputs: string[], extra?: string[]): string;

/** Whether `build` under `root` was made from inputs hashing to `hash` and its output is untouched since. */
export function isFresh(root: string, build: Build, hash: string): boolean;

/** Writes `build`'s stamp: `hash` and the output's size and modification time. Throws when the output is missing. */
export function writeStamp(root: string, build: Build, hash: string): void;
