/**
 * The five-element rule on hand-built pillars (see src/bazi/five-elements.ts for the rule).
 * Stem/branch indices: 甲0 乙1 丙2 丁3 戊4 己5 庚6 辛7 壬8 癸9; 子0 丑1 寅2 卯3 辰4 巳5 午6 未7 申8 酉9 戌10 亥11.
 */
import { describe, expect, test } from "bun:test";
import { fiveElements } from "../../../src/bazi/five-elements.ts";

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

  test("counts always total 8 and support + drain = 8", () => {
    for (let s = 0; s < 10; s++) {
      const f = fiveElements([s, (s + 3) % 10, s, (s + 7) % 10], [s % 12, (s + 5) % 12, (s + 2) % 12, 11]);
      expect(Object.values(f.counts).reduce((x, y) => x + y, 0)).toBe(8);
      expect(f.support + f.drain).toBe(8);
      expect(new Set([...f.favorable_elements, ...f.unfavorable_elements]).size).toBe(5);
    }
  });
});
