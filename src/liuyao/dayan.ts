/** 6 old yin (moving), 7 young yang, 8 young yin, 9 old yang (moving). */
export type LineValue = 6 | 7 | 8 | 9;

/**
 * A source of uniform random integers: returns an integer in [0, n). The service passes
 * one backed by a CSPRNG (see randomIntFromBytes); tests pass fixed sequences.
 */
export type RandomInt = (n: number) => number;

/** One of the three changes (变) that make a line. */
export interface DayanChange {
  /** Stalks in play before this change (49, then 44/40, …). */
  readonly stalks: number;
  /** Remainder of the left heap counted off by fours, 1..4. */
  readonly left_remainder: number;
  /** Remainder of the right heap counted off by fours, 1..4 (fixed by the left one). */
  readonly right_remainder: number;
  /** Stalks set aside: both remainders plus the one hung between the fingers (5/9, then 4/8). */
  readonly removed: number;
  /** 3 for the small removal (5 or 4), 2 for the large one (9 or 8); the three counts sum to the line value. */
  readonly count: 2 | 3;
}

/** How one line was drawn. */
export interface DayanLineDraw {
  readonly position: number;
  readonly changes: readonly [DayanChange, DayanChange, DayanChange];
  /** Stalks left after three changes: 36, 32, 28 or 24 = 4 × value. */
  readonly remaining: number;
  readonly value: LineValue;
}

/** The provenance of a dayan cast, stored with the reading. */
export interface DayanProvenance {
  readonly method: "dayan";
  /** The model: each change's left-heap remainder is uniform on 1..4, as in the hand method. */
  readonly model: "yarrow_remainders";
  readonly lines: readonly DayanLineDraw[];
}

/** Stalks used for the oracle: 大衍之数五十, 其用四十有九. */
export const DAYAN_STALKS = 49;

/**
 * P(6), P(7), P(8), P(9) of the yarrow-stalk method: 1/16, 5/16, 7/16, 3/16.
 * test/unit/liuyao/dayan.test.ts derives them by enumerating every remainder path.
 */
export const DAYAN_LINE_ODDS: Readonly<Record<LineValue, number>> = { 6: 1 / 16, 7: 5 / 16, 8: 7 / 16, 9: 3 / 16 };

/**
 * One change: hang one stalk, count both heaps off by fours, set the remainders aside.
 * Given the left remainder the right one is forced, because the heaps sum to stalks − 1.
 * Drawing the left remainder uniformly (not the heap size) is what gives the classical
 * odds exactly: first change 5 : 9 = 3 : 1, later changes 4 : 8 = 1 : 1.
 */
export function yarrowChange(stalks: number, leftRemainder: number): DayanChange {
  if (!Number.isInteger(leftRemainder) || leftRemainder < 1 || leftRemainder > 4) {
    throw new RangeError(`left remainder must be 1..4, got ${leftRemainder}`);
  }
  const rest = (stalks - 1 - leftRemainder) % 4;
  const rightRemainder = rest === 0 ? 4 : rest;
  const removed = leftRemainder + rightRemainder + 1;
  return { stalks, left_remainder: leftRemainder, right_remainder: rightRemainder, removed, count: removed <= 5 ? 3 : 2 };
}

/** The line made by three changes with the given left remainders. */
export function yarrowLine(position: number, leftRemainders: readonly [number, number, number]): DayanLineDraw {
  let stalks = DAYAN_STALKS;
  const changes = leftRemainders.map((left) => {
    const c = yarrowChange(stalks, left);
    stalks -= c.removed;
    return c;
  }) as unknown as DayanLineDraw["changes"];
  return { position, changes, remaining: stalks, value: (stalks / 4) as LineValue };
}

function drawRemainder(random: RandomInt): number {
  const r = random(4);
  if (!Number.isInteger(r) || r < 0 || r > 3) throw new RangeError(`random(4) returned ${r}`);
  return r + 1;
}

/**
 * Draws six lines, bottom first, by the yarrow-stalk method (18 draws of random(4)).
 * Call it once per cast; the provenance records every remainder.
 */
export function drawDayanLines(random: RandomInt): { lines: LineValue[]; provenance: DayanProvenance } {
  const draws = [1, 2, 3, 4, 5, 6].map((position) =>
    yarrowLine(position, [drawRemainder(random), drawRemainder(random), drawRemainder(random)]),
  );
  return { lines: draws.map((d) => d.value), provenance: { method: "dayan", model: "yarrow_remainders", lines: draws } };
}

/**
 * A RandomInt over a byte source such as `(b) => crypto.getRandomValues(b)`, unbiased by
 * rejection sampling. Pure as long as the byte source is; supports n up to 2^32.
 */
export function randomIntFromBytes(fill: (buf: Uint8Array) => unknown): RandomInt {
  return (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`n must be an integer in 1..2^32, got ${n}`);
    const range = 2 ** 32;
    // Reject the top partial block so every residue is equally likely.
    const limit = range - (range % n);
    const buf = new Uint8Array(4);
    for (;;) {
      fill(buf);
      const x = ((buf[0] << 24) >>> 0) + (buf[1] << 16) + (buf[2] << 8) + buf[3];
      if (x < limit) return x % n;
    }
  };
}
