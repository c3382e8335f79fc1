/**
 * Five-element balance, day-master strength and favourable elements, by ONE deliberately simple
 * rule (the healing recommender reads `favorable_elements`, so it must be predictable):
 *
 * 1. Counts: each of the four stems counts 1 for its element and each of the four branches counts
 *    1 for its main-qi (本气) element — eight characters, integer counts summing to 8.
 * 2. Strength: support = characters of the day master's own element (the day stem included) plus
 *    those of its resource element (the one that generates it); drain = the other characters.
 *    support ≥ 5 → strong, ≤ 3 → weak; at 4 : 4 the month branch decides (得令): strong if its
 *    element is the day master's own or its resource, otherwise weak.
 * 3. Favourable: a weak day master favours resource then companion (its own element); a strong one
 *    favours output, wealth, officer (the elements it generates, controls, and is controlled by).
 *    Unfavourable elements are the other group.
 */
import { elementAt, elementName, relationIndex } from "./relations.ts";
import { type SeasonalState, seasonalState } from "./seasons.ts";
import { type GradedStrength, gradedStrength } from "./strength.ts";
import { BRANCH_ELEMENT, type Element, ELEMENT_ZH, type ElementZh, STEM_ELEMENT } from "./tables.ts";

/** The rule above in one sentence, repeated in every chart's `conventions`. */
export const FIVE_ELEMENT_RULE =
  "counts: 4 stems + 4 branch main qi (本气), 1 each, total 8; support = day master's element (day stem included) + its resource element, drain = the rest; support >= 5 strong, <= 3 weak, 4:4 decided by the month branch (strong if it is the day master's element or its resource); weak favours resource then companion, strong favours output, wealth, officer; unfavourable = the other group; seasonal_state: the month branch's element 旺, the one it generates 相, the one generating it 休, the one controlling it 囚, the one it controls 死";

/** Relation indices (see relations.ts RELATIONS) favoured by a weak or strong day master. */
const WEAK_FAVORS = [4, 0]; // resource, companion
const STRONG_FAVORS = [1, 2, 3]; // output, wealth, officer

/** Five-element section of a chart. */
export interface FiveElements {
  counts: Record<Element, number>;
  /** 旺相休囚死 of each element in the birth month (seasonalState). */
  seasonal_state: Record<Element, SeasonalState>;
  day_master_strength: "strong" | "weak";
  /** The graded strength with its bases (strength.ts), beside the simple rule's strong/weak. */
  strength: GradedStrength;
  /** Characters supporting (same + resource) and draining the day master, per the rule. */
  support: number;
  drain: number;
  favorable_elements: Element[];
  /** `favorable_elements` in Chinese, same order (tables.ts ELEMENT_ZH). */
  favorable_elements_zh: ElementZh[];
  unfavorable_elements: Element[];
  /** `unfavorable_elements` in Chinese, same order. */
  unfavorable_elements_zh: ElementZh[];
}

/**
 * Apply the rule to a chart's four stems and four branches (year, month, day, hour order; the
 * day stem is `stems[2]`, the month branch `branches[1]`).
 * @example fiveElements([6, 7, 8, 0], [6, 5, 6, 4]).day_master_strength // 庚午 辛巳 壬午 甲辰 → "weak"
 */
export function fiveElements(stems: readonly number[], branches: readonly number[]): FiveElements {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    counts[STEM_ELEMENT[stems[i]]]++;
    counts[BRANCH_ELEMENT[branches[i]]]++;
  }
  const dm = STEM_ELEMENT[stems[2]];
  const support = counts[dm] + counts[elementAt(dm, 4)];
  const monthRelation = relationIndex(dm, BRANCH_ELEMENT[branches[1]]);
  const strong = support > 4 || (support === 4 && (monthRelation === 0 || monthRelation === 4));
  const favors = strong ? STRONG_FAVORS : WEAK_FAVORS;
  const avoids = strong ? WEAK_FAVORS : STRONG_FAVORS;
  const favorable = favors.map((r) => elementName(elementAt(dm, r)));
  const unfavorable = avoids.map((r) => elementName(elementAt(dm, r)));
  return {
    counts: {
      wood: counts[0],
      fire: counts[1],
      earth: counts[2],
      metal: counts[3],
      water: counts[4],
    },
    seasonal_state: seasonalState(branches[1]!),
    day_master_strength: strong ? "strong" : "weak",
    strength: gradedStrength(stems, branches),
    support,
    drain: 8 - support,
    favorable_elements: favorable,
    favorable_elements_zh: favorable.map((e) => ELEMENT_ZH[e]),
    unfavorable_elements: unfavorable,
    unfavorable_elements_zh: unfavorable.map((e) => ELEMENT_ZH[e]),
  };
}
