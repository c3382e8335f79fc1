/**
 * 流年 and 小运 (annual.ts) against lunar-typescript's own `DaYun.getLiuNian()` and
 * `getXiaoYun()`, an implementation independent of ours, over births across 1900–2100.
 */
import { describe, expect, test } from "bun:test";
import { LunarUtil, Solar } from "lunar-typescript";
import { annualPillars, luckWithYears, monthPillars } from "../../../src/bazi/annual.ts";
import { branchOf, ganzhiIndex, stemOf } from "../../../src/bazi/relations.ts";
import { chartOf } from "./chart-helpers.ts";

/** The library's ten god of a year's stem against the day master's (its SHI_SHEN table). */
const tenGodOf = (dayGanzhi: string, yearGanzhi: string) => LunarUtil.SHI_SHEN[dayGanzhi[0]! + yearGanzhi[0]!];

/** Births spread over the range: a fixed-seed LCG. */
function births(count: number): { year: number; month: number; day: number; hour: number; minute: number; gender: "男" | "女" }[] {
  let seed = 17;
  const next = (n: number) => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n;
  return Array.from({ length: count }, () => ({ year: 1900 + next(195), month: 1 + next(12), day: 1 + next(28), hour: next(24), minute: next(60), gender: next(2) === 0 ? "男" : "女" }));
}

describe("流年 and 小运 agree with lunar-typescript", () => {
  test.each(births(120).map((b) => [`${b.year}-${b.month}-${b.day} ${b.hour}:${b.minute} ${b.gender}`, b] as const))("%s", (_label, birth) => {
    const chart = chartOf(birth);
    const indices = (["year", "month", "day", "hour"] as const).map((p) => ganzhiIndex(chart.pillars[p].ganzhi));
    const natal = { birthYear: birth.year, stems: indices.map(stemOf), branches: indices.map(branchOf) };
    const daYun = Solar.fromYmdHms(birth.year, birth.month, birth.day, birth.hour, birth.minute, 0).getLunar().getEightChar().getYun(birth.gender === "男" ? 1 : 0, 1).getDaYun(11);

    // What a chart read with ?include=luck.years answers: the same years, from the stored pillars.
    const luck = luckWithYears(chart);
    expect(luck.xiao_yun.map((y) => [y.year, y.age, y.ganzhi])).toEqual(daYun[0]!.getXiaoYun().map((x) => [x.getYear(), x.getAge(), x.getGanZhi()]));
    for (const [i, pillar] of luck.pillars.entries()) {
      expect(pillar.years.map((y) => [y.year, y.age, y.ganzhi])).toEqual(daYun[i + 1]!.getLiuNian().map((l) => [l.getYear(), l.getAge(), l.getGanZhi()]));
      expect(pillar.years.map((y) => y.ten_god)).toEqual(daYun[i + 1]!.getLiuNian().map((l) => tenGodOf(chart.pillars.day.ganzhi, l.getGanZhi())));
    }
    // 流月 of the first luck pillar's years, as the library's LiuNian.getLiuYue() gives them.
    for (const l of daYun[1]!.getLiuNian()) expect(monthPillars(natal, l.getYear()).map((m) => m.ganzhi)).toEqual(l.getLiuYue().map((m) => m.getGanZhi()));
  });
});

test("a year's ten god is its stem's against the day master: 丙午 2026 for a 甲 day master is 食神", () => {
  const natal = { birthYear: 1949, stems: [5, 9, 0, 8], branches: [1, 9, 0, 8] };
  expect(annualPillars(natal, 2026, 2026)).toEqual([
    { year: 2026, age: 78, ganzhi: "丙午", ten_god: "食神", relations: [
      { type: "harm", members: ["year"], name: "丑午害" },
      { type: "clash", members: ["day"], name: "子午冲" },
    ] },
  ]);
});

test("流月 are numbered 1 (the 寅 month from 立春) to 12 (the 丑 month): 2025 乙巳 runs 戊寅 … 己丑 (乙庚之岁戊为头)", () => {
  // 五虎遁 by hand: an 乙 year's 寅 month takes 戊, the stems then run on a month at a time.
  const names = ["戊寅", "己卯", "庚辰", "辛巳", "壬午", "癸未", "甲申", "乙酉", "丙戌", "丁亥", "戊子", "己丑"];
  const natal = { birthYear: 1949, stems: [5, 9, 0, 8], branches: [1, 9, 0, 8] };
  expect(monthPillars(natal, 2025).map((m) => [m.month, m.ganzhi])).toEqual(names.map((g, i) => [i + 1, g]));
});
