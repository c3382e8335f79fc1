/**
 * Chart warnings: places where another convention, or a few minutes' error in the birth time,
 * would change a pillar. Each is a tagged object with a human-readable `message`.
 */
import type { Almanac } from "./almanac.ts";
import { formatInstant, formatJdn } from "./civil-date.ts";
import { yearMonthOfJie } from "./pillars.ts";
import { ganzhiName } from "./relations.ts";
import type { SummerTimeKind } from "./summer-time.ts";
import { JIE_NAMES } from "./tables.ts";

/** Born 23:00–23:59: the 23:00 day-change school (lunar-typescript sect 1) gives another day pillar. */
export interface ZiHourWarning {
  code: "ZI_HOUR_DAY_BOUNDARY";
  message: string;
  /** Day pillar under the 23:00 day-change school. */
  sect1_day_pillar: string;
}

/** Born within {@link NEAR_TERM_SECONDS} of a 节: the other side of it has other pillars. */
export interface NearSolarTermWarning {
  code: "NEAR_SOLAR_TERM";
  message: string;
  /** The 节, e.g. "立春". */
  term: string;
  /** Its exact instant, "YYYY-MM-DD HH:MM:SS" UTC+08:00. */
  term_time: string;
  /** Birth minus term instant, in seconds (negative: born before the term). */
  seconds_from_term: number;
  /** Year and month pillars on the other side of the term (the year differs only at 立春). */
  other_side: { year: string; month: string };
}

/** Lunar-date input whose month's first day other calendar computations put on another day. */
export interface LunarMonthStartWarning {
  code: "LUNAR_MONTH_START_DISPUTED";
  message: string;
  /** Exact new moon opening the month, "YYYY-MM-DD HH:MM:SS" UTC+08:00. */
  new_moon_time: string;
  /** The birth under the other computation, or null if that lunar day would not exist there. */
  alternative: { solar_date: string; pillars: FourPillarNames } | null;
}

/** time_confidence "approximate": the hour pillar may be a neighbouring one. */
export interface ApproximateTimeWarning {
  code: "APPROXIMATE_BIRTH_TIME";
  message: string;
}

/** A clock time inside China's 1986–1991 summer time (summer-time.ts): the pillars take it as standard time. */
export interface SummerTimeWarning {
  code: "CHINA_DAYLIGHT_SAVING_TIME";
  message: string;
  kind: SummerTimeKind;
  /** The birth in standard time if the clock showed summer time ("YYYY-MM-DD HH:MM"); null for a skipped time, which no summer-time clock showed. */
  standard_time: string | null;
  /** The pillars at that standard time; null with it. */
  alternative: FourPillarNames | null;
  /** Whether any of those pillars differs from the chart's. */
  pillars_change: boolean;
}

/** A birthplace the gazetteer does not know: the time is read as Beijing time. */
export interface BirthplaceWarning {
  code: "BIRTHPLACE_NOT_RECOGNISED";
  message: string;
}

/** The entered time was summer time at the birthplace: the pillars read standard time. */
export interface SummerTimeAppliedWarning {
  code: "DAYLIGHT_SAVING_TIME_APPLIED";
  message: string;
  entered_time: string;
  standard_time: string;
}

/** The entered time showed twice at the birthplace (clocks went back): the chart reads the first. */
export interface RepeatedTimeWarning {
  code: "DAYLIGHT_SAVING_TIME_REPEATED";
  message: string;
  /** The second occurrence in standard time, and the pillars then. */
  alternative_standard_time: string;
  alternative: FourPillarNames;
}

/** True solar time would give another day or hour pillar (or, when the chart reads it, civil time would). */
export interface TrueSolarTimeWarning {
  code: "TRUE_SOLAR_TIME_CHANGES_PILLARS";
  message: string;
  /** The clock the chart did not read, and its day and hour pillars. */
  other_basis: "civil" | "true_solar";
  other_time: string;
  day: string;
  hour: string;
}

