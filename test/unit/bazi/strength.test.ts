/**
 * The graded day-master strength (src/bazi/strength.ts): hand-worked charts, and the documented
 * weighting redone from lunar-typescript's own hidden stems and ten gods (not our tables) for
 * thousands of random births.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Solar } from "lunar-typescript";
import { gradedStrength, strengthBand } from "../../../src/bazi/strength.ts";
import { chartOf } from "./chart-helpers.ts";

describe("hand-worked", () => {
  test("甲寅 癸卯 甲寅 甲子: wood and water everywhere → very strong, 专旺 hint", () => {
    // stems 甲 7 + 癸 10 + 甲 10; 寅's 甲 0.6 × 8 and 0.6 × 15, 卯 (乙) 40, 子 (癸) 10 → 27 + 4.8 + 40 + 9 + 10.
    const s = gradedStrength([0, 9, 0, 0], [2, 3, 2, 0]);
    expect(s.score).toBe(90.8);
    expect(s.band).toBe("very_strong");
    expect(s.hint).toBe("专旺");
    expect(s.basis.de_ling).toEqual({ held: true, month_state: "旺" });
    expect(s.basis.de_di).toEqual({ held: true, roots: [{ pillar: "year", stem: "甲", qi: "main" }, { pillar: "month", stem: "乙", qi: "main" }, { pillar: "day", stem: "甲", qi: "main" }] });
    expect(s.basis.de_shi).toEqual({ held: true, supporting_stems: ["year", "month", "hour"] });
  });

  test("four 寅 with a 丙 month stem is only strong: 寅's 丙 and 戊 (0.4 of each) drain a 甲 day master", () => {
    const s = gradedStrength([0, 2, 0, 0], [2, 2, 2, 2]);
    expect(s.score).toBe(60.8); // 甲 stems 7 + 10, 甲 main qi 0.6 × (8 + 40 + 15 + 10) = 43.8
    expect(s.band).toBe("strong");
    expect(s.hint).toBeNull();
  });

  test("甲 day master in a metal chart: 庚申 辛酉 甲申 庚午 → very weak, 从弱 hint (no root anywhere)", () => {
    // Only 申's 中气 壬 (water, resource) supports: 0.3 × 8 + 0.3 × 15 = 6.9.
    const s = gradedStrength([6, 7, 0, 6], [8, 9, 8, 6]);
    expect(s.score).toBe(6.9);
    expect(s.band).toBe("very_weak");
    expect(s.hint).toBe("从弱");
    expect(s.basis.de_ling).toEqual({ held: false, month_state: "死" });
    expect(s.basis.de_di).toEqual({ held: false, roots: [] });
    expect(s.basis.de_shi).toEqual({ held: false, supporting_stems: [] });
  });

  test("a root only in the month branch is 得令, not 得地: 丙 day in 寅 month (甲 resource, 丙 中气 root)", () => {
    // 壬寅 壬寅 丙子 戊子: 寅 甲 0.6 and 丙 0.3 support (×8 year, ×40 month): 7.2 + 36 = 43.2; 壬 and 子 (癸) are officers, 戊 output.
    const s = gradedStrength([8, 8, 2, 4], [2, 2, 0, 0]);
    expect(s.score).toBe(43.2);
    expect(s.band).toBe("weak");
    expect(s.basis.de_ling).toEqual({ held: true, month_state: "相" });
    expect(s.basis.de_di).toEqual({ held: true, roots: [{ pillar: "year", stem: "丙", qi: "middle" }, { pillar: "month", stem: "丙", qi: "middle" }] });
    const onlyMonth = gradedStrength([4, 8, 2, 4], [0, 2, 0, 0]);
    expect(onlyMonth.basis.de_di).toEqual({ held: false, roots: [{ pillar: "month", stem: "丙", qi: "middle" }] });
  });

  test("the bands' edges: 45 and 55 are balanced, 25 weak, 75 strong", () => {
    const bands = [[0, "very_weak"], [24.9, "very_weak"], [25, "weak"], [44.9, "weak"], [45, "balanced"], [55, "balanced"], [55.1, "strong"], [75, "strong"], [75.1, "very_strong"], [100, "very_strong"]] as const;
    for (const [score, band] of bands) expect([score, strengthBand(score)]).toEqual([score, band]);
  });
});

const SUPPORTING_GODS = new Set(["比肩", "劫财", "正印", "偏印"]);
const STEM_WEIGHTS = [7, 10, 0, 10];
const BRANCH_WEIGHTS = [8, 40, 15, 10];
const SHARES = [[], [1], [0.7, 0.3], [0.6, 0.3, 0.1]];

/** The documented rule computed from lunar-typescript's EightChar: ten gods of stems and hidden stems. */
function library(year: number, month: number, day: number, hour: number, minute: number) {
  const ec = Solar.fromYmdHms(year, month, day, hour, minute, 0).getLunar().getEightChar();
  const stemGods = [ec.getYearShiShenGan(), ec.getMonthShiShenGan(), "日主", ec.getTimeShiShenGan()];
  const hidden = [ec.getYearShiShenZhi(), ec.getMonthShiShenZhi(), ec.getDayShiShenZhi(), ec.getTimeShiShenZhi()];
  let score = 0;
  stemGods.forEach((g, i) => {
    if (SUPPORTING_GODS.has(g)) score += STEM_WEIGHTS[i]!;
  });
  hidden.forEach((gods, i) =>
    gods.forEach((g, rank) => {
      if (SUPPORTING_GODS.has(g)) score += BRANCH_WEIGHTS[i]! * SHARES[gods.length]![rank]!;
    }),
  );
  const roots = hidden.flatMap((gods, i) => gods.flatMap((g, rank) => (g === "比肩" || g === "劫财" ? [`${i}:${rank}`] : [])));
  return {
    score: Math.round(score * 10) / 10,
    de_ling: SUPPORTING_GODS.has(hidden[1]![0]!), // the month's main qi is the day master's element or its resource
    roots,
    supporting_stems: [0, 1, 3].filter((i) => SUPPORTING_GODS.has(stemGods[i]!)).length,
  };
}

test("agreement with the rule redone from lunar-typescript's hidden stems and ten gods (2,000 random births, fixed seed)", () => {
  const pillarIndex = { year: 0, month: 1, day: 2, hour: 3 } as const;
  const rankIndex = { main: 0, middle: 1, residual: 2 } as const;
  fc.assert(
    fc.property(
      fc.record({ year: fc.integer({ min: 1901, max: 2099 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 22 }), minute: fc.integer({ min: 0, max: 59 }) }),
      (b) => {
        const s = chartOf({ ...b, gender: "女" }).five_elements.strength;
        const lib = library(b.year, b.month, b.day, b.hour, b.minute);
        expect({ b, score: s.score, de_ling: s.basis.de_ling.held, roots: s.basis.de_di.roots.map((r) => `${pillarIndex[r.pillar]}:${rankIndex[r.qi]}`), stems: s.basis.de_shi.supporting_stems.length }).toEqual({
          b, score: lib.score, de_ling: lib.de_ling, roots: lib.roots, stems: lib.supporting_stems,
        });
      },
    ),
    { numRuns: 2000, seed: 20261125 },
  );
});
