/**
 * Year pillars against a chart: 流年 (each Gregorian year's pillar, which starts at its 立春) and
 * 小运 (from birth until the first luck pillar: the hour pillar stepped one place a year in the
 * luck direction), each with its stem's ten god and how it meets the chart (interactions.ts).
 * The sexagenary arithmetic is lunar-typescript's `DaYun.getLiuNian()` / `getXiaoYun()`, which the
 * tests compare with.
 */
import { type Interaction, yearInteractions } from "./interactions.ts";
import { branchOf, ganzhiIndex, ganzhiName, jiaziIndex as jiaziOf, mod60, stemOf, tenGod } from "./relations.ts";

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

/** One month of a year (流月): the month from its 节 (1 = the 寅 month from 立春), its pillar and how it meets the chart. */
export interface MonthPillar {
  /** 1 = the 寅 month (from 立春) … 12 = the 丑 month (from the next 小寒). */
  month: number;
  ganzhi: string;
  ten_god: string;
  relations: Interaction[];
}

/**
 * 流月: the twelve month pillars of a Gregorian year's pillar (the year from its 立春), stems by
 * 五虎遁 (甲己之年丙作首: the 寅 month's stem from the year stem).
 * @example monthPillars(chart, 2025)[0].ganzhi // "戊寅"
 */
export function monthPillars(chart: NatalChart, year: number): MonthPillar[] {
  const yearStem = stemOf(mod60(year - 4));
  const firstStem = ((yearStem % 5) * 2 + 2) % 10;
  return Array.from({ length: 12 }, (_, k) => {
    const stem = (firstStem + k) % 10;
    const branch = (2 + k) % 12;
    return {
      month: k + 1,
      ganzhi: ganzhiName(jiaziOf(stem, branch)),
      ten_god: tenGod(chart.stems[2]!, stem),
      relations: yearInteractions(stem, branch, chart.stems, chart.branches),
    };
  });
}

/** What the year pillars of a chart's luck are read from: its four pillars and its luck. */
export interface ChartForYears {
  pillars: Readonly<Record<"year" | "month" | "day" | "hour", { ganzhi: string }>>;
  luck: { direction: "forward" | "backward"; pillars: readonly { start_year: number; end_year: number; start_age: number }[] };
}

/** A luck section with its years: each pillar's ten 流年 and the 小运 before the first. */
export type LuckWithYears<L extends ChartForYears["luck"]> = Omit<L, "pillars"> & {
  pillars: (L["pillars"][number] & { years: YearPillar[] })[];
  xiao_yun: YearPillar[];
};

/**
 * The chart's luck section with `years` on every luck pillar (its ten 流年, `start_year` to
 * `end_year`) and `xiao_yun` (小运, each year from birth until the first luck pillar starts).
 * Derived from the stored pillars, so every chart ever stored has them.
 * @example luckWithYears(chart).pillars[0].years.length // 10
 */
export function luckWithYears<C extends ChartForYears>(chart: C): LuckWithYears<C["luck"]> {
  const names = { year: chart.pillars.year.ganzhi, month: chart.pillars.month.ganzhi, day: chart.pillars.day.ganzhi, hour: chart.pillars.hour.ganzhi };
  const { luck } = chart;
  const first = luck.pillars[0]!;
  // The birth year the luck pillars' nominal ages count from (the Beijing date's, also for a birth abroad).
  const natal = natalChartOf(names, first.start_year - first.start_age + 1);
  const pillars = luck.pillars.map((pillar) => ({ ...pillar, years: annualPillars(natal, pillar.start_year, pillar.end_year) }));
  return { ...luck, pillars, xiao_yun: xiaoYun(natal, ganzhiIndex(names.hour), luck.direction === "forward", first.start_year) } as LuckWithYears<C["luck"]>;
}
