import { Solar, type JieQi } from "lunar-typescript";
import { ApiError } from "../platform/errors.ts";
import { BRANCHES, STEMS, clashOf, sixSpiritsOf, xunOf, type Branch, type Spirit, type Stem } from "./ganzhi.ts";

/** Offset of the service's civil time (China Standard Time) from UTC. */
const UTC8_MS = 8 * 3600 * 1000;
/** A cast this close to a 节 instant is flagged: term instants differ by a minute or so between ephemerides. */
export const NEAR_JIE_MS = 3600 * 1000;
/** Years lunar-typescript's term tables are trusted for here; outside, the cast time is rejected. */
export const CAST_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** Which calendar rules produced the pillars. */
export interface CalendarConventions {
  readonly timezone: "UTC+08:00";
  /** The month pillar changes at the exact 节 instant (not at the start of the 节's calendar day). */
  readonly month_boundary: "exact_jie_instant";
  /** The day pillar changes at 00:00 (not at 23:00, 子初换日). */
  readonly day_boundary: "00:00";
  readonly void: "day_pillar_xun";
}

/** A named solar term and its instant in UTC+08:00. */
export interface JieInstant {
  readonly name: string;
  readonly at: string;
}

/** Why a reading's pillars could differ under another common convention. */
export type ConventionFlag = "near_jie_boundary" | "month_by_day!=month_exact" | "zi_hour_23h";

/** The month and day that govern a reading, with the alternatives a reader may expect. */
export interface CastCalendar {
  readonly cast_at: string;
  readonly month_pillar: string;
  readonly month_stem: Stem;
  readonly month_branch: Branch;
  readonly day_pillar: string;
  readonly day_stem: Stem;
  readonly day_branch: Branch;
  readonly xun: string;
  readonly void: readonly [Branch, Branch];
  /** The branch clashing the month branch: lines with it are 月破. */
  readonly month_break: Branch;
  /** The branch clashing the day branch: lines with it are 日冲. */
  readonly day_clash: Branch;
  readonly six_spirits: readonly Spirit[];
  readonly prev_jie: JieInstant;
  readonly next_jie: JieInstant;
  readonly conventions: CalendarConventions;
  /** The month pillar if the month changed at the start of the 节's calendar day. */
  readonly month_pillar_by_day: string;
  /** The day pillar if the day changed at 23:00. */
  readonly day_pillar_23h_rule: string;
  readonly convention_sensitive: readonly ConventionFlag[];
  /** Human-readable remarks, one per convention that would change a pillar. */
  readonly notes: readonly string[];
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Civil UTC+08:00 wall-clock fields of an instant. */
function civilFields(epochMs: number) {
  const d = new Date(epochMs + UTC8_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

/** ISO-8601 with an explicit +08:00 offset; milliseconds only when non-zero. */
export function toUtc8Iso(epochMs: number): string {
  const f = civilFields(epochMs);
  const ms = f.ms ? `.${pad(f.ms, 3)}` : "";
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${ms}+08:00`;
}

/** Epoch ms of a lunar-typescript Solar, whose wall-clock fields are UTC+08:00. */
function solarEpochMs(s: Solar): number {
  return Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond()) - UTC8_MS;
}

function jieInstant(j: JieQi): JieInstant & { ms: number } {
  const ms = solarEpochMs(j.getSolar());
  return { name: j.getName(), at: toUtc8Iso(ms), ms };
}

/**
 * The calendar of a cast: month pillar at the exact 节 instant, day pillar changing at
 * 00:00, both in UTC+08:00 civil time, plus 旬空, 月破/日冲 targets and 六神. Pure: the
 * instant is an argument. Builds one Solar/Lunar pair.
 * @throws ApiError VALIDATION_ERROR for an invalid Date or a year outside CAST_YEAR_RANGE.
 */
export function castCalendar(castAt: Date): CastCalendar {
  const epochMs = castAt instanceof Date ? castAt.getTime() : Number.NaN;
  const f = civilFields(epochMs);
  if (!Number.isFinite(epochMs) || f.year < CAST_YEAR_RANGE.min || f.year > CAST_YEAR_RANGE.max) {
    const message = `cast_at must be a valid instant in the years ${CAST_YEAR_RANGE.min}–${CAST_YEAR_RANGE.max} (UTC+08:00).`;
    throw new ApiError("VALIDATION_ERROR", message, { details: [{ path: "cast_at", message }] });
  }
  const lunar = Solar.fromYmdHms(f.year, f.month, f.day, f.hour, f.minute, f.second).getLunar();
  // Index getters, not the string ones: the strings follow lunar-typescript's global I18n language.
  const monthStem = STEMS[lunar.getMonthGanIndexExact()];
  const monthBranch = BRANCHES[lunar.getMonthZhiIndexExact()];
  const dayStem = STEMS[lunar.getDayGanIndex()];
  const dayBranch = BRANCHES[lunar.getDayZhiIndex()];
  const monthPillar = monthStem + monthBranch;
  const dayPillar = dayStem + dayBranch;
  const monthByDay = STEMS[lunar.getMonthGanIndex()] + BRANCHES[lunar.getMonthZhiIndex()];
  const day23h = STEMS[lunar.getDayGanIndexExact()] + BRANCHES[lunar.getDayZhiIndexExact()];
  const prev = jieInstant(lunar.getPrevJie());
  const next = jieInstant(lunar.getNextJie());

  const flags: ConventionFlag[] = [];
  const notes: string[] = [];
  if (Math.min(epochMs - prev.ms, next.ms - epochMs) < NEAR_JIE_MS) flags.push("near_jie_boundary");
  if (monthByDay !== monthPillar) {
    flags.push("month_by_day!=month_exact");
    notes.push(
      `Month pillar ${monthPillar} follows the exact 节 instant (${prev.name} ${prev.at}, next ${next.name} ${next.at}); ` +
        `changing the month at the start of the 节's calendar day would give ${monthByDay}.`,
    );
  }
  if (day23h !== dayPillar) {
    flags.push("zi_hour_23h");
    notes.push(`Day pillar ${dayPillar} changes at 00:00; the 23:00 day change (子初换日) would give ${day23h}.`);
  }
  const { xun, void: voidPair } = xunOf(dayPillar);
  return {
    cast_at: toUtc8Iso(epochMs),
    month_pillar: monthPillar,
    month_stem: monthStem,
    month_branch: monthBranch,
    day_pillar: dayPillar,
    day_stem: dayStem,
    day_branch: dayBranch,
    xun,
    void: voidPair,
    month_break: clashOf(monthBranch),
    day_clash: clashOf(dayBranch),
    six_spirits: sixSpiritsOf(dayStem),
    prev_jie: { name: prev.name, at: prev.at },
    next_jie: { name: next.name, at: next.at },
    conventions: { timezone: "UTC+08:00", month_boundary: "exact_jie_instant", day_boundary: "00:00", void: "day_pillar_xun" },
    month_pillar_by_day: monthByDay,
    day_pillar_23h_rule: day23h,
    convention_sensitive: flags,
    notes,
  };
}
