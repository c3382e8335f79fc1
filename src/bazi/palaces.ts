/**
 * 胎元 (conception pillar), 命宫 (life palace) and 身宫 (body palace), as lunar-typescript 1.8.6
 * computes them (EightChar.getTaiYuan / getMingGong / getShenGong), restated as branch arithmetic.
 */
import { monthStem } from "./pillars.ts";
import { branchOf, jiaziIndex, stemOf } from "./relations.ts";

/**
 * 胎元: the month ten months before birth — month stem + 1, month branch + 3.
 * @example taiYuan(42) // 丙午 → 丁酉 (33)
 */
export function taiYuan(monthPillar: number): number {
  return jiaziIndex((stemOf(monthPillar) + 1) % 10, (branchOf(monthPillar) + 3) % 12);
}

/**
 * 命宫: classical rule "14 − (month number + hour number), or 26 − … when the sum is ≥ 14", with
 * month number 寅 = 1 … 丑 = 12 and hour number 寅 = 1 … 子 = 11, 丑 = 12. In branch indices
 * (子 = 0) that is branch = 5 − month branch − hour branch (mod 12). Stem by 五虎遁 from the year.
 * @example mingGong(8, 6, 9) // 壬 year, 午 month, 酉 hour → 壬寅
 */
export function mingGong(yearStem: number, monthBranch: number, hourBranch: number): number {
  const branch = (((5 - monthBranch - hourBranch) % 12) + 24) % 12;
  return jiaziIndex(monthStem(yearStem, branch), branch);
}

/**
 * 身宫: month number (寅 = 1) + hour number (子 = 1), less 12 when over 12, counted from 寅 —
 * in branch indices branch = month branch + hour branch + 1 (mod 12). Stem by 五虎遁.
 * @example shenGong(8, 6, 9) // 壬 year, 午 month, 酉 hour → 甲辰
 */
export function shenGong(yearStem: number, monthBranch: number, hourBranch: number): number {
  const branch = (monthBranch + hourBranch + 1) % 12;
  return jiaziIndex(monthStem(yearStem, branch), branch);
}
