/**
 * computeChart: a complete BaZi chart from a validated birth. Pure and deterministic: no clock, no
 * randomness, no I/O (the term table is built once from lunar-typescript on first use).
 */
import { type Almanac, almanac, FIRST_JDN, LAST_JDN, LAST_LUNAR_JDN } from "./almanac.ts";
import type { NormalizedBirth } from "./birth.ts";
import { formatInstant, formatYmd, jdnFromYmd, pad2, readingAt, readingText, shiftReading, type Ymd, ymdFromJdn } from "./civil-date.ts";
import { CONVENTIONS, type Conventions } from "./conventions.ts";
import { type FiveElements, fiveElements } from "./five-elements.ts";
import { computeLuck, type Luck } from "./luck.ts";
import { type Interaction, natalInteractions } from "./interactions.ts";
import { type ShenSha, shenSha } from "./shen-sha.ts";
import { type LunarDate, lunarDateOf, lunarDateText, monthStartDispute, resolveLunarDate } from "./lunar-calendar.ts";
import { mingGong, shenGong, taiYuan } from "./palaces.ts";
import { type CompactPillar, compactPillar, type NamedPillar, namedPillar, type Pillar, pillarView } from "./pillar-view.ts";
import { computePillars, dayPillarOf, hourBranchOf, hourPillarOf, type PillarIndices, pillarsOf } from "./pillars.ts";
import { type BirthClock, birthClock, type ChartPlace, type TrueSolarTime } from "./birth-clock.ts";
import { branchOf, elementName, ganzhiName, stemOf } from "./relations.ts";
import { type Element, ELEMENT_ZH, type ElementZh, JIE_NAMES, STEM_ELEMENT, STEMS } from "./tables.ts";
import {
  approximateTimeWarning,
  type ChartWarning,
  type FourPillarNames,
  birthplaceWarning,
  lunarMonthStartWarning,
  nearTermWarning,
  repeatedTimeWarning,
  summerTimeAppliedWarning,
  summerTimeWarning,
  trueSolarTimeWarning,
  ziHourWarning,
} from "./warnings.ts";
import { summerTimeKind } from "./summer-time.ts";

/**
 * A neighbouring two-hour period's pillar, for births with an approximate time. No ten gods: if
 * the period falls on another day, the day master changes too.
 */
export interface HourAlternative extends CompactPillar {
  /** The period, e.g. "21:00–22:59". */
  time_range: string;
  /** Day pillar in force during that period (it differs when the period is on another day). */
  day_pillar: string;
}

/** The hour pillar, flagged when the birth time is approximate. */
export interface HourPillar extends Pillar {
  uncertain: boolean;
  /** Only with time_confidence "approximate": the previous and the next two-hour period. */
  alternatives?: HourAlternative[];
}

/** A day master's polarity (its stem's: even index yang). */
export const YIN_YANG = ["yang", "yin"] as const;

/** A computed BaZi chart (the body the HTTP layer stores and returns). */
export interface ChartBody {
  /** The birth as given, defaults filled. */
  birth: NormalizedBirth;
  /** Civil (UTC+08:00) solar date and time of birth, and the 节 that opened the BaZi month. */
  solar: { date: string; time: string; month_term: { name: string; time: string } };
  lunar: { year: number; month: number; day: number; is_leap_month: boolean; text: string };
  pillars: { year: Pillar; month: Pillar; day: Pillar; hour: HourPillar };
  /** `element_zh`: `element` in Chinese (tables.ts ELEMENT_ZH). */
  day_master: { stem: string; element: Element; element_zh: ElementZh; yin_yang: (typeof YIN_YANG)[number] };
  five_elements: FiveElements;
  tai_yuan: NamedPillar;
  ming_gong: NamedPillar;
  shen_gong: NamedPillar;
  luck: Luck;
  /** The birthplace as the gazetteer knows it, or null (none given, or not recognised). */
  place: ChartPlace | null;
  /** True solar time at the birthplace, or null without a recognised one. */
  true_solar_time: TrueSolarTime | null;
  /** Every interaction (合冲刑害破) among the four pillars. */
  relations: Interaction[];
  /** The core 神煞 on the pillars (shen-sha.ts). */
  shen_sha: ShenSha[];
  conventions: Conventions;
  warnings: ChartWarning[];
}

