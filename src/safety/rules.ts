/**
 * The shape of a safety rule: data, with the examples each one must catch and
 * must pass over (a unit test runs them all). A rule fires when every pattern
 * in `all` matches its view of the text (co-occurrence, e.g. a minor's age and
 * an abuse verb) and `unless` does not.
 */

/** Crisis categories: each has its own safety action (see actions.ts). */
export const CRISIS_CATEGORIES = ["suicide", "self_harm", "harm_others", "danger_from_others", "medical_emergency", "minor_abuse"] as const;
export type CrisisCategory = (typeof CRISIS_CATEGORIES)[number];

export type SafetyLevel = "none" | "concern" | "crisis";

/** Questions a reading must not decide (not crises): the answer says so and points to the right professional. */
export const SENSITIVE_TOPICS = ["medical_decision", "lifespan", "pregnancy_outcome", "harm_attribution"] as const;
export type SensitiveTopic = (typeof SENSITIVE_TOPICS)[number];

/** Which normalised view of the text a rule reads (views.ts). */
export type View = "zh" | "en" | "squashed";

export interface SafetyRule {
  id: string;
  /** `crisis` rules name a crisis category; `concern` rules (distress without a clear risk signal) name none; `topic` rules a sensitive topic. */
  tier: "crisis" | "concern" | "topic";
  category: CrisisCategory | null;
  topic?: SensitiveTopic;
  view: View;
  /** Regular-expression sources; all must match. English sources are wrapped in word boundaries. */
  all: readonly string[];
  unless?: string;
  /** Texts this rule must fire on, and near misses it must not fire on. */
  catches: readonly string[];
  passes: readonly string[];
}

/** Shorthand for a crisis rule on one pattern. */
export const crisis = (id: string, category: CrisisCategory, view: View, pattern: string | readonly string[], catches: readonly string[], passes: readonly string[] = [], unless?: string): SafetyRule => ({
  id,
  tier: "crisis",
  category,
  view,
  all: typeof pattern === "string" ? [pattern] : pattern,
  catches,
  passes,
  ...(unless !== undefined && { unless }),
});

/** Shorthand for a concern rule. */
export const concern = (id: string, view: View, pattern: string, catches: readonly string[], passes: readonly string[] = [], unless?: string): SafetyRule => ({
  id,
  tier: "concern",
  category: null,
  view,
  all: [pattern],
  catches,
  passes,
  ...(unless !== undefined && { unless }),
});

/** Shorthand for a sensitive-topic rule. */
export const topic = (id: string, name: SensitiveTopic, view: View, pattern: string, catches: readonly string[], passes: readonly string[] = [], unless?: string): SafetyRule => ({
  id,
  tier: "topic",
  category: null,
  topic: name,
  view,
  all: [pattern],
  catches,
  passes,
  ...(unless !== undefined && { unless }),
});
