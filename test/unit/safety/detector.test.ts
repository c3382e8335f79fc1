import { describe, expect, test } from "bun:test";
import { detectCrisis, type CrisisCategory } from "../../../src/responses/crisis.ts";
import cases from "./crisis-cases.json";
import { formatTally, tally } from "./metrics.ts";

type Row = [text: string, expected: CrisisCategory[]];
const tune = cases.tune as Row[];
const heldout = cases.heldout as Row[];
const all = [...tune, ...heldout];
const positives = all.filter(([, e]) => e.length > 0).map(([t]) => t);

const score = (rows: Row[]) =>
  tally(rows.map(([text, expected]) => ({ predicted: detectCrisis(text).crisis, expected: expected.length > 0 })));

describe("labelled crisis set", () => {
  test("has at least 80 items in both languages", () => {
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.some(([t]) => /\p{Script=Han}/u.test(t))).toBe(true);
    expect(all.some(([t]) => /^[\x00-\x7f]+$/.test(t))).toBe(true);
  });

  test("recall is 1.0 and precision ≥ 0.9 (a miss is worse than a false alarm)", () => {
    for (const [label, rows] of [["tune", tune], ["heldout", heldout], ["all", all]] as const) {
      const t = score(rows);
      console.log(formatTally(`crisis/${label}`, t));
      expect(t.recall).toBe(1);
      expect(t.precision).toBeGreaterThanOrEqual(0.9);
    }
  });

  test("reports the expected categories", () => {
    const wrong = all.filter(([text, expected]) => !expected.every((c) => detectCrisis(text).categories.includes(c)));
    expect(wrong).toEqual([]);
  });
});

describe("robustness of every positive in the set", () => {
  const variants: [string, (t: string) => string][] = [
    ["upper case", (t) => t.toUpperCase()],
    ["spaces between Han characters", (t) => t.replace(/(\p{Script=Han})/gu, "$1 ")],
    ["punctuation between words", (t) => t.replace(/ /g, " ... ")],
    ["full-width letters", (t) => t.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
  ];
  test.each(variants)("%s", (_name, transform) => {
    const missed = positives.filter((t) => !detectCrisis(transform(t)).crisis);
    expect(missed).toEqual([]);
  });

  test("traditional script", () => {
    for (const t of ["我想自殺", "活著沒有意義", "我想殺了他", "想結束自己的生命", "我又自殘了", "同歸於盡", "我想跳樓"]) {
      expect(detectCrisis(t).crisis).toBe(true);
    }
  });
});

describe("detectCrisis", () => {
  test("stable, de-duplicated category order", () => {
    expect(detectCrisis("I want to kill myself and slit my wrists")).toEqual({
      crisis: true,
      categories: ["self_harm", "suicide"],
    });
    expect(detectCrisis("我们一起去死吧").categories).toEqual(["suicide", "harm_others"]);
  });

  test("ordinary text is not a crisis", () => {
    expect(detectCrisis("")).toEqual({ crisis: false, categories: [] });
    expect(detectCrisis("What does the moving line mean?").crisis).toBe(false);
    expect(detectCrisis("我不想伤害他的感情").crisis).toBe(false);
    expect(detectCrisis("I would never hurt her").crisis).toBe(false);
  });
});
