/** The seasonal states (旺相休囚死) of the five elements in a month. */
import { BRANCH_ELEMENT, type Element } from "./tables.ts";

/** 旺相休囚死, in that order: an element's standing in a month. */
export const SEASONAL_STATES = ["旺", "相", "休", "囚", "死"] as const;
export type SeasonalState = (typeof SEASONAL_STATES)[number];

/**
 * Each element's state in the month of `monthBranch`: the month's element (its branch's main qi:
 * 寅卯 wood, 巳午 fire, 申酉 metal, 亥子 water, 辰戌丑未 earth) is 旺, the one it generates 相, the
 * one generating it 休, the one controlling it 囚, the one it controls 死 (《渊海子平》: 春木旺火相水休金囚土死).
 */
export function seasonalState(monthBranch: number): Record<Element, SeasonalState> {
  const ruler = BRANCH_ELEMENT[monthBranch]!;
  // Steps from the ruler in the generating order: 0 itself, 1 generated, 2 controlled, 3 controller, 4 generator.
  const stateByStep: readonly SeasonalState[] = ["旺", "相", "死", "囚", "休"];
  const of = (element: number) => stateByStep[(element - ruler + 5) % 5]!;
  return { wood: of(0), fire: of(1), earth: of(2), metal: of(3), water: of(4) };
}