/** Any chart warning. */
export type ChartWarning =
  | ZiHourWarning
  | NearSolarTermWarning
  | LunarMonthStartWarning
  | ApproximateTimeWarning
  | SummerTimeWarning
  | BirthplaceWarning
  | SummerTimeAppliedWarning
  | RepeatedTimeWarning
  | TrueSolarTimeWarning;

/** The four pillars by name. */
export interface FourPillarNames {
  year: string;
  month: string;
  day: string;
  hour: string;
}

/** "Within two hours" of a 节, inclusive. */
export const NEAR_TERM_SECONDS = 2 * 3600;

/** Warning for a 23:xx birth, given both schools' day pillars (sexagenary indices). */
export function ziHourWarning(day: number, daySect1: number): ZiHourWarning {
  const s1 = ganzhiName(daySect1);
  return {
    code: "ZI_HOUR_DAY_BOUNDARY",
    message: `Born 23:00–23:59 (子 hour): this chart changes the day at 00:00, giving day pillar ${ganzhiName(day)}; the school that starts the day at 23:00 gives ${s1}.`,
    sect1_day_pillar: s1,
  };
}

function minutesSeconds(seconds: number): string {
  const s = Math.abs(seconds);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Warning when birth instant `t` is within two hours of a 节 — either the one in force (entry
 * `jie`) or the next — or null.
 */
export function nearTermWarning(a: Almanac, t: number, jie: number): NearSolarTermWarning | null {
  let entry: number;
  let otherEntry: number;
  if (t - a.jie[jie] <= NEAR_TERM_SECONDS) {
    entry = jie;
    otherEntry = jie - 1;
  } else if (a.jie[jie + 1] - t <= NEAR_TERM_SECONDS) {
    entry = jie + 1;
    otherEntry = jie + 1;
  } else {
    return null;
  }
  const term = JIE_NAMES[(entry + 11) % 12];
  const termTime = formatInstant(a.jie[entry]);
  const offset = t - a.jie[entry];
  const here = yearMonthOfJie(jie);
  const other = yearMonthOfJie(otherEntry);
  const otherYear = ganzhiName(other.year);
  const otherMonth = ganzhiName(other.month);
  const changed = other.year !== here.year ? `year pillar would be ${otherYear} and the month pillar ${otherMonth}` : `month pillar would be ${otherMonth}`;
  return {
    code: "NEAR_SOLAR_TERM",
    message: `Born ${minutesSeconds(offset)} ${offset < 0 ? "before" : "after"} ${term} (${termTime} UTC+08:00); on the other side of it the ${changed}. Check the birth time.`,
    term,
    term_time: termTime,
    seconds_from_term: offset,
    other_side: { year: otherYear, month: otherMonth },
  };
}

/** Warning that the hour pillar is uncertain, naming the neighbouring possibilities. */
export function approximateTimeWarning(hour: string, neighbours: readonly string[]): ApproximateTimeWarning {
  return {
    code: "APPROXIMATE_BIRTH_TIME",
    message: `Birth time is approximate: the hour pillar ${hour} could also be ${neighbours.join(" or ")} (see pillars.hour.alternatives).`,
  };
}

/**
 * Warning for a lunar-date birth in a month with a disputed first day.
 * @param lunarLabel e.g. "lunar 1906 month 4"
 */
export function lunarMonthStartWarning(
  lunarLabel: string,
  startJdn: number,
  newMoon: number,
  alternativeStartJdn: number,
  alternative: { jdn: number; pillars: FourPillarNames } | null,
): LunarMonthStartWarning {
  const tail = alternative
    ? `, making this birth ${formatJdn(alternative.jdn)} with pillars ${alternative.pillars.year} ${alternative.pillars.month} ${alternative.pillars.day} ${alternative.pillars.hour}`
    : ", where this lunar day would not exist";
  return {
    code: "LUNAR_MONTH_START_DISPUTED",
    message: `${lunarLabel} starts on ${formatJdn(startJdn)} here (new moon ${formatInstant(newMoon)} UTC+08:00); other calendar computations (Beijing local time before 1929, or less precise algorithms) start it on ${formatJdn(alternativeStartJdn)}${tail}.`,
    new_moon_time: formatInstant(newMoon),
    alternative: alternative ? { solar_date: formatJdn(alternative.jdn), pillars: alternative.pillars } : null,
  };
}

const pillarsText = (p: FourPillarNames) => `${p.year} ${p.month} ${p.day} ${p.hour}`;

/**
 * Warning for a clock time inside China's summer time, given the chart's pillars and, unless the time
 * was skipped, the standard time an hour earlier with its pillars.
 */
export function summerTimeWarning(kind: SummerTimeKind, year: number, pillars: FourPillarNames, standard: { text: string; pillars: FourPillarNames } | null): SummerTimeWarning {
  const change = standard !== null && pillarsText(standard.pillars) !== pillarsText(pillars);
  const effect = standard ? (change ? `with pillars ${pillarsText(standard.pillars)} instead of ${pillarsText(pillars)}` : "with the same pillars") : "";
  const message =
    kind === "skipped"
      ? `China was on summer time in ${year}, and clocks went from 02:00 to 03:00 that night: this time never showed on a summer-time clock, so it is read as standard time (UTC+08:00), as entered. If it came from a clock on summer time, please check it.`
      : kind === "repeated"
        ? `China's ${year} summer time ended that night: clocks showed 01:00–01:59 twice. The chart reads the second (standard time, as entered); the first was ${standard!.text} standard time, ${effect}.`
        : `Born during China's ${year} summer time: if the time was read from a clock on summer time, it is ${standard!.text} standard time (one hour earlier), ${effect}. The chart reads the time as entered, as standard time (UTC+08:00).`;
  return {
    code: "CHINA_DAYLIGHT_SAVING_TIME",
    message,
    kind,
    standard_time: standard?.text ?? null,
    alternative: standard?.pillars ?? null,
    pillars_change: change,
  };
}

export function birthplaceWarning(birthplace: string): BirthplaceWarning {
  return {
    code: "BIRTHPLACE_NOT_RECOGNISED",
    message: `The birthplace "${birthplace}" is not in the gazetteer, so the time is read as Beijing time (UTC+08:00) and no true solar time is given. A city, county or district name (杭州, 浙江省淳安县, Vancouver BC) is recognised.`,
  };
}

export function summerTimeAppliedWarning(place: string, entered: string, standard: string): SummerTimeAppliedWarning {
  return {
    code: "DAYLIGHT_SAVING_TIME_APPLIED",
    message: `${entered} was summer time in ${place}: the day and hour pillars read standard time, ${standard}.`,
    entered_time: entered,
    standard_time: standard,
  };
}

export function repeatedTimeWarning(place: string, chosen: string, other: string, pillars: FourPillarNames): RepeatedTimeWarning {
  return {
    code: "DAYLIGHT_SAVING_TIME_REPEATED",
    message: `Clocks in ${place} showed this time twice as summer time ended. The chart reads the first (${chosen} standard time); the second, ${other} standard time, gives ${pillarsText(pillars)}.`,
    alternative_standard_time: other,
    alternative: pillars,
  };
}

export function trueSolarTimeWarning(otherBasis: "civil" | "true_solar", otherTime: string, day: string, hour: string): TrueSolarTimeWarning {
  const reading = otherBasis === "true_solar" ? `By true solar time (${otherTime})` : `By civil time (${otherTime})`;
  return {
    code: "TRUE_SOLAR_TIME_CHANGES_PILLARS",
    message: `${reading} the day pillar would be ${day} and the hour pillar ${hour}. Which clock reads the day and hour is a school choice: birth.time_basis picks it.`,
    other_basis: otherBasis,
    other_time: otherTime,
    day,
    hour,
  };
}
