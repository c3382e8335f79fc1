/**
 * Stems, branches, the five elements and the relations between them that the
 * LiuYao rules use (生克, 六冲, 六合, 六亲, 旬空, 六神).
 *
 * Source: the common 干支/五行 tables as printed in 《增删卜易》 and 《卜筮正宗》;
 * test/unit/liuyao/ganzhi.test.ts re-derives the clash/combine/relative rules.
 */
import { ELEMENT_EN, ELEMENTS_ZH, type Element as ElementEn, type ElementZh } from "../bazi/tables.ts";

/** The ten heavenly stems in cyclic order (甲 = 0). */
export const STEMS = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"] as const;
/** The twelve earthly branches in cyclic order (子 = 0). */
export const BRANCHES = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"] as const;
/**
 * The five elements in generating (相生) order: each one generates the next. LiuYao names them in
 * Chinese (木 火 土 金 水); the English name beside each (an `_en` field) comes from the one table
 * shared with BaZi, src/bazi/tables.ts ELEMENT_ZH / ELEMENT_EN.
 */
export const ELEMENTS = ELEMENTS_ZH;
/** Chinese → English element name (the shared table). */
export { ELEMENT_EN, type ElementEn };
/**
 * The six relatives, ordered by their element offset from the palace element
 * along the generating cycle (same, I generate, I control, controls me, generates me).
 */
export const RELATIVES = ["兄弟", "子孙", "妻财", "官鬼", "父母"] as const;
/** The six spirits in the order they are laid from line 1 upward. */
export const SIX_SPIRITS = ["青龙", "朱雀", "勾陈", "螣蛇", "白虎", "玄武"] as const;

export type Stem = (typeof STEMS)[number];
export type Branch = (typeof BRANCHES)[number];
export type Element = ElementZh;
export type Relative = (typeof RELATIVES)[number];
export type Spirit = (typeof SIX_SPIRITS)[number];

/** Element of each branch (子水 丑土 寅木 卯木 辰土 巳火 午火 未土 申金 酉金 戌土 亥水). */
export const BRANCH_ELEMENT: Readonly<Record<Branch, Element>> = {
  子: "水", 丑: "土", 寅: "木", 卯: "木", 辰: "土", 巳: "火",
  午: "火", 未: "土", 申: "金", 酉: "金", 戌: "土", 亥: "水",
};

/**
 * Index into SIX_SPIRITS of the spirit on line 1, by day stem:
 * 甲乙起青龙, 丙丁起朱雀, 戊起勾陈, 己起螣蛇, 庚辛起白虎, 壬癸起玄武.
 */
export const SPIRIT_START_BY_STEM: Readonly<Record<Stem, number>> = {
  甲: 0, 乙: 0, 丙: 1, 丁: 1, 戊: 2, 己: 3, 庚: 4, 辛: 4, 壬: 5, 癸: 5,
};

/** Offset of `b` from `a` along the generating cycle, 0..4. */
function elementOffset(a: Element, b: Element): number {
  return (ELEMENTS.indexOf(b) - ELEMENTS.indexOf(a) + 5) % 5;
}

/** True when element `a` generates (生) element `b`. */
export function generates(a: Element, b: Element): boolean {
  return elementOffset(a, b) === 1;
}

/** True when element `a` controls (克) element `b`. */
export function controls(a: Element, b: Element): boolean {
  return elementOffset(a, b) === 2;
}

/** 六亲 of an element seen from the palace element. */
export function relativeOf(palaceElement: Element, element: Element): Relative {
  return RELATIVES[elementOffset(palaceElement, element)];
}

/**
 * How a changed line's element stands to the original line's element, as the
 * transform tag names it. Offsets follow the generating cycle from the original.
 */
export function elementTransformTag(from: Element, to: Element): "比和" | "化泄" | "化耗" | "回头克" | "回头生" {
  // offset 1: original generates changed (drains it) ... offset 4: changed generates original.
  const tags = ["比和", "化泄", "化耗", "回头克", "回头生"] as const;
  return tags[elementOffset(from, to)];
}

/** True when two branches clash (六冲): they stand opposite on the circle of twelve. */
export function branchesClash(a: Branch, b: Branch): boolean {
  return (BRANCHES.indexOf(a) - BRANCHES.indexOf(b) + 12) % 12 === 6;
}

/** True when two branches combine (六合): 子丑 寅亥 卯戌 辰酉 巳申 午未, i.e. indices summing to 1 mod 12. */
export function branchesCombine(a: Branch, b: Branch): boolean {
  return (BRANCHES.indexOf(a) + BRANCHES.indexOf(b)) % 12 === 1;
}

/** The branch that clashes `b` (月破 / 日冲 target). */
export function clashOf(b: Branch): Branch {
  return BRANCHES[(BRANCHES.indexOf(b) + 6) % 12];
}

/** A sexagenary pillar such as 甲子, split into stem and branch; throws on an impossible pair. */
export function splitPillar(pillar: string): { stem: Stem; branch: Branch } {
  const stem = pillar[0] as Stem;
  const branch = pillar[1] as Branch;
  const s = STEMS.indexOf(stem);
  const b = BRANCHES.indexOf(branch);
  // Stem and branch advance together, so a real pillar has matching parity.
  if (pillar.length !== 2 || s < 0 || b < 0 || s % 2 !== b % 2) throw new Error(`not a sexagenary pillar: ${pillar}`);
  return { stem, branch };
}

/** 旬 (the 甲 pillar opening the decade) and 旬空 (the two branches it leaves out) of a day pillar. */
export function xunOf(dayPillar: string): { xun: string; void: [Branch, Branch] } {
  const { stem, branch } = splitPillar(dayPillar);
  const s = STEMS.indexOf(stem);
  const b = BRANCHES.indexOf(branch);
  const xunBranch = (b - s + 12) % 12;
  // A decade pairs ten stems with ten branches; the two branches after the tenth are void.
  return {
    xun: `甲${BRANCHES[xunBranch]}`,
    void: [BRANCHES[(xunBranch + 10) % 12], BRANCHES[(xunBranch + 11) % 12]],
  };
}

/** 六神 for lines 1..6, starting from the day stem's spirit on line 1. */
export function sixSpiritsOf(dayStem: Stem): Spirit[] {
  const start = SPIRIT_START_BY_STEM[dayStem];
  return [0, 1, 2, 3, 4, 5].map((i) => SIX_SPIRITS[(start + i) % 6]);
}
