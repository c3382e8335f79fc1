/**
 * Chinese lunisolar calendar conversions over the precomputed month table (see almanac.ts).
 */
import { type Almanac, FIRST_YEAR, LAST_YEAR, lunarMonthIndexAt, newMoonInstant } from "./almanac.ts";
import { DAY_SECONDS } from "./civil-date.ts";

/** A lunar date. `month` is 1–12; a leap month repeats the number with `isLeap` set. */
export interface LunarDate {
  year: number;
  month: number;
  day: number;
  isLeap: boolean;
}

/**
 * Lunar date of a solar date (JDN). The date must lie in the table's range.
 * @example lunarDateOf(almanac(), jdnFromYmd(2000, 1, 1)) // { year: 1999, month: 11, day: 25, isLeap: false }
 */
export function lunarDateOf(a: Almanac, jdn: number): LunarDate {
  const i = lunarMonthIndexAt(a, jdn);
  return { year: a.monthYear[i], month: a.monthNumber[i], day: jdn - a.monthStart[i] + 1, isLeap: a.monthLeap[i] === 1 };
}

/** Outcome of looking a lunar date up: its table month and solar JDN, or why it does not exist. */
export type LunarLookup =
  | { ok: true; jdn: number; monthIndex: number }
  | { ok: false; problem: "no_such_leap_month"; leapMonth: number }
  | { ok: false; problem: "day_out_of_month"; days: number }
  | { ok: false; problem: "out_of_range" };

/**
 * Resolve a lunar date of lunar year 1900–2100 (month 1–12, day ≥ 1; anything else is
 * "out_of_range") to its solar JDN. The result may still fall after 2100-12-31.
 * @example resolveLunarDate(a, 2024, 2, true, 1) // { ok: false, problem: "no_such_leap_month", leapMonth: 0 }
 */
export function resolveLunarDate(a: Almanac, year: number, month: number, isLeap: boolean, day: number): LunarLookup {
  const inTable = year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1;
  if (!inTable || !Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return { ok: false, problem: "out_of_range" };
  const leapMonth = a.yearLeapMonth[year - FIRST_YEAR];
  if (isLeap && leapMonth !== month) return { ok: false, problem: "no_such_leap_month", leapMonth };
  // Months of a lunar year are consecutive in the table; a leap month directly follows the month
  // whose number it repeats, shifting every later month by one.
  const offset = isLeap || (leapMonth !== 0 && leapMonth < month) ? month : month - 1;
  const monthIndex = a.yearFirstMonth[year - FIRST_YEAR] + offset;
  const days = a.monthStart[monthIndex + 1] - a.monthStart[monthIndex];
  if (day > days) return { ok: false, problem: "day_out_of_month", days };
  return { ok: true, jdn: a.monthStart[monthIndex] + day - 1, monthIndex };
}

const DIGITS = "〇一二三四五六七八九";
const MONTH_NAMES = ["正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"];
const TENS = ["初", "十", "廿", "三"];

/** Traditional day name: 初一…初十, 十一…十九, 二十, 廿一…廿九, 三十. */
function dayName(day: number): string {
  if (day === 10) return "初十";
  if (day === 20) return "二十";
  if (day === 30) return "三十";
  return TENS[Math.floor(day / 10)] + DIGITS[day % 10];
}

/**
 * Chinese text of a lunar date, in lunar-typescript's `Lunar.toString()` form.
 * @example lunarDateText({ year: 1922, month: 5, day: 1, isLeap: true }) // "一九二二年闰五月初一"
 */
export function lunarDateText(d: LunarDate): string {
  let year = "";
  for (const ch of String(d.year)) year += DIGITS[Number(ch)];
  return year + "年" + (d.isLeap ? "闰" : "") + MONTH_NAMES[d.month - 1] + "月" + dayName(d.day);
}

/**
 * A new moon this close to a midnight makes the month's first day depend on the computation:
 * almanacs before 1929 used Beijing local mean time (14 min 20 s behind UTC+08:00), and modern
 * ephemerides differ by well under a minute. 15 minutes covers both.
 */
export const DISPUTE_WINDOW_SECONDS = 15 * 60;

/** A lunar month whose first day other calendar computations put on a different solar date. */
export interface MonthStartDispute {
  /** Exact new moon, civil seconds (UTC+08:00). */
  newMoon: number;
  /** JDN the other computation takes as the month's first day. */
  alternativeStart: number;
}

/** Per almanac (the service has one; a test may build another), per table month. */
const disputeCache = new WeakMap<Almanac, Map<number, MonthStartDispute | null>>();

/**
 * Whether table month `i` has a disputed first day: its new moon lies within
 * {@link DISPUTE_WINDOW_SECONDS} of a midnight, or the library's historical-almanac correction
 * (before 1960) starts the month on a day other than the new moon's civil date. Returns the other
 * candidate first day, or null. Memoised per almanac and month (a pure function of the table).
 */
export function monthStartDispute(a: Almanac, i: number): MonthStartDispute | null {
  let cache = disputeCache.get(a);
  if (!cache) disputeCache.set(a, (cache = new Map()));
  const known = cache.get(i);
  if (known !== undefined) return known;
  const newMoon = newMoonInstant(a, i);
  const moonDay = Math.floor(newMoon / DAY_SECONDS);
  const secondOfDay = newMoon - moonDay * DAY_SECONDS;
  const start = a.monthStart[i];
  const nearMidnight = secondOfDay < DISPUTE_WINDOW_SECONDS || secondOfDay > DAY_SECONDS - DISPUTE_WINDOW_SECONDS;
  let result: MonthStartDispute | null = null;
  if (start !== moonDay) result = { newMoon, alternativeStart: moonDay };
  else if (nearMidnight) result = { newMoon, alternativeStart: secondOfDay < DAY_SECONDS / 2 ? moonDay - 1 : moonDay + 1 };
  cache.set(i, result);
  return result;
}
