/**
 * The documented rule from a chart's five-element balance to favourable elements:
 * a strong day master favours what drains or restrains it, a weak one what supports it.
 */
import { describe, expect, test } from "bun:test";
import { deriveBaziElements, normalizeBaziElements } from "../../../src/healing/bazi-elements.ts";

describe("deriveBaziElements", () => {
  test("strong wood day master (wood + water outweigh the rest): favour fire, earth, metal", () => {
    expect(deriveBaziElements("wood", { wood: 4, water: 2, fire: 1, earth: 1, metal: 0 })).toEqual({
      favorable_elements: ["fire", "earth", "metal"], unfavorable_elements: ["wood", "water"],
    });
  });

  test("weak fire day master: favour fire and its resource wood", () => {
    expect(deriveBaziElements("fire", { fire: 1, wood: 1, earth: 2, metal: 2, water: 2 })).toEqual({
      favorable_elements: ["wood", "fire"], unfavorable_elements: ["earth", "metal", "water"],
    });
  });

  test("balanced: no preference either way", () => {
    expect(deriveBaziElements("metal", { metal: 2, earth: 2, water: 2, wood: 1, fire: 1 })).toEqual({ favorable_elements: [], unfavorable_elements: [] });
  });

  test("every day master splits the five elements into 2 supporting and 3 draining", () => {
    for (const dm of ["wood", "fire", "earth", "metal", "water"] as const) {
      const r = deriveBaziElements(dm, { wood: 0, fire: 0, earth: 0, metal: 0, water: 0, [dm]: 8 });
      expect(r.unfavorable_elements).toContain(dm);
      expect(r.unfavorable_elements).toHaveLength(2);
      expect(r.favorable_elements).toHaveLength(3);
      expect([...r.favorable_elements, ...r.unfavorable_elements].sort()).toEqual(["earth", "fire", "metal", "water", "wood"]);
    }
  });
});

describe("normalizeBaziElements", () => {
  test("null stays null; lists become canonical, known names only, favourable wins a clash", () => {
    expect(normalizeBaziElements(null)).toBeNull();
    expect(normalizeBaziElements(undefined)).toBeNull();
    expect(normalizeBaziElements({ favorable_elements: ["water", "Wood", "fire", "water"], unfavorable_elements: ["fire", "earth"] })).toEqual({
      favorable_elements: ["fire", "water"], unfavorable_elements: ["earth"],
    });
  });
});