/** Solar JDN and lunar date of a birth, or a RangeError for a lunar date that does not exist or a date out of range. */
function resolveDate(a: Almanac, b: NormalizedBirth): { jdn: number; lunar: LunarDate; monthIndex: number } {
  let jdn = jdnFromYmd(b.year, b.month, b.day);
  let monthIndex = -1;
  if (b.calendar_type === "lunar") {
    const r = resolveLunarDate(a, b.year, b.month, b.is_leap_month, b.day);
    if (!r.ok) throw new RangeError(`invalid lunar date ${b.year}-${b.month}-${b.day} (use validateBirth first)`);
    jdn = r.jdn;
    monthIndex = r.monthIndex;
  }
  if (jdn < FIRST_JDN || jdn > (b.calendar_type === "lunar" ? LAST_LUNAR_JDN : LAST_JDN)) throw new RangeError("birth outside 1900-01-01..2100-12-31 (lunar: to 2100-12-29) (use validateBirth first)");
  const lunar = monthIndex >= 0 ? { year: b.year, month: b.month, day: b.day, isLeap: b.is_leap_month } : lunarDateOf(a, jdn);
  return { jdn, lunar, monthIndex };
}

function fourNames(p: PillarIndices): FourPillarNames {
  return { year: ganzhiName(p.year), month: ganzhiName(p.month), day: ganzhiName(p.day), hour: ganzhiName(p.hour) };
}

/** Pillars at the same clock time on another solar date. */
function pillarsOnDate(a: Almanac, jdn: number, b: NormalizedBirth): PillarIndices {
  const d = ymdFromJdn(jdn);
  return computePillars(a, jdn, d.year, d.month, b.hour, b.minute);
}

/** The two-hour period `delta` hours (±2) away from `hour` on `jdn`, as a compact pillar. */
function neighbourHour(jdn: number, hour: number, delta: number): HourAlternative {
  let h = hour + delta;
  let d = jdn;
  if (h < 0) {
    h += 24;
    d--;
  } else if (h > 23) {
    h -= 24;
    d++;
  }
  const branch = hourBranchOf(h);
  return {
    time_range: `${pad2((2 * branch + 23) % 24)}:00–${pad2((2 * branch) % 24)}:59`,
    ...compactPillar(hourPillarOf(d, h)),
    day_pillar: ganzhiName(dayPillarOf(d)),
  };
}

/** Warning for a lunar-date birth whose month start is disputed, or null. */
function lunarDisputeWarning(a: Almanac, b: NormalizedBirth, monthIndex: number): ChartWarning | null {
  const dispute = monthStartDispute(a, monthIndex);
  if (!dispute) return null;
  const altLength = a.monthStart[monthIndex + 1] - dispute.alternativeStart;
  const altJdn = dispute.alternativeStart + b.day - 1;
  const alternative =
    b.day <= altLength && altJdn >= FIRST_JDN && altJdn <= LAST_LUNAR_JDN ? { jdn: altJdn, pillars: fourNames(pillarsOnDate(a, altJdn, b)) } : null;
  const label = `lunar ${b.year} ${b.is_leap_month ? "leap " : ""}month ${b.month}`;
  return lunarMonthStartWarning(label, a.monthStart[monthIndex], dispute.newMoon, dispute.alternativeStart, alternative);
}

/** The Beijing wall clock of an instant (civil seconds): what the luck cycle counts from. */
function beijingWall(instant: number): { date: Ymd; hour: number; minute: number } {
  const r = readingAt(instant);
  return { date: ymdFromJdn(r.jdn), hour: r.hour, minute: r.minute };
}

/** The warnings about the clock the chart read: the birthplace, summer time, true solar time. */
function clockWarnings(a: Almanac, birth: NormalizedBirth, clock: BirthClock, p: PillarIndices, jdn: number, year: number): ChartWarning[] {
  const warnings: ChartWarning[] = [];
  if (clock.unrecognisedPlace) warnings.push(birthplaceWarning(clock.unrecognisedPlace));
  if (!clock.place) {
    // Beijing time as entered: say what a summer-time clock would have meant (summer-time.ts).
    const summer = summerTimeKind(jdn, birth.hour, birth.minute);
    if (summer) {
      const earlier = shiftReading({ jdn, hour: birth.hour, minute: birth.minute }, -60);
      const d = ymdFromJdn(earlier.jdn);
      const standard = summer === "skipped" ? null : { text: readingText(earlier), pillars: fourNames(computePillars(a, earlier.jdn, d.year, d.month, earlier.hour, earlier.minute)) };
      warnings.push(summerTimeWarning(summer, year, fourNames(p), standard));
    }
    return warnings;
  }
  const placeName = clock.place.name;
  if (clock.summer && !clock.repeated) warnings.push(summerTimeAppliedWarning(placeName, clock.summer.entered, clock.summer.standard));
  if (clock.repeated) warnings.push(repeatedTimeWarning(placeName, readingText(clock.standard), readingText(clock.repeated.reading), fourNames(pillarsOf(a, clock.repeated.reading, clock.repeated.instant))));
  if (clock.trueSolar) {
    const other = birth.time_basis === "true_solar" ? { basis: "civil" as const, reading: clock.standard } : { basis: "true_solar" as const, reading: clock.trueSolar.reading };
    const q = pillarsOf(a, other.reading, clock.instant);
    if (q.day !== p.day || q.hour !== p.hour) warnings.push(trueSolarTimeWarning(other.basis, readingText(other.reading), ganzhiName(q.day), ganzhiName(q.hour)));
  }
  return warnings;
}

