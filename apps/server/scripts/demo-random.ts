/**
 * A seeded pseudo-random generator for the demo data (`demo.ts`). Math.random would give a
 * different parish on every run; with a fixed seed the same names, numbers and payment pattern come
 * back each time, which keeps screenshots, walkthroughs and bug reports comparable.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p` (0 to 1). */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` decimal digits as a string (leading zeros kept). */
  digits(count: number): string;
}

/**
 * Creates a mulberry32 generator: fast, 32-bit state, good enough for demo data (not for secrets).
 * @param seed any 32-bit integer; the same seed gives the same sequence.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}
