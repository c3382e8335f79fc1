import type { Branch, Element, Stem } from "./ganzhi.ts";

/**
 * The eight trigrams with their line bits, image, element and Jing Fang 纳甲.
 *
 * Source: 京房 纳甲 as given in 《增删卜易》 (乾纳甲壬, 坤纳乙癸, 震庚, 巽辛, 坎戊,
 * 离己, 艮丙, 兑丁; 乾震 子寅辰/午申戌, 坎 寅辰午/申戌子, 艮 辰午申/戌子寅,
 * 坤 未巳卯/丑亥酉, 巽 丑亥酉/未巳卯, 离 卯丑亥/酉未巳, 兑 巳卯丑/亥酉未).
 * test/unit/liuyao/tables.test.ts re-derives the bits from the family rule
 * (sons: one yang line, daughters: one yin line, at the 1st/2nd/3rd place by
 * seniority) and the branches from "yang trigrams ascend, yin trigrams descend
 * by two branches, the outer trigram starting six branches on".
 */

/** Trigram names in the 八宫 order (乾 坎 艮 震 巽 离 坤 兑). */
export const TRIGRAM_NAMES = ["乾", "坎", "艮", "震", "巽", "离", "坤", "兑"] as const;
export type TrigramName = (typeof TRIGRAM_NAMES)[number];

/** One trigram's fixed attributes. `bits` is bottom line first, '1' = yang. */
export interface Trigram {
  readonly name: TrigramName;
  readonly bits: string;
  /** The image used in hexagram names (天 地 雷 风 水 火 山 泽). */
  readonly image: string;
  readonly element: Element;
  /** 纳甲 stem when the trigram is the inner (lower) one. */
  readonly innerStem: Stem;
  /** 纳甲 stem when the trigram is the outer (upper) one. */
  readonly outerStem: Stem;
  /** 纳支 of lines 1–3 when inner. */
  readonly innerBranches: readonly [Branch, Branch, Branch];
  /** 纳支 of lines 4–6 when outer. */
  readonly outerBranches: readonly [Branch, Branch, Branch];
}

/** The eight trigrams keyed by name (see the module note for the source). */
export const TRIGRAMS: Readonly<Record<TrigramName, Trigram>> = {
  乾: { name: "乾", bits: "111", image: "天", element: "金", innerStem: "甲", outerStem: "壬", innerBranches: ["子", "寅", "辰"], outerBranches: ["午", "申", "戌"] },
  坎: { name: "坎", bits: "010", image: "水", element: "水", innerStem: "戊", outerStem: "戊", innerBranches: ["寅", "辰", "午"], outerBranches: ["申", "戌", "子"] },
  艮: { name: "艮", bits: "001", image: "山", element: "土", innerStem: "丙", outerStem: "丙", innerBranches: ["辰", "午", "申"], outerBranches: ["戌", "子", "寅"] },
  震: { name: "震", bits: "100", image: "雷", element: "木", innerStem: "庚", outerStem: "庚", innerBranches: ["子", "寅", "辰"], outerBranches: ["午", "申", "戌"] },
  巽: { name: "巽", bits: "011", image: "风", element: "木", innerStem: "辛", outerStem: "辛", innerBranches: ["丑", "亥", "酉"], outerBranches: ["未", "巳", "卯"] },
  离: { name: "离", bits: "101", image: "火", element: "火", innerStem: "己", outerStem: "己", innerBranches: ["卯", "丑", "亥"], outerBranches: ["酉", "未", "巳"] },
  坤: { name: "坤", bits: "000", image: "地", element: "土", innerStem: "乙", outerStem: "癸", innerBranches: ["未", "巳", "卯"], outerBranches: ["丑", "亥", "酉"] },
  兑: { name: "兑", bits: "110", image: "泽", element: "金", innerStem: "丁", outerStem: "丁", innerBranches: ["巳", "卯", "丑"], outerBranches: ["亥", "酉", "未"] },
};

const TRIGRAM_BY_BITS: ReadonlyMap<string, Trigram> = new Map(Object.values(TRIGRAMS).map((t) => [t.bits, t]));

/** The trigram with these three bottom-first bits. */
export function trigramByBits(bits: string): Trigram {
  const t = TRIGRAM_BY_BITS.get(bits);
  if (!t) throw new Error(`not a trigram: ${bits}`);
  return t;
}
