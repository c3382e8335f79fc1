/**
 * Two readings of a chart's frame that practitioners are asked about by name:
 *  - 格局 by the month's command (月令取格, after 《子平真诠》): the month branch is the season's ruler,
 *    so the structure is named by the ten god of what it holds;
 *  - 财库, the storehouse (墓) of the element the day master controls.
 * Pure functions of the pillars' stem and branch indices (year, month, day, hour order).
 */
import { BY_STEM } from "./shen-sha.ts";
import { GROWTH_START_BRANCH, GROWTH_STAGES, HIDDEN_STEMS, STEM_ELEMENT } from "./tables.ts";
import { tenGod } from "./relations.ts";

/** Why the structure is what it is: the month branch is the day master's 禄 or 刃, or a hidden stem shows on a stem, or none shows and the main qi stands. */
export type StructureBasis = "lu" | "blade" | "revealed" | "main_qi";

export interface MonthStructure {
  /** 正官格 … 伤官格, 建禄格, 羊刃格, 月劫格; null where the month holds only the day master's own element and nothing else shows (a 比肩 main qi that is not its 禄). */
  name: string | null;
  basis: StructureBasis;
  /** The month branch's stem the structure is taken from, and its ten god (null for 禄 and 刃, which are the branch itself). */
  stem: number | null;
  tenGod: string | null;
  /** The pillar whose stem shows it, for a revealed structure: 0 year, 1 month, 3 hour. */
  shownOn: number | null;
}

const COMPANIONS = new Set(["比肩", "劫财"]);
const SHOWING_PILLARS = [0, 1, 3] as const;

/**
 * The month-command structure: the month branch that is the day stem's 禄 makes 建禄格 and a yang
 * stem's 羊刃 makes 羊刃格, whatever else shows. Otherwise the first of its hidden stems (本气, then
 * 中气, then 余气) that shows on the year, month or hour stem and is not the day master's own element
 * (比劫 form no structure of their own) names it; if none shows, the main qi does, and a 劫财 main qi
 * is 月劫格. Special structures (从格, 化格, 专旺格) are not judged here.
 * @example monthStructure([1, 2, 2, 5], [1, 10, 6, 11]).name // "食神格" (丙 day, 戌 month, nothing of 戊辛丁 shows)
 */
export function monthStructure(stems: readonly number[], branches: readonly number[]): MonthStructure {
  const day = stems[2]!;
  const month = branches[1]!;
  if (BY_STEM["禄神"]![day]!.includes(month)) return { name: "建禄格", basis: "lu", stem: null, tenGod: null, shownOn: null };
  if (BY_STEM["羊刃"]![day]!.includes(month)) return { name: "羊刃格", basis: "blade", stem: null, tenGod: null, shownOn: null };
  const hidden = HIDDEN_STEMS[month]!;
  for (const stem of hidden) {
    const god = tenGod(day, stem);
    const shownOn = SHOWING_PILLARS.find((p) => stems[p] === stem);
    if (!COMPANIONS.has(god) && shownOn !== undefined) return { name: `${god}格`, basis: "revealed", stem, tenGod: god, shownOn };
  }
  const main = hidden[0]!;
  const god = tenGod(day, main);
  const name = god === "劫财" ? "月劫格" : god === "比肩" ? null : `${god}格`;
  return { name, basis: "main_qi", stem: main, tenGod: god, shownOn: null };
}

/**
 * The branch of an element's storehouse (墓库): the 墓 stage of its yang stem, so water 辰, wood 未,
 * fire 戌, metal 丑, and earth 戌 under this engine's growth stages (戊 with 丙; schools that put earth
 * with water say 辰).
 */
export function storehouseOf(element: number): number {
  const yangStem = element * 2;
  return (GROWTH_START_BRANCH[yangStem]! + GROWTH_STAGES.indexOf("墓")) % 12;
}

/** 财库: the storehouse of the element the day stem controls (its wealth). */
export function wealthStorehouse(dayStem: number): number {
  return storehouseOf((STEM_ELEMENT[dayStem]! + 2) % 5);
}
