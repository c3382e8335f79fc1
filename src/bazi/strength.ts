/**
 * A graded day-master strength (日主强弱) with its three classical bases — 得令 (the month), 得地
 * (roots in the branches) and 得势 (support among the stems) — beside the simple strong/weak rule
 * of five-elements.ts, which stays as it is because the healing recommender reads it.
 *
 * The score is one school's weighting, written out so a reader can redo it by hand:
 * - the seven characters other than the day stem carry fixed weights summing to 100 — month
 *   branch 40 (月令 counts most), day branch 15, hour branch 10, year branch 8, month stem 10, hour
 *   stem 10, year stem 7;
 * - a branch's weight is shared among its hidden stems (藏干): 本气 alone 1; with a 中气 0.7 / 0.3;
 *   with a 中气 and a 余气 0.6 / 0.3 / 0.1;
 * - a stem or hidden stem supports the day master when its element is the day master's own (比劫)
 *   or its resource (印); the score is the supporting weight, 0–100, rounded to one decimal.
 * Bands: under 25 very weak, 25 to under 45 weak, 45–55 balanced (中和), over 55 to 75 strong, over
 * 75 very strong. 从弱 is hinted at under 15 with no root at all, 专旺 at 85 and over: hints only,
 * because a following pattern (从格) also depends on what the chart follows.
 */
import { PILLAR_NAMES, type PillarName } from "./interactions.ts";
import { relationIndex } from "./relations.ts";
import { type SeasonalState, seasonalState } from "./seasons.ts";
import { ELEMENTS, HIDDEN_STEMS, STEM_ELEMENT, STEMS } from "./tables.ts";

export const STRENGTH_BANDS = ["very_weak", "weak", "balanced", "strong", "very_strong"] as const;
export type StrengthBand = (typeof STRENGTH_BANDS)[number];
export const QI_RANKS = ["main", "middle", "residual"] as const;
export type QiRank = (typeof QI_RANKS)[number];

/** The weighting above in one sentence, repeated in every chart's `conventions`. */
export const STRENGTH_RULE =
  "weights of the 7 other characters: month branch 40, day branch 15, hour branch 10, year branch 8, month and hour stems 10, year stem 7, a branch's shared by its hidden stems (1; .7/.3; .6/.3/.1); score = weight of those of the day master's element or its resource; bands <25 very_weak, <45 weak, 45–55 balanced, ≤75 strong, else very_strong; 得令: 旺 or 相 in the month; 得地: a root outside the month branch; 得势: two supporting stems; hints 从弱 under 15 without roots, 专旺 from 85";

/** Weights of the seven other characters (stems and branches), by pillar; the day stem has none. */
const STEM_WEIGHT: Record<PillarName, number> = { year: 7, month: 10, day: 0, hour: 10 };
const BRANCH_WEIGHT: Record<PillarName, number> = { year: 8, month: 40, day: 15, hour: 10 };
/** How a branch's weight is shared by its hidden stems, by how many it has. */
const QI_SHARES: readonly (readonly number[])[] = [[], [1], [0.7, 0.3], [0.6, 0.3, 0.1]];

/** A hidden stem of the day master's own element: a root (根). */
export interface Root {
  pillar: PillarName;
  stem: string;
  qi: QiRank;
}

export interface GradedStrength {
  score: number;
  band: StrengthBand;
  basis: {
    de_ling: { held: boolean; month_state: SeasonalState };
    de_di: { held: boolean; roots: Root[] };
    de_shi: { held: boolean; supporting_stems: PillarName[] };
  };
  hint: "从弱" | "专旺" | null;
}

/** The band of a score (the thresholds above). */
export function strengthBand(score: number): StrengthBand {
  if (score < 25) return "very_weak";
  if (score < 45) return "weak";
  if (score <= 55) return "balanced";
  if (score <= 75) return "strong";
  return "very_strong";
}

/**
 * Grade the day master of the four stems and branches (year, month, day, hour; day stem `stems[2]`).
 * @example gradedStrength([0, 2, 0, 0], [2, 2, 2, 2]).band // 甲 day master, four 寅 → "very_strong"
 */
export function gradedStrength(stems: readonly number[], branches: readonly number[]): GradedStrength {
  const dayElement = STEM_ELEMENT[stems[2]!]!;
  const supports = (stem: number) => {
    const r = relationIndex(dayElement, STEM_ELEMENT[stem]!);
    return r === 0 || r === 4;
  };
  let score = 0;
  const roots: Root[] = [];
  const supportingStems: PillarName[] = [];
  PILLAR_NAMES.forEach((pillar, i) => {
    if (pillar !== "day" && supports(stems[i]!)) {
      score += STEM_WEIGHT[pillar];
      supportingStems.push(pillar);
    }
    const hidden = HIDDEN_STEMS[branches[i]!]!;
    const shares = QI_SHARES[hidden.length]!;
    hidden.forEach((stem, rank) => {
      if (supports(stem)) score += BRANCH_WEIGHT[pillar] * shares[rank]!;
      if (STEM_ELEMENT[stem] === dayElement) roots.push({ pillar, stem: STEMS[stem]!, qi: QI_RANKS[rank]! });
    });
  });
  score = Math.round(score * 10) / 10;
  const monthState = seasonalState(branches[1]!)[ELEMENTS[dayElement]!];
  return {
    score,
    band: strengthBand(score),
    basis: {
      de_ling: { held: monthState === "旺" || monthState === "相", month_state: monthState },
      de_di: { held: roots.some((r) => r.pillar !== "month"), roots },
      de_shi: { held: supportingStems.length >= 2, supporting_stems: supportingStems },
    },
    hint: score < 15 && roots.length === 0 ? "从弱" : score >= 85 ? "专旺" : null,
  };
}
