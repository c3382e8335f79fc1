import { describe, expect, test } from "bun:test";
import {
  DAYAN_LINE_ODDS,
  drawDayanLines,
  randomIntFromBytes,
  yarrowChange,
  yarrowLine,
  type RandomInt,
} from "../../../src/liuyao/dayan.ts";

/** A RandomInt replaying fixed values, recording each n it was asked for. */
function replay(values: number[]): RandomInt & { asked: number[] } {
  let i = 0;
  const asked: number[] = [];
  const f = ((n: number) => {
    asked.push(n);
    return values[i++ % values.length];
  }) as RandomInt & { asked: number[] };
  f.asked = asked;
  return f;
}

describe("yarrow-stalk odds, exactly", () => {
  test("enumerating all 4³ equally likely remainder paths gives P(6,7,8,9) = 1/16, 5/16, 7/16, 3/16", () => {
    const counts: Record<number, number> = { 6: 0, 7: 0, 8: 0, 9: 0 };
    for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) for (let c = 1; c <= 4; c++) {
      const line = yarrowLine(1, [a, b, c]);
      counts[line.value]++;
      // The classical checks: remaining stalks are 4 × value, and the counts 3/2 sum to the value.
      expect(line.remaining).toBe(4 * line.value);
      expect(line.changes.reduce((s, ch) => s + ch.count, 0)).toBe(line.value);
    }
    expect(counts).toEqual({ 6: 4, 7: 20, 8: 28, 9: 12 }); // out of 64
    expect(DAYAN_LINE_ODDS).toEqual({ 6: 1 / 16, 7: 5 / 16, 8: 7 / 16, 9: 3 / 16 });
    for (const v of [6, 7, 8, 9] as const) expect(counts[v] / 64).toBe(DAYAN_LINE_ODDS[v]);
  });

  test("first change removes 5 or 9 at odds 3:1; later changes 4 or 8 at 1:1 from every reachable count", () => {
    const removed = (stalks: number) => [1, 2, 3, 4].map((l) => yarrowChange(stalks, l).removed).sort();
    expect(removed(49)).toEqual([5, 5, 5, 9]);
    for (const s of [44, 40, 36, 32]) expect(removed(s)).toEqual([4, 4, 8, 8]);
    expect(yarrowChange(49, 2)).toEqual({ stalks: 49, left_remainder: 2, right_remainder: 2, removed: 5, count: 3 });
  });

  test("remainders outside 1..4 are refused", () => {
    expect(() => yarrowChange(49, 0)).toThrow();
    expect(() => yarrowChange(49, 5)).toThrow();
    expect(() => yarrowChange(49, 1.5)).toThrow();
  });
});

describe("drawDayanLines", () => {
  test("uses exactly 18 draws of random(4); all-lowest remainders give six 9s, all-highest six 6s", () => {
    const low = replay([0]);
    expect(drawDayanLines(low).lines).toEqual([9, 9, 9, 9, 9, 9]);
    expect(low.asked).toEqual(Array(18).fill(4));
    expect(drawDayanLines(replay([3])).lines).toEqual([6, 6, 6, 6, 6, 6]);
  });

  test("records the provenance of every line, bottom first", () => {
    // Line 1: remainders 1,3,3 → removes 5, 8, 8 → 28 left → 7; line 2: 1,1,1 → 9; the replay cycles.
    const { lines, provenance } = drawDayanLines(replay([0, 2, 2, 0, 0, 0]));
    expect(lines).toEqual([7, 9, 7, 9, 7, 9]);
    expect(provenance.method).toBe("dayan");
    expect(provenance.lines[0]).toEqual({
      position: 1,
      changes: [
        { stalks: 49, left_remainder: 1, right_remainder: 3, removed: 5, count: 3 },
        { stalks: 44, left_remainder: 3, right_remainder: 4, removed: 8, count: 2 },
        { stalks: 36, left_remainder: 3, right_remainder: 4, removed: 8, count: 2 },
      ],
      remaining: 28,
      value: 7,
    });
    expect(provenance.lines.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test("a random source answering out of range is an error, not a skewed line", () => {
    expect(() => drawDayanLines(replay([4]))).toThrow();
    expect(() => drawDayanLines(replay([-1]))).toThrow();
    expect(() => drawDayanLines(replay([0.5]))).toThrow();
  });

  test("a fraction too small to change r + 1 is still refused (1e-17 + 1 rounds to the remainder 1)", () => {
    expect(() => drawDayanLines(replay([1e-17]))).toThrow();
  });

  test("names its model: yarrow_remainders", () => {
    expect(drawDayanLines(replay([0])).provenance.model).toBe("yarrow_remainders");
  });

  test("chi-square: 6,000 lines from crypto.getRandomValues fit 1/16, 5/16, 7/16, 3/16 (df 3, reject > 21.108)", () => {
    const random = randomIntFromBytes((b) => crypto.getRandomValues(b));
    const observed: Record<number, number> = { 6: 0, 7: 0, 8: 0, 9: 0 };
    for (let i = 0; i < 1000; i++) for (const v of drawDayanLines(random).lines) observed[v]++;
    const chi2 = ([6, 7, 8, 9] as const).reduce((s, v) => {
      const e = 6000 * DAYAN_LINE_ODDS[v];
      return s + (observed[v] - e) ** 2 / e;
    }, 0);
    expect(chi2).toBeLessThan(21.108);
  });
});

describe("randomIntFromBytes", () => {
  /** A byte source replaying fixed 4-byte words. */
  const words = (...ws: number[]) => {
    let i = 0;
    return (b: Uint8Array) => {
      const w = ws[i++ % ws.length];
      b.set([w >>> 24, (w >>> 16) & 255, (w >>> 8) & 255, w & 255]);
    };
  };

  test("maps a word to word mod n", () => {
    expect(randomIntFromBytes(words(7))(4)).toBe(3);
    expect(randomIntFromBytes(words(0xffffffff))(4)).toBe(3);
  });

  test("rejects words in the top partial block, so every residue is equally likely", () => {
    // For n = 3, 2^32 mod 3 = 1: the word 0xffffffff is the one partial block and must be redrawn.
    expect(randomIntFromBytes(words(0xffffffff, 5))(3)).toBe(2);
  });

  test("refuses a bad n", () => {
    expect(() => randomIntFromBytes(words(1))(0)).toThrow();
    expect(() => randomIntFromBytes(words(1))(2.5)).toThrow();
  });

  test("n runs from 1 (always 0) to 2^32 (the word itself)", () => {
    expect(randomIntFromBytes(words(0xdeadbeef))(1)).toBe(0);
    expect(randomIntFromBytes(words(0xdeadbeef))(2 ** 32)).toBe(0xdeadbeef);
  });

  test("refuses n above 2^32 before drawing a byte (no word could be accepted)", () => {
    let fills = 0;
    const counting = (b: Uint8Array) => {
      // Bounds the loop should the check be missing: every word would be rejected forever.
      if (++fills > 10) throw new Error("kept drawing");
      b.fill(0);
    };
    expect(() => randomIntFromBytes(counting)(2 ** 32 + 1)).toThrow(RangeError);
    expect(fills).toBe(0);
  });
});
