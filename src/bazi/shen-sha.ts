/**
 * 神煞: the core set practitioners look for first, as typed tables (《三命通会》, 《渊海子平》), and
 * where a chart's pillars carry them. Schools differ on what a star is looked up from; the basis
 * used is stated on every entry and in the chart's `conventions.shen_sha`:
 *  - by the day stem, and again by the year stem: 天乙贵人 (甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，
 *    壬癸兔蛇藏，六辛逢马虎), 文昌, 禄神, 羊刃 (yang stems only: the yin stems' 刃 is disputed);
 *  - by the year branch, and again by the day branch: 驿马, 桃花 (咸池), 华盖, 将星 (from the
 *    three-combination the branch belongs to), never on the pillar looked up from;
 *  - by the year branch alone: 红鸾, 天喜, 孤辰, 寡宿;
 *  - 空亡: the pillars whose branch is in the day pillar's 旬空 (the day pillar itself excepted).
 * Tests re-derive the tables from the verses and rules they encode.
 */
import { PILLAR_NAMES, type PillarName } from "./interactions.ts";
import { voidBranches } from "./relations.ts";

export type ShenShaBasis = "day_stem" | "year_stem" | "year_branch" | "day_branch" | "day_pillar";

export interface ShenSha {
  name: string;
  /** The pillar whose branch carries the star. */
  pillar: PillarName;
  /** What the star was looked up from. */
  basis: ShenShaBasis;
}

/** By stem (index 0 = 甲): the branches carrying each stem-based star. */
export const BY_STEM: Readonly<Record<string, readonly (readonly number[])[]>> = {
  天乙贵人: [[1, 7], [0, 8], [11, 9], [11, 9], [1, 7], [0, 8], [1, 7], [2, 6], [3, 5], [3, 5]],
  文昌: [[5], [6], [8], [9], [8], [9], [11], [0], [2], [3]],
  禄神: [[2], [3], [5], [6], [5], [6], [8], [9], [11], [0]],
  羊刃: [[3], [], [6], [], [6], [], [9], [], [0], []],
};

/** By the three-combination a branch belongs to (水 申子辰, 木 亥卯未, 火 寅午戌, 金 巳酉丑): the branch carrying each star. */
export const BY_COMBINATION: Readonly<Record<string, Readonly<Record<"water" | "wood" | "fire" | "metal", number>>>> = {
  驿马: { water: 2, wood: 5, fire: 8, metal: 11 },
  桃花: { water: 9, wood: 0, fire: 3, metal: 6 },
  华盖: { water: 4, wood: 7, fire: 10, metal: 1 },
  将星: { water: 0, wood: 3, fire: 6, metal: 9 },
};

/** The three-combination of each branch (index 0 = 子). */
const COMBINATION_OF = ["water", "metal", "fire", "wood", "water", "metal", "fire", "wood", "water", "metal", "fire", "wood"] as const;

/** By year branch: 红鸾 counts back from 卯, 天喜 is opposite it; 孤辰 and 寡宿 by the year's season (亥子丑 → 寅 and 戌, …). */
export const BY_YEAR_BRANCH: Readonly<Record<string, readonly number[]>> = {
  红鸾: Array.from({ length: 12 }, (_, b) => (15 - b) % 12),
  天喜: Array.from({ length: 12 }, (_, b) => (21 - b) % 12),
  孤辰: [2, 2, 5, 5, 5, 8, 8, 8, 11, 11, 11, 2],
  寡宿: [10, 10, 1, 1, 1, 4, 4, 4, 7, 7, 7, 10],
};

/** Every star a chart can carry, as the tables above and 空亡 name them. */
export const SHEN_SHA_NAMES: readonly string[] = [...Object.keys(BY_STEM), ...Object.keys(BY_COMBINATION), ...Object.keys(BY_YEAR_BRANCH), "空亡"];

/**
 * The branches that carry star `name` for these pillars (stems and branches in year, month, day,
 * hour order), by each basis it is looked up from; none for 空亡, which is the day pillar's void.
 * A year or a luck pillar whose branch is one of them brings the star in.
 */
export function starBranches(name: string, stems: readonly number[], branches: readonly number[]): { basis: ShenShaBasis; targets: readonly number[] }[] {
  const byStem = BY_STEM[name];
  if (byStem) return [{ basis: "day_stem", targets: byStem[stems[2]!]! }, { basis: "year_stem", targets: byStem[stems[0]!]! }];
  const byCombination = BY_COMBINATION[name];
  if (byCombination) {
    return [
      { basis: "year_branch", targets: [byCombination[COMBINATION_OF[branches[0]!]!]] },
      { basis: "day_branch", targets: [byCombination[COMBINATION_OF[branches[2]!]!]] },
    ];
  }
  const byYearBranch = BY_YEAR_BRANCH[name];
  return byYearBranch ? [{ basis: "year_branch", targets: [byYearBranch[branches[0]!]!] }] : [];
}

/**
 * The stars on a chart's pillars (stems and branches in year, month, day, hour order; the day
 * pillar's sexagenary index for 空亡), in a fixed order: by star, then basis, then pillar.
 */
export function shenSha(stems: readonly number[], branches: readonly number[], dayPillar: number): ShenSha[] {
  const out: ShenSha[] = [];
  // A branch-based star is not marked on the pillar it was looked up from.
  const skip: Partial<Record<ShenShaBasis, number>> = { year_branch: 0, day_branch: 2 };
  for (const name of SHEN_SHA_NAMES) {
    for (const { basis, targets } of starBranches(name, stems, branches)) {
      branches.forEach((b, k) => {
        if (targets.includes(b) && k !== skip[basis]) out.push({ name, pillar: PILLAR_NAMES[k]!, basis });
      });
    }
  }
  const [first, second] = voidBranches(dayPillar);
  // The day pillar's own branch is never among them: a 旬's void is the two branches it does not reach.
  branches.forEach((b, k) => {
    if (b === first || b === second) out.push({ name: "空亡", pillar: PILLAR_NAMES[k]!, basis: "day_pillar" });
  });
  return out;
}
