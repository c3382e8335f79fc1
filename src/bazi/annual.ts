/**
 * Year pillars against a chart: 流年 (each Gregorian year's pillar, which starts at its 立春) and
 * 小运 (from birth until the first luck pillar: the hour pillar stepped one place a year in the
 * luck direction), each with its stem's ten god and how it meets the chart (interactions.ts).
 * The sexagenary arithmetic is lunar-typescript's `DaYun.getLiuNian()` / `getXiaoYun()`, which the
 * tests compare with.
 */
import { type Interaction, yearInteractions } from "./interactions.ts";
import { branchOf, ganzhiIndex, ganzhiName, mod60, stemOf, tenGod } from "./relations.ts";

/** One year's pillar and how it meets the chart. */
export interface YearPillar {
  year: number;
  /** Nominal age (虚岁) in that year: 1 in the birth year. */
  age: number;
  ganzhi: string;
  /** 十神 of the pillar's stem relative to the day master. */
  ten_god: string;
  relations: Interaction[];
}

/** What a year's pillar is read against: the birth year and the chart's stems and branches (year, month, day, hour). */
export interface NatalChart {
  birthYear: number;
  stems: readonly number[];
  branches: readonly number[];
}

function yearPillar(chart: NatalChart, year: number, jiazi: number): YearPillar {
  return {
    year,
    age: year - chart.birthYear + 1,
    ganzhi: ganzhiName(jiazi),
    ten_god: tenGod(chart.stems[2]!, stemOf(jiazi)),
    relations: yearInteractions(stemOf(jiazi), branchOf(jiazi), chart.stems, chart.branches),
  };
}

/**
 * 流年 from `first` to `last` (Gregorian years; 4 CE was 甲子).
 * @example annualPillars(chart, 2026, 2026)[0].ganzhi // "丙午"
 */
export function annualPillars(chart: NatalChart, first: number, last: number): YearPillar[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => yearPillar(chart, first + k, mod60(first + k - 4)));
}

/**
 * 小运 for each year from the birth year until `firstLuckYear` (the first luck pillar's start year), exclusive.
 * @param hourPillar the hour pillar's sexagenary index
 */
export function xiaoYun(chart: NatalChart, hourPillar: number, forward: boolean, firstLuckYear: number): YearPillar[] {
  return Array.from({ length: Math.max(0, firstLuckYear - chart.birthYear) }, (_, k) =>
    yearPillar(chart, chart.birthYear + k, mod60(hourPillar + (forward ? k + 1 : -(k + 1)))),
  );
}

/** What a year is read against, from a stored chart's four pillar names and its birth year. */
export function natalChartOf(pillars: Readonly<Record<"year" | "month" | "day" | "hour", string>>, birthYear: number): NatalChart {
  const indices = [pillars.year, pillars.month, pillars.day, pillars.hour].map(ganzhiIndex);
  return { birthYear, stems: indices.map(stemOf), branches: indices.map(branchOf) };
}