/**
 * Compute the full chart of a birth validateBirth accepted (its field checks are not repeated here).
 * @throws RangeError for a lunar date that does not exist, a date outside the supported range or a
 * clock time the birthplace never showed: what the tables alone cannot answer.
 * @example computeChart(validated).pillars.day.ganzhi // "甲子" for 1949-10-01 15:00
 */
export function computeChart(birth: NormalizedBirth): ChartBody {
  const a = almanac();
  const { jdn, lunar, monthIndex } = resolveDate(a, birth);
  const date = birth.calendar_type === "solar" ? birth : ymdFromJdn(jdn);
  const clocked = birthClock(birth, jdn);
  if (!clocked.ok) throw new RangeError(`${clocked.path}: ${clocked.message} (use validateBirth first)`);
  const clock = clocked.clock;
  const p = pillarsOf(a, clock.day, clock.instant);
  const dayStem = stemOf(p.day);
  const dayElement = elementName(STEM_ELEMENT[dayStem]);
  const stems = [stemOf(p.year), stemOf(p.month), dayStem, stemOf(p.hour)];
  const branches = [branchOf(p.year), branchOf(p.month), branchOf(p.day), branchOf(p.hour)];
  const approximate = birth.time_confidence === "approximate";

  const hour: HourPillar = { ...pillarView(p.hour, dayStem), uncertain: approximate };
  const warnings: ChartWarning[] = [];
  if (clock.day.hour === 23) warnings.push(ziHourWarning(p.day, p.daySect1));
  const near = nearTermWarning(a, clock.instant, p.jie);
  if (near) warnings.push(near);
  if (approximate) {
    hour.alternatives = [neighbourHour(clock.day.jdn, clock.day.hour, -2), neighbourHour(clock.day.jdn, clock.day.hour, 2)];
    warnings.push(approximateTimeWarning(hour.ganzhi, hour.alternatives.map((x) => x.ganzhi)));
  }
  warnings.push(...clockWarnings(a, birth, clock, p, jdn, date.year));
  if (monthIndex >= 0) {
    const w = lunarDisputeWarning(a, birth, monthIndex);
    if (w) warnings.push(w);
  }

  return {
    birth: { ...birth },
    solar: {
      date: formatYmd(date.year, date.month, date.day),
      time: pad2(birth.hour) + ":" + pad2(birth.minute),
      month_term: { name: JIE_NAMES[(p.jie + 11) % 12], time: formatInstant(a.jie[p.jie]) },
    },
    lunar: { year: lunar.year, month: lunar.month, day: lunar.day, is_leap_month: lunar.isLeap, text: lunarDateText(lunar) },
    pillars: {
      year: pillarView(p.year, dayStem),
      month: pillarView(p.month, dayStem),
      day: pillarView(p.day, dayStem, true),
      hour,
    },
    day_master: { stem: STEMS[dayStem], element: dayElement, element_zh: ELEMENT_ZH[dayElement], yin_yang: dayStem % 2 === 0 ? "yang" : "yin" },
    five_elements: fiveElements(stems, branches),
    tai_yuan: namedPillar(taiYuan(p.month)),
    ming_gong: namedPillar(mingGong(stems[0], branches[1], branches[3])),
    shen_gong: namedPillar(shenGong(stems[0], branches[1], branches[3])),
    luck: computeLuck(a, {
      ...beijingWall(clock.instant),
      male: birth.gender === "男",
      yearStem: stems[0],
      monthPillar: p.month,
      jie: p.jie,
    }),
    place: clock.place,
    true_solar_time: clock.trueSolar?.value ?? null,
    relations: natalInteractions(stems, branches),
    shen_sha: shenSha(stems, branches, p.day),
    conventions: { ...CONVENTIONS },
    warnings,
  };
}
