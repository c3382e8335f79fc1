/**
 * Safety red lines (design §2). A hit blocks the Plan before any filter or score runs, and
 * nothing else on the request can unblock it: only the `safety` object is consulted.
 */
import type { CrisisFlag, LocalizedText, SafetyInput } from "./types.ts";

/** Reason codes in the design's priority order. */
export const RED_LINE_CODES = [
  "IMMEDIATE_DANGER", "CRISIS_SELF_HARM", "CRISIS_HARM_OTHERS", "MEDICAL_CHEST_PAIN",
  "MEDICAL_SEVERE_BREATHING_DIFFICULTY", "MEDICAL_FAINTING", "ACUTE_PSYCHOTIC_EXPERIENCE",
  "ACUTE_SEVERE_DISSOCIATION", "ACUTE_INTOXICATION", "UNSAFE_ENVIRONMENT", "DRIVING_OR_OPERATING",
] as const;
export type RedLineCode = (typeof RED_LINE_CODES)[number];

const flagged = (flag: CrisisFlag) => (s: SafetyInput) => s.crisis_flags.includes(flag);

/** Each red line's test, keyed by code; iteration follows RED_LINE_CODES, never this object. */
const RED_LINE_TESTS: Readonly<Record<RedLineCode, (s: SafetyInput) => boolean>> = {
  IMMEDIATE_DANGER: (s) => s.immediate_danger,
  CRISIS_SELF_HARM: flagged("self_harm"),
  CRISIS_HARM_OTHERS: flagged("harm_others"),
  MEDICAL_CHEST_PAIN: flagged("chest_pain"),
  MEDICAL_SEVERE_BREATHING_DIFFICULTY: flagged("severe_breathing_difficulty"),
  MEDICAL_FAINTING: flagged("fainting"),
  ACUTE_PSYCHOTIC_EXPERIENCE: flagged("psychotic_experience"),
  ACUTE_SEVERE_DISSOCIATION: flagged("severe_dissociation"),
  ACUTE_INTOXICATION: flagged("acute_intoxication"),
  UNSAFE_ENVIRONMENT: flagged("unsafe_environment"),
  DRIVING_OR_OPERATING: (s) => s.driving_or_operating,
};

/** A fixed text shown to the person, with the stable id clients may key translations on. */
export interface FixedText {
  text_id: string;
  text: LocalizedText;
}

/**
 * The fixed safety-action text. No phone numbers: they differ by country and go stale.
 * Reused for blocked Plans, `error.safety_action` (HEALING_PLAN_BLOCKED), session crisis
 * escalation and checkouts that call for it.
 */
export const SAFETY_ACTION: FixedText = Object.freeze({
  text_id: "healing.safety_action.v1",
  text: Object.freeze({
    en: "Your safety comes first. If you are not in a safe place, get to one now if you can. "
      + "Then contact your local emergency services or a crisis line where you are. "
      + "Please do not stay alone: reach out to someone you trust and stay with them, or go where other people are. "
      + "This service is not an emergency service and cannot send help.",
    "zh-Hans": "你的安全最重要。如果你所在的地方不安全，请尽可能先到安全的地方。"
      + "然后立即联系当地的紧急服务或心理危机热线。"
      + "请不要独自一人：联系你信任的人并和他们待在一起，或者去有其他人在的地方。"
      + "本服务不是紧急服务，无法为你派出救助。",
  }),
});

/** The `block` member of a blocked Plan. */
export interface PlanBlock {
  blocked: true;
  primary_reason: RedLineCode;
  reason_codes: RedLineCode[];
  safety_action: FixedText;
}

/**
 * Every red line the safety answers hit, in priority order; empty when none.
 * @example redLineHits({ …, immediate_danger: true, crisis_flags: ["chest_pain"] })
 *   // ["IMMEDIATE_DANGER", "MEDICAL_CHEST_PAIN"]
 */
export function redLineHits(safety: SafetyInput): RedLineCode[] {
  return RED_LINE_CODES.filter((code) => RED_LINE_TESTS[code](safety));
}

/**
 * The Plan's `block`, or null when no red line is hit. `primary_reason` is the first hit.
 * @example evaluateRedLines({ …, driving_or_operating: true })?.primary_reason // "DRIVING_OR_OPERATING"
 */
export function evaluateRedLines(safety: SafetyInput): PlanBlock | null {
  const reason_codes = redLineHits(safety);
  if (reason_codes.length === 0) return null;
  return { blocked: true, primary_reason: reason_codes[0]!, reason_codes, safety_action: SAFETY_ACTION };
}
