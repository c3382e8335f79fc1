/**
 * validateBirth: every check a `birth` object needs before a chart can be computed — the field
 * types and ranges (repeated here so the core is safe without the HTTP schema) and the calendar
 * checks no schema can express: the day must exist in that solar or lunar month, a leap month
 * must exist in that lunar year, and the date must lie in 1900-01-01 … 2100-12-31.
 */
import { almanac, FIRST_YEAR, LAST_LUNAR_JDN, LAST_YEAR } from "./almanac.ts";
import { BIRTHPLACE_MAX_LENGTH, type CalendarType, type Gender, type NormalizedBirth, TIME_BASES, type TimeBasis, type TimeConfidence } from "./birth.ts";
import { birthClock } from "./birth-clock.ts";
import { daysInMonth, formatJdn, jdnFromYmd, pad2 } from "./civil-date.ts";
import { resolveLunarDate } from "./lunar-calendar.ts";

/** One problem with the input: where (e.g. "birth.day") and what. */
export interface ValidationDetail {
  path: string;
  message: string;
}

/** A normalised birth, or every problem found. */
export type ValidateBirthResult = { ok: true; birth: NormalizedBirth } | { ok: false; details: ValidationDetail[] };

const ALLOWED = new Set([
  "year", "month", "day", "hour", "minute", "gender", "calendar_type", "is_leap_month", "time_confidence", "birthplace", "time_basis",
]);

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

/** Reads the input's fields, collecting problems instead of stopping at the first. */
class FieldReader {
  readonly details: ValidationDetail[] = [];
  constructor(private readonly o: Record<string, unknown>) {}

  problem(field: string, message: string): void {
    this.details.push({ path: `birth.${field}`, message });
  }

  int(field: string, min: number, max: number, fallback?: number): number {
    const v = this.o[field];
    if (v === undefined) {
      if (fallback === undefined) this.problem(field, "is required");
      return fallback ?? min;
    }
    if (typeof v !== "number" || !Number.isInteger(v)) {
      this.problem(field, typeof v === "number" ? "must be an integer" : `must be an integer (got ${describe(v)})`);
    } else if (v < min || v > max) {
      this.problem(field, `must be between ${min} and ${max}`);
    }
    return v as number;
  }

  choice<T extends string>(field: string, options: readonly T[], fallback?: T): T {
    const v = this.o[field];
    if (v === undefined) {
      if (fallback === undefined) this.problem(field, "is required");
      return fallback ?? options[0];
    }
    if (!options.includes(v as T)) this.problem(field, `must be one of ${options.map((x) => JSON.stringify(x)).join(", ")}`);
    return v as T;
  }

  bool(field: string, fallback: boolean): boolean {
    const v = this.o[field];
    if (v === undefined) return fallback;
    if (typeof v !== "boolean") this.problem(field, `must be a boolean (got ${describe(v)})`);
    return v as boolean;
  }

  text(field: string, maxLength: number): string | undefined {
    const v = this.o[field];
    if (v === undefined) return undefined;
    if (typeof v !== "string") this.problem(field, `must be a string (got ${describe(v)})`);
    // Count code points, as JSON Schema maxLength does, so a CJK or emoji name is not penalised.
    else if ([...v].length > maxLength) this.problem(field, `must be at most ${maxLength} characters`);
    return v as string;
  }
}

/** The calendar checks, run only once every field has the right type and range. */
function dateProblem(b: NormalizedBirth): ValidationDetail | null {
  if (b.calendar_type === "solar") {
    const days = daysInMonth(b.year, b.month);
    return b.day > days ? { path: "birth.day", message: `${b.year}-${pad2(b.month)} has ${days} days` } : null;
  }
  const r = resolveLunarDate(almanac(), b.year, b.month, b.is_leap_month, b.day);
  if (r.ok) {
    if (r.jdn <= LAST_LUNAR_JDN) return null;
    const message = `lunar ${b.year}-${pad2(b.month)}-${pad2(b.day)} is ${formatJdn(r.jdn)} in the solar calendar, after the last supported lunar day (2100-12-29, 2101-01-28)`;
    return { path: "birth.day", message };
  }
  switch (r.problem) {
    case "no_such_leap_month": {
      const hint = r.leapMonth ? ` (its leap month is ${r.leapMonth})` : "";
      return { path: "birth.is_leap_month", message: `lunar ${b.year} has no leap month ${b.month}${hint}` };
    }
    case "day_out_of_month":
      return { path: "birth.day", message: `lunar ${b.year} ${b.is_leap_month ? "leap " : ""}month ${b.month} has ${r.days} days` };
    case "out_of_range":
      return { path: "birth", message: "lunar date out of range" }; // unreachable after the range checks
  }
}

/**
 * Validate and normalise a `birth` object (defaults: minute 0, calendar_type "solar",
 * is_leap_month false, time_confidence "exact", time_basis "civil"). Accepts any value, so it is
 * safe on raw JSON.
 * @example validateBirth({ year: 2023, month: 2, day: 29, hour: 12, gender: "男" })
 * // { ok: false, details: [{ path: "birth.day", message: "2023-02 has 28 days" }] }
 */
export function validateBirth(birth: unknown): ValidateBirthResult {
  if (typeof birth !== "object" || birth === null || Array.isArray(birth)) {
    return { ok: false, details: [{ path: "birth", message: `must be an object (got ${describe(birth)})` }] };
  }
  const o = birth as Record<string, unknown>;
  const r = new FieldReader(o);
  for (const key of Object.keys(o)) if (!ALLOWED.has(key)) r.problem(key, "is not an allowed property");

  const calendarType = r.choice<CalendarType>("calendar_type", ["solar", "lunar"], "solar");
  const lunar = calendarType === "lunar";
  const normalized: NormalizedBirth = {
    year: r.int("year", FIRST_YEAR, LAST_YEAR),
    month: r.int("month", 1, 12),
    day: r.int("day", 1, lunar ? 30 : 31),
    hour: r.int("hour", 0, 23),
    minute: r.int("minute", 0, 59, 0),
    gender: r.choice<Gender>("gender", ["男", "女"]),
    calendar_type: calendarType,
    is_leap_month: r.bool("is_leap_month", false),
    time_confidence: r.choice<TimeConfidence>("time_confidence", ["exact", "approximate"], "exact"),
    time_basis: r.choice<TimeBasis>("time_basis", TIME_BASES, "civil"),
  };
  const birthplace = r.text("birthplace", BIRTHPLACE_MAX_LENGTH);
  if (birthplace !== undefined) normalized.birthplace = birthplace;
  if (normalized.is_leap_month === true && !lunar) r.problem("is_leap_month", 'is only allowed with calendar_type "lunar"');
  if (r.details.length > 0) return { ok: false, details: r.details };

  const problem = dateProblem(normalized);
  if (problem) return { ok: false, details: [problem] };
  // A time the birthplace's clocks never showed (summer time began over it), or true solar time without a known place.
  const clock = birthClock(normalized, solarJdn(normalized));
  // Frozen: the clock worked out here is memoised on this object for the chart to reuse.
  return clock.ok ? { ok: true, birth: Object.freeze(normalized) } : { ok: false, details: [{ path: clock.path, message: clock.message }] };
}

/** The solar date (JDN) of a birth whose date checks passed. */
function solarJdn(b: NormalizedBirth): number {
  if (b.calendar_type === "solar") return jdnFromYmd(b.year, b.month, b.day);
  const r = resolveLunarDate(almanac(), b.year, b.month, b.is_leap_month, b.day);
  if (!r.ok) throw new RangeError("lunar date without a solar day (dateProblem passed it)");
  return r.jdn;
}
