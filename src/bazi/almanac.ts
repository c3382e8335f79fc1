/**
 * The astronomical tables the engine needs, extracted from lunar-typescript 1.8.6: the 节
 * instants and the lunar month starts covering 1900-01-01 … 2101-12-31 (solar input ends on
 * 2100-12-31; lunar input runs to the end of lunar 2100, 2101-01-28, whose luck needs 立春 2101).
 *
 * Why a table: asking lunar-typescript for Solar → Lunar → EightChar → Yun costs over a
 * millisecond per chart, almost all of it recomputing the same year's terms and new moons. The
 * whole range is ~2,400 terms and ~2,500 months. Extracting them takes ~0.2 s, too long for a
 * binary that must be ready in 0.3 s, so `npm run generate:almanac` extracts them once into
 * data/almanac.json (embedded in the binary), and a test re-extracts them from the library and
 * requires the file to be identical. Every lookup is then O(1) or a short binary search. The library (寿星万年历 algorithms, with its historical-almanac corrections before
 * 1960) stays the single source of astronomy, so results match it exactly; the tests re-check the
 * table against the library and against the golden file's independently computed term times.
 */
import { LunarYear, ShouXingUtil, Solar } from "lunar-typescript";
import { DAY_SECONDS, jdnFromYmd } from "./civil-date.ts";
import ALMANAC_DATA from "./data/almanac.json" with { type: "json" };

/** First and last solar years the service accepts. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;
/** JDN of 1900-01-01 and 2100-12-31, the supported solar date range. */
export const FIRST_JDN = jdnFromYmd(FIRST_YEAR, 1, 1);
export const LAST_JDN = jdnFromYmd(LAST_YEAR, 12, 31);
/** JDN of lunar 2100-12-29, the last day of lunar 2100 (2101-01-28): lunar input runs to it. */
export const LAST_LUNAR_JDN = jdnFromYmd(LAST_YEAR + 1, 1, 28);
/** The tables run a year past LAST_YEAR, for lunar 2100's last weeks and the 节 after them. */
const TABLE_LAST_YEAR = LAST_YEAR + 1;

/** Precomputed term and lunar-month tables. All instants are civil seconds (UTC+08:00). */
export interface Almanac {
  /**
   * 节 instants: entry 0 is 大雪 1899; entry 1 + 12·(y − 1900) + k is 节 k (0 = 小寒 … 11 = 大雪)
   * of year y; the last entry is 小寒 2102. So entry e is 节 (e + 11) mod 12.
   */
  jie: Float64Array;
  /** Lunar months in date order: JDN of day 1, lunar year, month number 1–12, leap flag. */
  monthStart: Int32Array;
  monthYear: Int16Array;
  monthNumber: Int8Array;
  monthLeap: Uint8Array;
  /** Per lunar year 1900–2100 (index y − 1900): index of its 正月 in the month arrays. */
  yearFirstMonth: Int32Array;
  /** Per lunar year 1900–2100: its leap month number, or 0 when it has none. */
  yearLeapMonth: Int8Array;
}

/** Index into {@link Almanac.jie} of 节 `k` (0 = 小寒) in Gregorian year `year`. */
export function jieEntry(year: number, k: number): number {
  return 1 + 12 * (year - FIRST_YEAR) + k;
}

/** Civil seconds of a lunar-typescript Julian day, via the library's own rounding to whole seconds. */
function civilSecondsOfJulianDay(jd: number): number {
  const s = Solar.fromJulianDay(jd);
  return jdnFromYmd(s.getYear(), s.getMonth(), s.getDay()) * DAY_SECONDS + s.getHour() * 3600 + s.getMinute() * 60 + s.getSecond();
}

