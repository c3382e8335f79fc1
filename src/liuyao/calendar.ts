import { epochMsOfCivilSeconds } from "../bazi/civil-date.ts";
import { dayPillarOfDate, type TermInstant, termsAt } from "../bazi/term-calendar.ts";
import { InputRefused } from "../input-refused.ts";
import { BRANCHES, STEMS, clashOf, sixSpiritsOf, xunOf, type Branch, type Spirit, type Stem } from "./ganzhi.ts";

/** Offset of the service's civil time (China Standard Time) from UTC. */
const UTC8_MS = 8 * 3600 * 1000;
/** A cast this close to a 节 instant is flagged: term instants differ by a minute or so between ephemerides. */
export const NEAR_JIE_MS = 3600 * 1000;
/** Years the term tables (src/bazi/term-calendar.ts, from lunar-typescript) cover; outside, the cast time is rejected. */
export const CAST_YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** Which calendar rules produced the pillars. */
export interface CalendarConventions {
  /** The offset whose wall clock gives the day: cast_at's own (default UTC+08:00), e.g. "UTC-04:00". */
  readonly timezone: string;
  /** The month pillar changes at the exact 节 instant (not at the start of the 节's calendar day). */
  readonly month_boundary: "exact_jie_instant";
  /** The day pillar changes at 00:00 (not at 23:00, 子初换日). */
  readonly day_boundary: "00:00";
  readonly void: "day_pillar_xun";
}

/** A named solar term and its instant, written in the cast's offset. */
export interface JieInstant {
  readonly name: string;
  readonly at: string;
}

/** Why a reading's pillars could differ under another common convention. */
export const CONVENTION_FLAGS = ["near_jie_boundary", "month_by_day!=month_exact", "zi_hour_23h"] as const;
export type ConventionFlag = (typeof CONVENTION_FLAGS)[number];

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

/** Wall-clock fields of an instant at an offset from UTC (default UTC+08:00). */
function civilFields(epochMs: number, offsetMs = UTC8_MS) {
  const d = new Date(epochMs + offsetMs);
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

/** "+08:00", "-04:00", "+05:45": an offset in minutes as RFC 3339 writes it. */
const offsetText = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** ISO-8601 at an offset (default +08:00); milliseconds only when non-zero. */
export function toOffsetIso(epochMs: number, offsetMinutes = 480): string {
  const f = civilFields(epochMs, offsetMinutes * 60_000);
  const ms = f.ms ? `.${pad(f.ms, 3)}` : "";
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${ms}${offsetText(offsetMinutes)}`;
}

/**
 * The offset, in minutes, an RFC 3339 date-time is written in ("Z" is 0), or null when it has none.
 * @example offsetOf("2026-06-20T22:30:00-04:00") // -240
 */
export function offsetOf(dateTime: string): number | null {
  const m = /(?:(z)|([+-])(\d{2}):?(\d{2}))$/i.exec(dateTime.trim());
  if (!m) return null;
  return m[1] ? 0 : (m[2] === "-" ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
}

function jieInstant(j: TermInstant, offsetMinutes: number): JieInstant & { ms: number } {
  const ms = epochMsOfCivilSeconds(j.civilSeconds);
  return { name: j.name, at: toOffsetIso(ms, offsetMinutes), ms };
}

const pillarName = (index: number) => STEMS[index % 10]! + BRANCHES[index % 12]!;

/**
 * The calendar of a cast: month pillar at the exact 节 instant (the same instant everywhere),
 * day pillar changing at 00:00 on the wall clock of the cast's own offset (a cast at
 * 2026-06-20T22:30-04:00 is on 06-20, though Beijing is already on 06-21), plus 旬空, 月破/日冲
 * targets and 六神. Pure: the instant and offset are arguments.
 * @param offsetMinutes the offset cast_at was written in (default UTC+08:00, the service's civil time)
 * @throws InputRefused for an invalid Date or a year outside CAST_YEAR_RANGE.
 */
export function castCalendar(castAt: Date, offsetMinutes = 480): CastCalendar {
  const epochMs = castAt instanceof Date ? castAt.getTime() : Number.NaN;
  const f = civilFields(epochMs);
  if (!Number.isFinite(epochMs) || f.year < CAST_YEAR_RANGE.min || f.year > CAST_YEAR_RANGE.max) {
    const message = `cast_at must be a valid instant in the years ${CAST_YEAR_RANGE.min}–${CAST_YEAR_RANGE.max} (UTC+08:00).`;
    throw new InputRefused([{ path: "cast_at", message }], message);
  }
  // The month is an instant against the 节 (the chart's term tables, on Beijing's clock); the day is
  // the cast's own wall clock.
  const terms = termsAt(epochMs);
  const local = offsetMinutes === 480 ? f : civilFields(epochMs, offsetMinutes * 60_000);
  const day = dayPillarOfDate(local.year, local.month, local.day);
  const monthPillar = pillarName(terms.month);
  const dayPillar = pillarName(day);
  const monthStem = monthPillar[0] as Stem;
  const monthBranch = monthPillar[1] as Branch;
  const dayStem = dayPillar[0] as Stem;
  const dayBranch = dayPillar[1] as Branch;
  const monthByDay = pillarName(terms.monthByDay);
  const day23h = local.hour >= 23 ? pillarName((day + 1) % 60) : dayPillar;
  const prev = jieInstant(terms.prev, offsetMinutes);
  const next = jieInstant(terms.next, offsetMinutes);

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
    cast_at: toOffsetIso(epochMs, offsetMinutes),
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
    conventions: { timezone: `UTC${offsetText(offsetMinutes)}`, month_boundary: "exact_jie_instant", day_boundary: "00:00", void: "day_pillar_xun" },
    month_pillar_by_day: monthByDay,
    day_pillar_23h_rule: day23h,
    convention_sensitive: flags,
    notes,
  };
}
