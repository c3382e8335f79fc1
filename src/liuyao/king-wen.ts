import type { TrigramName } from "./trigrams.ts";

/**
 * The King Wen (文王) sequence: short name, upper and lower trigram of hexagrams
 * 1..64, in order. This is the only hand-typed part of the hexagram table: the
 * order and the short names are convention, not derivable. Everything else (full
 * name, palace, 世应, 纳甲, …) is built from rules in hexagrams.ts.
 *
 * Source: 《周易》 通行本 上经/下经 order, names in simplified characters.
 * test/unit/liuyao/tables.test.ts checks that the 64 trigram pairs are distinct and
 * that every odd/even pair is each other's 综 (inverse) or, for the eight
 * inversion-symmetric hexagrams, each other's 错 (complement) — the sequence's rule.
 */
export const KING_WEN_SEQUENCE: ReadonlyArray<readonly [shortName: string, upper: TrigramName, lower: TrigramName]> = [
  ["乾", "乾", "乾"], ["坤", "坤", "坤"], ["屯", "坎", "震"], ["蒙", "艮", "坎"],
  ["需", "坎", "乾"], ["讼", "乾", "坎"], ["师", "坤", "坎"], ["比", "坎", "坤"],
  ["小畜", "巽", "乾"], ["履", "乾", "兑"], ["泰", "坤", "乾"], ["否", "乾", "坤"],
  ["同人", "乾", "离"], ["大有", "离", "乾"], ["谦", "坤", "艮"], ["豫", "震", "坤"],
  ["随", "兑", "震"], ["蛊", "艮", "巽"], ["临", "坤", "兑"], ["观", "巽", "坤"],
  ["噬嗑", "离", "震"], ["贲", "艮", "离"], ["剥", "艮", "坤"], ["复", "坤", "震"],
  ["无妄", "乾", "震"], ["大畜", "艮", "乾"], ["颐", "艮", "震"], ["大过", "兑", "巽"],
  ["坎", "坎", "坎"], ["离", "离", "离"], ["咸", "兑", "艮"], ["恒", "震", "巽"],
  ["遁", "乾", "艮"], ["大壮", "震", "乾"], ["晋", "离", "坤"], ["明夷", "坤", "离"],
  ["家人", "巽", "离"], ["睽", "离", "兑"], ["蹇", "坎", "艮"], ["解", "震", "坎"],
  ["损", "艮", "兑"], ["益", "巽", "震"], ["夬", "兑", "乾"], ["姤", "乾", "巽"],
  ["萃", "兑", "坤"], ["升", "坤", "巽"], ["困", "兑", "坎"], ["井", "坎", "巽"],
  ["革", "兑", "离"], ["鼎", "离", "巽"], ["震", "震", "震"], ["艮", "艮", "艮"],
  ["渐", "巽", "艮"], ["归妹", "震", "兑"], ["丰", "震", "离"], ["旅", "离", "艮"],
  ["巽", "巽", "巽"], ["兑", "兑", "兑"], ["涣", "巽", "坎"], ["节", "坎", "兑"],
  ["中孚", "巽", "兑"], ["小过", "震", "艮"], ["既济", "坎", "离"], ["未济", "离", "坎"],
];
