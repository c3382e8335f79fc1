/**
 * Rules that relate stems, branches and elements: the sexagenary cycle (六十甲子), ten gods,
 * growth stages, nayin, xun and void. Each is computed from its rule once into a small lookup
 * table at module load, so chart assembly only does array reads.
 */
import {
  BRANCH_ELEMENT,
  BRANCHES,
  ELEMENTS,
  GROWTH_STAGES,
  GROWTH_START_BRANCH,
  NAYIN,
  STEMS,
  STEM_ELEMENT,
  TEN_GODS,
  type Element,
} from "./tables.ts";

/** Relation of an element to the day master's element, in generating order from the day master. */
export const RELATIONS = ["companion", "output", "wealth", "officer", "resource"] as const;

/**
 * Relation index of `element` seen from `dayElement`: 0 companion, 1 output (I generate),
 * 2 wealth (I control), 3 officer (controls me), 4 resource (generates me). This works because
 * {@link ELEMENTS} is in generating order, so the distance along the cycle is the relation.
 * @example relationIndex(0, 1) // wood day master, fire → 1 (output)
 */
export function relationIndex(dayElement: number, element: number): number {
  return (element - dayElement + 5) % 5;
}

/** Element index `relation` steps along the generating cycle from `dayElement`. */
export function elementAt(dayElement: number, relation: number): number {
  return (dayElement + relation) % 5;
}

/** English element name of an element index. */
export function elementName(element: number): Element {
  return ELEMENTS[element];
}

/** Stem index (0 = 甲) of a sexagenary-cycle index (0 = 甲子). */
export function stemOf(jiazi: number): number {
  return jiazi % 10;
}

/** Branch index (0 = 子) of a sexagenary-cycle index (0 = 甲子). */
export function branchOf(jiazi: number): number {
  return jiazi % 12;
}

/**
 * Sexagenary index of a stem/branch pair (they must share polarity, as 甲子 does and 甲丑 cannot).
 * Solves i ≡ stem (mod 10), i ≡ branch (mod 12) by the Chinese remainder rule.
 * @example jiaziIndex(0, 0) // 0 (甲子); jiaziIndex(9, 11) // 59 (癸亥)
 */
export function jiaziIndex(stem: number, branch: number): number {
  if ((stem - branch) % 2 !== 0) throw new RangeError(`stem ${stem} and branch ${branch} differ in polarity`);
  // Six consecutive cycles of 10 start at 0,10,…,50; the branch fixes which of them fits.
  return (stem + 10 * ((((branch - stem) / 2) * 5 + 60) % 6)) % 60;
}

/** Reduce any integer to a sexagenary index 0–59. */
export function mod60(n: number): number {
  return ((n % 60) + 60) % 60;
}

const GANZHI_NAMES: readonly string[] = Array.from({ length: 60 }, (_, i) => STEMS[i % 10] + BRANCHES[i % 12]);

/** 干支 name of a sexagenary index, e.g. 0 → "甲子". */
export function ganzhiName(jiazi: number): string {
  return GANZHI_NAMES[jiazi];
}

/** Sexagenary index of a 干支 name, or -1 if it is not one of the sixty. */
export function ganzhiIndex(name: string): number {
  return GANZHI_NAMES.indexOf(name);
}

const TEN_GOD_TABLE: readonly string[] = Array.from({ length: 100 }, (_, k) => {
  const day = Math.floor(k / 10);
  const other = k % 10;
  const relation = RELATIONS[relationIndex(STEM_ELEMENT[day], STEM_ELEMENT[other])];
  return TEN_GODS[relation][(day + other) % 2]; // same polarity → 偏 form (index 0)
});

/**
 * Ten god (十神) of `stem` relative to the day stem: element relation plus polarity.
 * @example tenGod(0, 6) // 甲 day master, 庚 → "七杀"
 */
export function tenGod(dayStem: number, stem: number): string {
  return TEN_GOD_TABLE[dayStem * 10 + stem];
}

/**
 * The element a ten god stands for, seen from a day master of `dayElement`: its relation's distance
 * along the generating cycle.
 * @example elementOfTenGod("water", "正官") // "earth" (earth controls water)
 */
export function elementOfTenGod(dayElement: Element, name: string): Element {
  const relation = RELATIONS.findIndex((r) => (TEN_GODS[r] as readonly string[]).includes(name));
  if (relation < 0) throw new RangeError(`${name} is not a ten god`);
  return elementName(elementAt(ELEMENTS.indexOf(dayElement), relation));
}

const GROWTH_TABLE: readonly string[] = Array.from({ length: 120 }, (_, k) => {
  const stem = Math.floor(k / 12);
  const branch = k % 12;
  const start = GROWTH_START_BRANCH[stem];
  // Yang stems move forward through the branches, yin stems backward (阳顺阴逆).
  const step = stem % 2 === 0 ? branch - start : start - branch;
  return GROWTH_STAGES[(step + 12) % 12];
});

/**
 * Growth stage (十二长生) of `stem` at `branch`.
 * @example growthStage(0, 11) // 甲 at 亥 → "长生"
 */
export function growthStage(stem: number, branch: number): string {
  return GROWTH_TABLE[stem * 12 + branch];
}

/** 纳音 of a sexagenary index (pairs share one nayin). */
export function nayinOf(jiazi: number): string {
  return NAYIN[jiazi >> 1];
}

/** Sexagenary index of the 旬 head (the 甲 day that opens the decade containing `jiazi`). */
export function xunHead(jiazi: number): number {
  return jiazi - (jiazi % 10);
}

/**
 * The two void branches (空亡) of the 旬 containing `jiazi`: the ten stems of a decade pair with
 * ten branches, and the two branches left over are void.
 * @example voidBranches(0) // [10, 11] (戌亥 for the 甲子 decade)
 */
export function voidBranches(jiazi: number): [number, number] {
  const headBranch = xunHead(jiazi) % 12;
  return [(headBranch + 10) % 12, (headBranch + 11) % 12];
}

/**
 * The elements of a 干支's stem and of its branch's main qi.
 * @example elementsOfGanzhi("丙寅") // { stem: "fire", branch: "wood" }
 */
export function elementsOfGanzhi(ganzhi: string): { stem: Element; branch: Element } | null {
  const stem = STEMS.indexOf(ganzhi[0] as never);
  const branch = BRANCHES.indexOf(ganzhi[1] as never);
  if (stem < 0 || branch < 0) return null;
  return { stem: ELEMENTS[STEM_ELEMENT[stem]!]!, branch: ELEMENTS[BRANCH_ELEMENT[branch]!]! };
}
