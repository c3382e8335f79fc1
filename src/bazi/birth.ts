/**
 * The birth data a chart is computed from: the request shape and its normalised form.
 */

/** Gender as the API takes it; it only sets the luck direction. */
export const GENDERS = ["男", "女"] as const;
export type Gender = (typeof GENDERS)[number];
/** Calendar of the given date: Gregorian ("solar") or Chinese lunisolar ("lunar"). */
export const CALENDAR_TYPES = ["solar", "lunar"] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
/** "approximate" marks the hour pillar uncertain and lists its neighbours. */
export const TIME_CONFIDENCES = ["exact", "approximate"] as const;
export type TimeConfidence = (typeof TIME_CONFIDENCES)[number];
/** What the day and hour pillars read: local standard ("civil") time, or true solar time at the birthplace. */
export const TIME_BASES = ["civil", "true_solar"] as const;
export type TimeBasis = (typeof TIME_BASES)[number];

/** A `birth` object as a client sends it (optional fields may be missing). */
export interface BirthInput {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute?: number;
  gender: Gender;
  calendar_type?: CalendarType;
  is_leap_month?: boolean;
  time_confidence?: TimeConfidence;
  birthplace?: string;
  time_basis?: TimeBasis;
}

/**
 * A validated birth with every default filled in. The date is in `calendar_type`'s calendar; the
 * time is the wall clock at the birthplace (Beijing time without one; birth-clock.ts). Build one with
 * validateBirth (validate-birth.ts).
 */
export interface NormalizedBirth {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  gender: Gender;
  calendar_type: CalendarType;
  is_leap_month: boolean;
  time_confidence: TimeConfidence;
  birthplace?: string;
  time_basis: TimeBasis;
}

/** Longest accepted `birthplace`, in Unicode characters (code points). */
export const BIRTHPLACE_MAX_LENGTH = 120;
