/**
 * Fact sheets for every Subject kind (pure): the stored record in, the
 * confirmed facts out. The model and the local interpreter read only these.
 */
import type { Capability } from "../../db/types.ts";
import { baziFacts, type StoredChart } from "./bazi.ts";
import { liuyaoFacts, type StoredCast } from "./liuyao.ts";
import { healingFacts, type StoredPlan } from "./healing.ts";
import type { BaziFactSheet } from "./bazi.ts";
import type { LiuyaoFactSheet } from "./liuyao.ts";
import type { HealingFactSheet } from "./healing.ts";

export type FactSheet = BaziFactSheet | LiuyaoFactSheet | HealingFactSheet;
export type { BaziFactSheet, HealingFactSheet, LiuyaoFactSheet };
export { baziFacts, beijingYear, COMING_YEARS, comingYearPillars, frameOf, type ChartFrame, pillarsText, starBranchNames, PILLAR_NAMES, type BaziFacts, type PillarName, monthPillarsOf, yearPillarsAround, yearPillarsBetween, yearPillarsLine } from "./bazi.ts";
export { hexagramsText, lineText, liuyaoFacts, type LiuyaoFacts, type LineFacts } from "./liuyao.ts";
export { healingFacts, safetyStateText, type HealingFacts, type ProtocolFacts } from "./healing.ts";

/**
 * The fact sheet of a stored Subject of the given capability.
 * @example factSheet("liuyao", "lyc_x", JSON.parse(stored)).headline // the cast question
 */
export function factSheet(capability: Capability, subjectId: string, record: unknown): FactSheet {
  switch (capability) {
    case "bazi":
      return baziFacts(subjectId, record as StoredChart);
    case "liuyao":
      return liuyaoFacts(subjectId, record as StoredCast);
    case "healing":
      return healingFacts(subjectId, record as StoredPlan);
  }
}

/** The whole sheet as the text block a prompt carries. */
export const factSheetText = (sheet: FactSheet) => sheet.lines.join("\n");
