/**
 * Luck pillars (大运): direction, start age and the ten ten-year pillars, reproducing
 * lunar-typescript's `EightChar.getYun(gender, 1)` / `getDaYun()` numbers exactly, but from the term
 * table instead of rebuilding the library's objects.
 */
import type { Almanac } from "./almanac.ts";
import { DAY_SECONDS, daysInMonth, formatYmd, isLeapYear, jdnFromYmd, type Ymd, ymdFromJdn } from "./civil-date.ts";
import { ganzhiName, mod60 } from "./relations.ts";

/** Number of luck pillars reported (the usual ten decades). */
export const LUCK_PILLAR_COUNT = 10;

/** One ten-year luck pillar. Ages are nominal (虚岁): 1 in the birth year. */
export interface LuckPillar {
  ganzhi: string;
  start_year: number;
  end_year: number;
  start_age: number;
  end_age: number;
}

/** The luck section of a chart. */
export interface Luck {
  direction: "forward" | "backward";
  /** Time from birth until the first luck pillar starts. */
  start_age: { years: number; months: number; days: number };
  /** Gregorian date ("YYYY-MM-DD") the first luck pillar starts. */
  start_date: string;
  pillars: LuckPillar[];
}

/** Inputs: the birth instant and pillars the luck cycle is counted from. */
export interface LuckInput {
  /** Birth date (Gregorian) and time, UTC+08:00. */
  date: Ymd;
  hour: number;
  minute: number;
  male: boolean;
  /** Year pillar stem index (by exact 立春) — its polarity sets the direction. */
  yearStem: number;
  /** Month pillar sexagenary index — the luck pillars step from it. */
  monthPillar: number;
  /** Entry of the 节 in force at birth (Almanac.jie). */
  jie: number;
}

/**
 * Two-hour-period index the way lunar-typescript's Yun (sect 1) counts it: 00:xx = 0,
 * 01:00–02:59 = 1 … 21:00–22:59 = 11, and 23:xx also 11 (the library's special case), so the
 * start age matches the library to the day.
 */
function yunPeriod(hour: number): number {
  return Math.min((hour + 1) >> 1, 11);
}

/** Date `years`, `months`, `days` after `d`, clamping Feb 29 / month ends like lunar-typescript's Solar. */
function addYmd(d: Ymd, years: number, months: number, days: number): Ymd {
  const y1 = d.year + years;
  const day1 = d.month === 2 && d.day > 28 && !isLeapYear(y1) ? 28 : d.day;
  const m0 = d.month - 1 + months;
  const y2 = y1 + Math.floor(m0 / 12);
  const m2 = (m0 % 12) + 1;
  const day2 = Math.min(day1, daysInMonth(y2, m2));
  return ymdFromJdn(jdnFromYmd(y2, m2, day2) + days);
}

/**
 * Compute the luck cycle. Direction: 阳男阴女 forward (yang year + male, or yin year + female),
 * otherwise backward. Start age: from birth to the next 节 (forward) or from the previous 节 to
 * birth (backward), whole days × 4 months plus two-hour periods × 10 days — i.e. 3 days = 1 year.
 * @example computeLuck(almanac(), input).start_age // { years: 4, months: 2, days: 0 } for 1922-06-25 17:16 male
 */
export function computeLuck(a: Almanac, b: LuckInput): Luck {
  const forward = (b.yearStem % 2 === 0) === b.male;
  const birth = jdnFromYmd(b.date.year, b.date.month, b.date.day) * DAY_SECONDS + b.hour * 3600 + b.minute * 60;
  const from = forward ? birth : a.jie[b.jie];
  const to = forward ? a.jie[b.jie + 1] : birth;
  const fromDay = Math.floor(from / DAY_SECONDS);
  const toDay = Math.floor(to / DAY_SECONDS);
  const dayDiff = toDay - fromDay;
  // A negative difference needs no borrowing of a day: 12 periods are 120 days, a day's 4 months,
  // and the floor below takes whole months from it as the borrow would.
  const periodDiff = yunPeriod(Math.floor((to - toDay * DAY_SECONDS) / 3600)) - yunPeriod(Math.floor((from - fromDay * DAY_SECONDS) / 3600));
  const monthsFromPeriods = Math.floor((periodDiff * 10) / 30);
  const totalMonths = dayDiff * 4 + monthsFromPeriods;
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths - years * 12;
  const days = periodDiff * 10 - monthsFromPeriods * 30;

  const start = addYmd(b.date, years, months, days);
  const pillars: LuckPillar[] = [];
  for (let i = 1; i <= LUCK_PILLAR_COUNT; i++) {
    const startYear = start.year + (i - 1) * 10;
    const startAge = startYear - b.date.year + 1;
    pillars.push({
      ganzhi: ganzhiName(mod60(b.monthPillar + (forward ? i : -i))),
      start_year: startYear,
      end_year: startYear + 9,
      start_age: startAge,
      end_age: startAge + 9,
    });
  }
  return {
    direction: forward ? "forward" : "backward",
    start_age: { years, months, days },
    start_date: formatYmd(start.year, start.month, start.day),
    pillars,
  };
}