/** Extracts the tables from lunar-typescript (~0.2 s): for the generator script and the freshness test. */
export function extractAlmanac(): Almanac {
  const jie = new Float64Array(jieEntry(TABLE_LAST_YEAR + 1, 0) + 1);
  const months = new Map<number, [number, number]>(); // start JDN → [lunar year, signed month]
  for (let y = FIRST_YEAR; y <= TABLE_LAST_YEAR; y++) {
    const ly = LunarYear.fromYear(y);
    // getJieQiJulianDays(): [大雪 y−1, 冬至 y−1, 小寒 y, 大寒 y, 立春 y, …, 大雪 y, 冬至 y, 小寒 y+1, …];
    // the 节 are the even positions.
    const jd = ly.getJieQiJulianDays();
    if (y === FIRST_YEAR) jie[0] = civilSecondsOfJulianDay(jd[0]);
    for (let k = 0; k < 12; k++) jie[jieEntry(y, k)] = civilSecondsOfJulianDay(jd[2 + 2 * k]);
    if (y === TABLE_LAST_YEAR) jie[jieEntry(y + 1, 0)] = civilSecondsOfJulianDay(jd[26]);
    for (const m of ly.getMonths()) months.set(m.getFirstJulianDay(), [m.getYear(), m.getMonth()]);
  }
  const starts = [...months.keys()].sort((a, b) => a - b);
  const n = starts.length;
  const a: Almanac = {
    jie,
    monthStart: Int32Array.from(starts),
    monthYear: new Int16Array(n),
    monthNumber: new Int8Array(n),
    monthLeap: new Uint8Array(n),
    yearFirstMonth: new Int32Array(LAST_YEAR - FIRST_YEAR + 1).fill(-1),
    yearLeapMonth: new Int8Array(LAST_YEAR - FIRST_YEAR + 1),
  };
  starts.forEach((start, i) => {
    const [year, signed] = months.get(start)!; // lunar-typescript marks a leap month with a negative number
    a.monthYear[i] = year;
    a.monthNumber[i] = Math.abs(signed);
    a.monthLeap[i] = signed < 0 ? 1 : 0;
    if (year < FIRST_YEAR || year > LAST_YEAR) return;
    if (signed === 1) a.yearFirstMonth[year - FIRST_YEAR] = i;
    if (signed < 0) a.yearLeapMonth[year - FIRST_YEAR] = -signed;
  });
  return a;
}

/** The JSON form of the tables (data/almanac.json): one array of integers per field. */
export type AlmanacData = { [K in keyof Almanac]: number[] };

export function almanacToData(a: Almanac): AlmanacData {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)])) as AlmanacData;
}

function almanacFromData(d: AlmanacData): Almanac {
  return {
    jie: Float64Array.from(d.jie),
    monthStart: Int32Array.from(d.monthStart),
    monthYear: Int16Array.from(d.monthYear),
    monthNumber: Int8Array.from(d.monthNumber),
    monthLeap: Uint8Array.from(d.monthLeap),
    yearFirstMonth: Int32Array.from(d.yearFirstMonth),
    yearLeapMonth: Int8Array.from(d.yearLeapMonth),
  };
}

let cached: Almanac | undefined;

/** The shared tables, loaded from the embedded data/almanac.json on first call. */
export function almanac(): Almanac {
  cached ??= almanacFromData(ALMANAC_DATA as AlmanacData);
  return cached;
}

/** Load the tables now (at server start) instead of on the first chart. */
export function prepareAlmanac(): void {
  almanac();
}

/**
 * Index of the 节 in force at `t` (civil seconds): the last 节 at or before `t`. A birth exactly at
 * a term instant belongs to the new month, as in lunar-typescript.
 */
export function jieIndexAt(a: Almanac, t: number, year: number, month: number): number {
  // 节 k always falls in Gregorian month k + 1 (days 4–9), so the answer is that month's 节 or the
  // one before it.
  const e = jieEntry(year, month - 1);
  return t >= a.jie[e] ? e : e - 1;
}

/**
 * Index of the lunar month containing the date `jdn` (binary search over month starts).
 */
export function lunarMonthIndexAt(a: Almanac, jdn: number): number {
  let lo = 0;
  let hi = a.monthStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.monthStart[mid] <= jdn) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * How close a lunar month start is to being decided the other way: the exact new moon instant
 * (civil seconds) by the library's high-precision 寿星 routine, for month `i` of the table.
 */
export function newMoonInstant(a: Almanac, i: number): number {
  // Same lunation numbering as ShouXingUtil.calcShuo; the month start is within a day of the new
  // moon, far from the ±14.8-day edges of a lunation, so the index is unambiguous.
  const lunation = Math.floor((a.monthStart[i] + 14 - 2451551) / 29.5306);
  const localDays = ShouXingUtil.shuoHigh(lunation * Math.PI * 2); // days from J2000 in UTC+08:00
  return Math.round((localDays + Solar.J2000 + 0.5) * DAY_SECONDS);
}
