import { BRANCH_ELEMENT, branchesClash, branchesCombine, elementTransformTag, type Branch } from "./ganzhi.ts";

/** Every tag a moving line's transformation can carry. */
export const TRANSFORM_TAGS = ["化进神", "化退神", "回头生", "回头克", "比和", "化泄", "化耗", "伏吟", "反吟", "化合"] as const;
export type TransformTag = (typeof TRANSFORM_TAGS)[number];

/**
 * The eight classical 进神 pairs (《增删卜易》: 亥化子, 寅化卯, 巳化午, 申化酉, 丑化辰,
 * 辰化未, 未化戌, 戌化丑); each reversed is a 退神. Only these count — 子化丑 etc. do not.
 */
export const ADVANCING_PAIRS: ReadonlyArray<readonly [Branch, Branch]> = [
  ["亥", "子"], ["寅", "卯"], ["巳", "午"], ["申", "酉"],
  ["丑", "辰"], ["辰", "未"], ["未", "戌"], ["戌", "丑"],
];

/**
 * Tags for a moving line turning from branch `from` into branch `to`, in this order:
 * 化进神/化退神 if any, then exactly one element relation (changed line vs original:
 * 回头生/回头克/比和/化泄/化耗), then 伏吟 (same branch), 反吟 (clashing branch,
 * i.e. 回头冲) or 化合 (六合 branch) if any.
 */
export function transformTags(from: Branch, to: Branch): TransformTag[] {
  const tags: TransformTag[] = [];
  if (ADVANCING_PAIRS.some(([a, b]) => a === from && b === to)) tags.push("化进神");
  if (ADVANCING_PAIRS.some(([a, b]) => a === to && b === from)) tags.push("化退神");
  tags.push(elementTransformTag(BRANCH_ELEMENT[from], BRANCH_ELEMENT[to]));
  if (from === to) tags.push("伏吟");
  else if (branchesClash(from, to)) tags.push("反吟");
  else if (branchesCombine(from, to)) tags.push("化合");
  return tags;
}
