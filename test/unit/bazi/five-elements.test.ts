/**
 * The five-element rule on hand-built pillars (see src/bazi/five-elements.ts for the rule).
 * Stem/branch indices: 甲0 乙1 丙2 丁3 戊4 己5 庚6 辛7 壬8 癸9; 子0 丑1 寅2 卯3 辰4 巳5 午6 未7 申8 酉9 戌10 亥11.
 */
import { describe, expect, test } from "bun:test";
import { fiveElements } from "../../../src/bazi/five-elements.ts";
import { seasonalState } from "../../../src/bazi/seasons.ts";
import { BRANCHES } from "../../../src/bazi/tables.ts";

describe("five elements", () => {
  test("strong: 丙寅 甲午 丙午 甲午 — fire day master with wood (resource) and fire all round", () => {
    // Stems 丙 fire, 甲 wood, 丙 fire, 甲 wood; branches 寅 wood, 午 fire ×3 → fire 5, wood 3: support 8.
    const f = fiveElements([2, 0, 2, 0], [2, 6, 6, 6]);
    expect(f.counts).toEqual({ wood: 3, fire: 5, earth: 0, metal: 0, water: 0 });
    expect([f.day_master_strength, f.support, f.drain]).toEqual(["strong", 8, 0]);
    // Output earth, wealth metal, officer water.
    expect(f.favorable_elements).toEqual(["earth", "metal", "water"]);
    expect(f.unfavorable_elements).toEqual(["wood", "fire"]);
  });

  test("4 : 4 ties are decided by the month branch (得令)", () => {
    // 庚午 甲寅 甲午 庚子: metal 2 (庚 庚), wood 3 (甲 甲 寅), fire 2 (午 午), water 1 (子).
    // Wood day master: support wood 3 + water 1 = 4, drain 4; month 寅 is wood (own element) → strong.
    const f = fiveElements([6, 0, 0, 6], [6, 2, 6, 0]);
    expect(f.counts).toEqual({ wood: 3, fire: 2, earth: 0, metal: 2, water: 1 });
    expect([f.support, f.drain, f.day_master_strength]).toEqual([4, 4, "strong"]);
    expect(f.favorable_elements).toEqual(["fire", "earth", "metal"]);
    // 庚午 甲申 甲子 庚寅: wood 3 (甲 甲 寅), water 1 (子), metal 3 (庚 庚 申), fire 1 (午): 4 : 4,
    // month 申 is metal (officer) → weak.
    const g = fiveElements([6, 0, 0, 6], [6, 8, 0, 2]);
    expect(g.counts).toEqual({ wood: 3, fire: 1, earth: 0, metal: 3, water: 1 });
    expect([g.support, g.drain, g.day_master_strength]).toEqual([4, 4, "weak"]);
    expect(g.favorable_elements).toEqual(["water", "wood"]);
    expect(g.unfavorable_elements).toEqual(["fire", "earth", "metal"]);
  });

  test("a month of the resource decides a 4 : 4 tie too; under 4 the month does not help", () => {
    // 壬申 庚子 甲寅 庚申: wood 2 (甲 寅), water 2 (壬 子), metal 4 (庚 庚 申 申): 4 : 4, month 子 water (resource) → strong.
    const resourceMonth = fiveElements([8, 6, 0, 6], [8, 0, 2, 8]);
    expect([resourceMonth.support, resourceMonth.drain, resourceMonth.day_master_strength]).toEqual([4, 4, "strong"]);
    // 庚申 庚寅 甲子 庚申: wood 2 (甲 寅) + water 1 (子) = 3 against 5, in a 寅 (wood) month → still weak.
    const three = fiveElements([6, 6, 0, 6], [8, 2, 0, 8]);
    expect([three.support, three.drain, three.day_master_strength]).toEqual([3, 5, "weak"]);
  });

  test("counts always total 8 and support + drain = 8", () => {
    for (let s = 0; s < 10; s++) {
      const f = fiveElements([s, (s + 3) % 10, s, (s + 7) % 10], [s % 12, (s + 5) % 12, (s + 2) % 12, 11]);
      expect(Object.values(f.counts).reduce((x, y) => x + y, 0)).toBe(8);
      expect(f.support + f.drain).toBe(8);
      expect(new Set([...f.favorable_elements, ...f.unfavorable_elements]).size).toBe(5);
    }
  });
});

describe("seasonal states (旺相休囚死)", () => {
  // 《渊海子平》, written out: 春木旺火相水休金囚土死, 夏火旺土相木休水囚金死, 秋金旺水相土休火囚木死,
  // 冬水旺木相金休土囚火死, 四季土旺金相火休木囚水死.
  const CLASSICAL: Record<string, string> = {
    寅卯: "木旺火相水休金囚土死",
    巳午: "火旺土相木休水囚金死",
    申酉: "金旺水相土休火囚木死",
    亥子: "水旺木相金休土囚火死",
    辰戌丑未: "土旺金相火休木囚水死",
  };
  const ELEMENT_OF: Record<string, string> = { 木: "wood", 火: "fire", 土: "earth", 金: "metal", 水: "water" };
  test.each(Object.entries(CLASSICAL).flatMap(([months, text]) => [...months].map((m) => [m, text] as const)))("a %s month: %s", (month, text) => {
    const expected = Object.fromEntries([...text.matchAll(/(.)(.)/g)].map(([, element, state]) => [ELEMENT_OF[element!]!, state]));
    expect(seasonalState(BRANCHES.indexOf(month as never)) as Record<string, string>).toEqual(expected);
  });
});
