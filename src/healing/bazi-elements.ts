/**
 * The BaZi component of the score (exactly 5% of the total) and the documented rule that
 * turns a chart's five-element balance into favourable and unfavourable elements.
 */
import { FIVE_ELEMENTS, type BaziElements, type FiveElement } from "./types.ts";

/** Generating cycle: each element feeds the next (wood → fire → earth → metal → water → wood). */
const GENERATES: Readonly<Record<FiveElement, FiveElement>> = { wood: "fire", fire: "earth", earth: "metal", metal: "water", water: "wood" };
/** Controlling cycle: wood → earth → water → fire → metal → wood. */
const CONTROLS: Readonly<Record<FiveElement, FiveElement>> = { wood: "earth", earth: "water", water: "fire", fire: "metal", metal: "wood" };

const keyOf = <T extends string>(map: Readonly<Record<T, T>>, value: T): T =>
  (Object.keys(map) as T[]).find((k) => map[k] === value)!;

/** Sorted into the canonical wood, fire, earth, metal, water order, unknown names dropped, no repeats. */
function canonicalElements(names: readonly string[]): FiveElement[] {
  return FIVE_ELEMENTS.filter((e) => names.includes(e));
}

/**
 * Derives the favourable and unfavourable elements from the day master's element and the
 * chart's five-element balance (any non-negative weights, e.g. counts over stems and branches).
 * Rule: support = weight of the day master's own element + the element that generates it.
 * - support > the rest (strong day master): favourable = what drains or restrains it: the
 *   element it generates (output), the one it controls (wealth) and the one controlling it
 *   (officer); unfavourable = its own element and its resource.
 * - support < the rest (weak): favourable = its own element and its resource; unfavourable =
 *   output, wealth and officer.
 * - equal (balanced): no preference either way, so every protocol scores 50.
 * @example deriveBaziElements("wood", { wood: 4, water: 2, fire: 1, earth: 1, metal: 0 })
 *   // { favorable_elements: ["fire", "earth", "metal"], unfavorable_elements: ["wood", "water"] }
 */
export function deriveBaziElements(dayMaster: FiveElement, balance: Readonly<Record<FiveElement, number>>): BaziElements {
  const resource = keyOf(GENERATES, dayMaster);
  const supporting: FiveElement[] = [dayMaster, resource];
  const draining: FiveElement[] = [GENERATES[dayMaster], CONTROLS[dayMaster], keyOf(CONTROLS, dayMaster)];
  const support = supporting.reduce((sum, e) => sum + balance[e], 0);
  const rest = draining.reduce((sum, e) => sum + balance[e], 0);
  if (support === rest) return { favorable_elements: [], unfavorable_elements: [] };
  const [favorable, unfavorable] = support > rest ? [draining, supporting] : [supporting, draining];
  return { favorable_elements: canonicalElements(favorable), unfavorable_elements: canonicalElements(unfavorable) };
}

/**
 * The element lists as the Plan records them: canonical order, only the five known names,
 * and an element listed as both favourable and unfavourable counted as favourable only.
 */
export function normalizeBaziElements(bazi: BaziElements | null | undefined): BaziElements | null {
  if (!bazi) return null;
  const favorable_elements = canonicalElements(bazi.favorable_elements);
  const unfavorable_elements = canonicalElements(bazi.unfavorable_elements).filter((e) => !favorable_elements.includes(e));
  return { favorable_elements, unfavorable_elements };
}

/** Score when there is no chart, or nothing in it speaks for or against the protocol. */
export const NEUTRAL_BAZI_SCORE = 50;

/**
 * 100 if any of the protocol's elements is favourable; 0 if it has elements and all are
 * unfavourable ("only unfavourable"); 50 otherwise, and always 50 without a chart.
 * @example baziComponent(["wood", "fire"], { favorable_elements: ["fire"], unfavorable_elements: [] }) // 100
 */
export function baziComponent(elements: readonly string[], bazi: BaziElements | null): number {
  if (bazi === null) return NEUTRAL_BAZI_SCORE;
  if (elements.some((e) => bazi.favorable_elements.includes(e))) return 100;
  if (elements.length > 0 && elements.every((e) => bazi.unfavorable_elements.includes(e))) return 0;
  return NEUTRAL_BAZI_SCORE;
}
