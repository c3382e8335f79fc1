/**
 * The graded day-master strength (src/bazi/strength.ts): hand-worked charts, and the documented
 * weighting redone from lunar-typescript's own hidden stems and ten gods (not our tables) for
 * thousands of random births.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Solar } from "lunar-typescript";
import { gradedStrength, STRENGTH_RULE, strengthBand } from "../../../src/bazi/strength.ts";
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

  test("the hints' edges: 从弱 under 15 and only without a root, 专旺 from 85", () => {
    // 甲 day master; 丙 戊 庚 stems; 午 (丁 己) 酉 (辛) 午 around a 子 day branch (癸 alone, 15 × 1): exactly 15, no root.
    const fifteen = gradedStrength([2, 4, 0, 6], [6, 9, 0, 6]);
    expect([fifteen.score, fifteen.basis.de_di.roots, fifteen.hint]).toEqual([15, [], null]);
    // 午 酉 午 未: only 未's 乙, a residual root (0.1 × 10 = 1 point): far under 15, yet rooted → no 从弱.
    const rooted = gradedStrength([2, 4, 0, 6], [6, 9, 6, 7]);
    expect([rooted.score, rooted.basis.de_di.roots, rooted.hint]).toEqual([1, [{ pillar: "hour", stem: "乙", qi: "residual" }], null]);
    // 甲 乙 甲 壬 stems, 子 卯 酉 亥 branches: everything supports but the day branch (辛): 7 + 10 + 10 + 8 + 40 + 10 = 85.
    const eightyFive = gradedStrength([0, 1, 0, 8], [0, 3, 9, 11]);
    expect([eightyFive.score, eightyFive.band, eightyFive.hint]).toEqual([85, "very_strong", "专旺"]);
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

test("the rule every chart states (conventions.strength) gives the weights and bands checked above", () => {
  const weight = (label: string) => Number(STRENGTH_RULE.match(new RegExp(`${label} (\\d+)`))?.[1]);
  expect(["year branch", "month branch", "day branch", "hour branch"].map(weight)).toEqual(BRANCH_WEIGHTS);
  expect([weight("year stem"), weight("month and hour stems")]).toEqual([STEM_WEIGHTS[0], STEM_WEIGHTS[1]]);
  const [, veryWeak, weak, balancedFrom, balancedTo, strong] = STRENGTH_RULE.match(/<(\d+) very_weak, <(\d+) weak, (\d+)–(\d+) balanced, ≤(\d+) strong/)!.map(Number);
  expect([strengthBand(veryWeak! - 0.1), strengthBand(veryWeak!), strengthBand(weak! - 0.1), strengthBand(balancedFrom!), strengthBand(balancedTo!), strengthBand(strong!), strengthBand(strong! + 0.1)])
    .toEqual(["very_weak", "weak", "weak", "balanced", "balanced", "strong", "very_strong"]);
});
