/**
 * The 节 calendar as other capabilities read it (a LiuYao cast's month and day): which 节 is in force
 * at an instant, the month it opens, and the 节 on either side — from the same precomputed tables as
 * the chart, so a cast does no calendar computation of its own.
 */
import { almanac, jieIndexAt } from "./almanac.ts";
import { civilSecondsOfEpochMs, DAY_SECONDS, jdnFromYmd, ymdFromJdn } from "./civil-date.ts";
import { dayPillarOf, yearMonthOfJie } from "./pillars.ts";
import { JIE_NAMES } from "./tables.ts";

/** A 节 by name and instant (civil seconds, UTC+08:00). */
export interface TermInstant {
  name: string;
  civilSeconds: number;
}

export interface TermsAt {
  /** Sexagenary index of the month pillar at the instant (month at the exact 节). */
  month: number;
  /** The month pillar if the month changed at the start of the 节's calendar day. */
  monthByDay: number;
  prev: TermInstant;
  next: TermInstant;
}



function termInstant(entry: number): TermInstant {
  return { name: JIE_NAMES[(entry + 11) % 12]!, civilSeconds: almanac().jie[entry]! };
}

/**
 * The 节 in force at an instant (epoch milliseconds), read on Beijing's clock as every 节 instant is.
 * @example termsAt(Date.parse("2026-03-10T09:30:00+08:00")).prev.name // "惊蛰"
 */
export function termsAt(epochMs: number): TermsAt {
  const a = almanac();
  const t = civilSecondsOfEpochMs(epochMs);
  const jdn = Math.floor(t / DAY_SECONDS);
  const { year, month } = ymdFromJdn(jdn);
  const entry = jieIndexAt(a, t, year, month);
  // By day: a 节 falling on this calendar day already counts from its start, i.e. at the day's last instant.
  const byDay = jieIndexAt(a, (jdn + 1) * DAY_SECONDS - 0.001, year, month);
  return { month: yearMonthOfJie(entry).month, monthByDay: yearMonthOfJie(byDay).month, prev: termInstant(entry), next: termInstant(entry + 1) };
}

/** Day pillar (sexagenary index) of a local calendar date (year, month, day), the day changing at 00:00. */
export function dayPillarOfDate(year: number, month: number, day: number): number {
  return dayPillarOf(jdnFromYmd(year, month, day));
}
