/**
 * Proleptic Gregorian calendar arithmetic on plain integers (no Date objects, no time zones).
 *
 * Dates are carried as Julian Day Numbers (JDN: the integer Julian day of that date's noon, so
 * 2000-01-01 is 2451545) and instants as "civil seconds": JDN × 86400 + seconds since local
 * midnight, in the service's single civil time zone (UTC+08:00). Differences of civil seconds are
 * true elapsed seconds because that zone has no DST in this model.
 */

/** Seconds in a civil day. */
export const DAY_SECONDS = 86400;

/** Whether `year` is a Gregorian leap year (every 4th year, except centuries not divisible by 400). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Number of days in a Gregorian month.
 * @example daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

/**
 * Julian Day Number of a Gregorian date (Fliegel–Van Flandern). Day overflow (e.g. day 32) rolls
 * into the next month, which {@link jdnFromYmd} callers rely on only for term instants.
 * @example jdnFromYmd(2000, 1, 1) // 2451545
 */
export function jdnFromYmd(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

/** A Gregorian calendar date. */
export interface Ymd {
  year: number;
  month: number;
  day: number;
}

/**
 * Gregorian date of a Julian Day Number (inverse of {@link jdnFromYmd}).
 * @example ymdFromJdn(2451545) // { year: 2000, month: 1, day: 1 }
 */
export function ymdFromJdn(jdn: number): Ymd {
  const a = jdn + 32044;
  const b = Math.floor((4 * a + 3) / 146097);
  const c = a - Math.floor((146097 * b) / 4);
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: 100 * b + d - 4800 + Math.floor(m / 10),
  };
}

/** Two-digit zero padding for dates and times. */
export function pad2(n: number): string {
  return n < 10 ? "0" + n : String(n);
}

/** "YYYY-MM-DD" of a date given as parts. */
export function formatYmd(year: number, month: number, day: number): string {
  return year + "-" + pad2(month) + "-" + pad2(day);
}

/** "YYYY-MM-DD" of a Julian Day Number. */
export function formatJdn(jdn: number): string {
  const d = ymdFromJdn(jdn);
  return formatYmd(d.year, d.month, d.day);
}

/** "YYYY-MM-DD HH:MM:SS" (UTC+08:00 civil time) of an instant in civil seconds. */
export function formatInstant(civilSeconds: number): string {
  const jdn = Math.floor(civilSeconds / DAY_SECONDS);
  const s = civilSeconds - jdn * DAY_SECONDS;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  return formatJdn(jdn) + " " + pad2(hh) + ":" + pad2(mm) + ":" + pad2(s % 60);
}

/** A clock reading on a civil clock: the date as a JDN, the hour and minute. */
export interface ClockReading {
  jdn: number;
  hour: number;
  minute: number;
}

/** Civil seconds (from JDN 0) of a reading. */
export const civilSecondsOf = (r: ClockReading) => r.jdn * DAY_SECONDS + r.hour * 3600 + r.minute * 60;

/** The reading of civil seconds (seconds dropped). */
export function readingAt(civilSeconds: number): ClockReading {
  const jdn = Math.floor(civilSeconds / DAY_SECONDS);
  const inDay = civilSeconds - jdn * DAY_SECONDS;
  return { jdn, hour: Math.floor(inDay / 3600), minute: Math.floor((inDay % 3600) / 60) };
}

/** The reading `minutes` later (negative: earlier). */
export const shiftReading = (r: ClockReading, minutes: number) => readingAt(civilSecondsOf(r) + minutes * 60);

/** "YYYY-MM-DD HH:MM". */
export const readingText = (r: ClockReading) => `${formatJdn(r.jdn)} ${pad2(r.hour)}:${pad2(r.minute)}`;

/** 1970-01-01 00:00 on Beijing's clock, in civil seconds; the service's civil clock is UTC+08:00. */
const UNIX_EPOCH_BEIJING = 2_440_588 * DAY_SECONDS + 8 * 3600;

/** Civil seconds (UTC+08:00) of an instant in epoch milliseconds, and back. */
export const civilSecondsOfEpochMs = (ms: number) => ms / 1000 + UNIX_EPOCH_BEIJING;
export const epochMsOfCivilSeconds = (civilSeconds: number) => (civilSeconds - UNIX_EPOCH_BEIJING) * 1000;
