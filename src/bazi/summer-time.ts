/**
 * China's summer time (夏令时), 1986–1991: clocks went from 02:00 to 03:00 on a Sunday in April (May
 * in 1986) and from 02:00 back to 01:00 on a Sunday in September. A birth time read from a clock in
 * those months may be an hour ahead of standard time (UTC+08:00), which the pillars use; 02:00–02:59
 * on the first day never showed on a clock, and 01:00–01:59 on the last day showed twice.
 *
 * The dates are the State Council's (国务院办公厅关于在全国实行夏时制的通知, 1986, and the yearly notices
 * after it), the same as tzdata's Asia/Shanghai; the tests check them against ICU through Intl.
 * Earlier summer times (1919, 1940–1949) were regional or wartime and are not covered.
 */
import { jdnFromYmd, ymdFromJdn } from "./civil-date.ts";

/** First and last day of each period (local dates); the change is at 02:00 clock time on both. */
export const CHINA_SUMMER_TIME: readonly { year: number; start: [month: number, day: number]; end: [month: number, day: number] }[] = [
  { year: 1986, start: [5, 4], end: [9, 14] },
  { year: 1987, start: [4, 12], end: [9, 13] },
  { year: 1988, start: [4, 17], end: [9, 11] },
  { year: 1989, start: [4, 16], end: [9, 17] },
  { year: 1990, start: [4, 15], end: [9, 16] },
  { year: 1991, start: [4, 14], end: [9, 15] },
];

/**
 * How a clock time relates to summer time:
 * - `summer`: inside a period; on a summer-time clock it is an hour ahead of standard time;
 * - `skipped`: 02:00–02:59 on the first day: no summer-time clock showed it (only a standard-time one);
 * - `repeated`: 01:00–01:59 on the last day: clocks showed it twice, first on summer time;
 * - null: outside every period.
 */
export const SUMMER_TIME_KINDS = ["summer", "skipped", "repeated"] as const;
export type SummerTimeKind = (typeof SUMMER_TIME_KINDS)[number];

/** The kind of a clock time (a solar date's JDN, hour, minute), or null outside 1986–1991's periods. */
export function summerTimeKind(jdn: number, hour: number, minute: number): SummerTimeKind | null {
  const { year } = ymdFromJdn(jdn);
  const period = CHINA_SUMMER_TIME.find((p) => p.year === year);
  if (!period) return null;
  const start = jdnFromYmd(year, ...period.start);
  const end = jdnFromYmd(year, ...period.end);
  const at = jdn * 1440 + hour * 60 + minute;
  if (at < start * 1440 + 120 || at >= end * 1440 + 120) return null;
  if (jdn === start && hour === 2) return "skipped";
  if (jdn === end && hour === 1) return "repeated";
  return "summer";
}
