/**
 * The four pillars as sexagenary indices, computed arithmetically from the term table.
 *
 * Conventions (the service's, = lunar-typescript EightChar sect 2): civil UTC+08:00 time; year at
 * the exact 立春; month at the exact 节; day changes at 00:00; 23:00–23:59 is the 子 hour whose
 * stem follows the NEXT day's stem while the day pillar stays.
 */
import { type Almanac, FIRST_YEAR, jieIndexAt } from "./almanac.ts";
import { DAY_SECONDS, ymdFromJdn } from "./civil-date.ts";
import { jiaziIndex, mod60 } from "./relations.ts";

/** Sexagenary indices (0 = 甲子) of a chart's pillars plus what other conventions would give. */
export interface PillarIndices {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** Day pillar under the 23:00 day-change school (lunar-typescript sect 1). */
  daySect1: number;
  /** Entry of the 节 in force (see Almanac.jie). */
  jie: number;
}

/**
 * Stem of the month (or palace) with `branch` in a year with stem `yearStem` (五虎遁: 甲己之年丙作首,
 * so the 寅 month of a 甲 or 己 year is 丙寅, and stems then advance one per month).
 * @example monthStem(0, 2) // 2 (丙)
 */
export function monthStem(yearStem: number, branch: number): number {
  return ((yearStem % 5) * 2 + 2 + ((branch + 10) % 12)) % 10;
}

/**
 * Year and month pillars while the 节 at table entry `e` is in force. Entry e opens the month whose
 * branch is e mod 12 (entry 0 = 大雪 → 子), and 立春 entries are those ≡ 2 (mod 12), which fixes
 * the 立春 year without looking at the date.
 */
export function yearMonthOfJie(e: number): { year: number; month: number } {
  const lichunYear = FIRST_YEAR + Math.floor((e - 2) / 12);
  const year = mod60(lichunYear - 4); // 4 CE was a 甲子 year
  const branch = e % 12;
  return { year, month: jiaziIndex(monthStem(year % 10, branch), branch) };
}

/** Day pillar of a date: JDN 11 was a 甲子 day (so 2000-01-01, JDN 2451545, is 戊午). */
export function dayPillarOf(jdn: number): number {
  return mod60(jdn - 11);
}

/** Branch index of the two-hour period containing `hour` (子 = 23:00–00:59 … 亥 = 21:00–22:59). */
export function hourBranchOf(hour: number): number {
  return ((hour + 1) >> 1) % 12;
}

/**
 * Hour pillar at `hour` on date `jdn`: stem by 五鼠遁 (甲己还加甲: the 子 hour of a 甲 or 己 day is 甲子)
 * from the day stem — the next day's stem for 23:00–23:59.
 */
export function hourPillarOf(jdn: number, hour: number): number {
  const branch = hourBranchOf(hour);
  const dayStem = dayPillarOf(hour === 23 ? jdn + 1 : jdn) % 10;
  return jiaziIndex(((dayStem % 5) * 2 + branch) % 10, branch);
}

/**
 * All pillars when the day and hour are read on one clock (a local date as a JDN, hour) and the
 * month and year at an instant (civil seconds, UTC+08:00) — a birth abroad, or by true solar time.
 */
export function pillarsOf(a: Almanac, day: { jdn: number; hour: number }, instant: number): PillarIndices {
  const { year, month } = ymdFromJdn(Math.floor(instant / DAY_SECONDS));
  const jie = jieIndexAt(a, instant, year, month);
  const dayPillar = dayPillarOf(day.jdn);
  return {
    year: yearMonthOfJie(jie).year,
    month: yearMonthOfJie(jie).month,
    day: dayPillar,
    hour: hourPillarOf(day.jdn, day.hour),
    daySect1: day.hour === 23 ? dayPillarOf(day.jdn + 1) : dayPillar,
    jie,
  };
}

/**
 * All pillars for a civil date/time (UTC+08:00). `year`/`month` are the Gregorian date's, used
 * only to find the 节 in force in O(1).
 * @example computePillars(almanac(), jdnFromYmd(1949, 10, 1), 1949, 10, 15, 0) // 己丑 癸酉 甲子 壬申
 */
export function computePillars(a: Almanac, jdn: number, year: number, month: number, hour: number, minute: number): PillarIndices {
  const t = jdn * DAY_SECONDS + hour * 3600 + minute * 60;
  const jie = jieIndexAt(a, t, year, month);
  const ym = yearMonthOfJie(jie);
  const day = dayPillarOf(jdn);
  return {
    year: ym.year,
    month: ym.month,
    day,
    hour: hourPillarOf(jdn, hour),
    daySect1: hour === 23 ? dayPillarOf(jdn + 1) : day,
    jie,
  };
}
