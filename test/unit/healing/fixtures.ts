/**
 * Shared fixtures for the Healing unit tests: a calm baseline payload, a payload builder,
 * fast-check arbitraries for valid payloads, and an independent re-statement of the
 * design's hard-filter table (written from the design, not from src/healing/filters.ts),
 * so the property tests check the code against the rules rather than against itself.
 */
import fc from "fast-check";
import type { Protocol } from "../../../src/healing/catalog/index.ts";
import { PROTOCOL_IDS } from "../../../src/healing/catalog/index.ts";
import {
  AGE_GROUPS, AROUSAL_LEVELS, CRISIS_FLAGS, EMOTION_TAGS, ENVIRONMENTS, EYES_PREFERENCES, GOALS,
  MOVEMENT_PREFERENCES, PHYSICAL_CONSTRAINTS, POSTURES, PREFERRED_INTENSITIES, SPIRITUAL_LEVELS,
  VOICE_PREFERENCES, type PlanInput, type SessionEventType, type SessionState,
} from "../../../src/healing/types.ts";
import type { PlanDependencies } from "../../../src/healing/recommend.ts";

/**
 * The design's Session table, written out pair by pair (not derived from sessions.ts):
 * state → event → next state; an absent event is a conflict.
 */
export const DESIGN_TRANSITIONS: Record<SessionState, Partial<Record<SessionEventType, SessionState>>> = {
  ready: { started: "active", abandoned: "abandoned" },
  active: { progressed: "active", paused: "paused", completed: "completed", stopped: "stopped", abandoned: "abandoned" },
  paused: { resumed: "active", stopped: "stopped", abandoned: "abandoned" },
  completed: {},
  stopped: {},
  abandoned: {},
};

export const BASE_URL = "https://lingshu.test";
export const DEPS: PlanDependencies = { bazi: null, assetUrlFor: (id) => `${BASE_URL}/assets/healing/${id}/1.0.0/track.mp3` };

/** An adult, calm, unconstrained check-in: nothing in it triggers a red line or a filter. */
export function baseInput(): PlanInput {
  return {
    check_in: {
      emotion_tags: ["anxiety"], intensity: 5, arousal: "medium", goal: "calm", available_minutes: 15,
      environment: "private_indoor", posture_available: "either", audio_available: true,
    },
    safety: {
      age_group: "adult", immediate_danger: false, crisis_flags: [], physical_constraints: [],
      driving_or_operating: false, space_clear: true,
    },
  };
}

type Overrides = {
  check_in?: Partial<PlanInput["check_in"]>;
  safety?: Partial<PlanInput["safety"]>;
  preferences?: PlanInput["preferences"];
} & Omit<Partial<PlanInput>, "check_in" | "safety" | "preferences">;

/** The baseline with some members replaced. */
export function input(overrides: Overrides = {}): PlanInput {
  const base = baseInput();
  return {
    ...base,
    ...overrides,
    check_in: { ...base.check_in, ...overrides.check_in },
    safety: { ...base.safety, ...overrides.safety },
    ...(overrides.preferences ? { preferences: overrides.preferences } : {}),
  };
}

const LEVEL = (s: string) => SPIRITUAL_LEVELS.indexOf(s as never);

/**
 * Every design §3 rule the protocol breaks for this payload (names are descriptive only).
 * Written straight from the design table.
 */
export function violations(p: Protocol, x: PlanInput): string[] {
  const c = x.check_in;
  const s = x.safety;
  const prefs = {
    eyes: x.preferences?.eyes_closed_preference ?? "no_preference",
    voice: x.preferences?.voice_preference ?? "guided",
    movement: x.preferences?.movement_preference ?? "okay",
    spiritual: x.preferences?.spiritual_language ?? "neutral",
    excluded: x.preferences?.excluded_protocol_ids ?? [],
  };
  const minor = s.age_group === "minor" || s.age_group === "unknown";
  const out: string[] = [];
  if (minor && !p.suitable_for_minors) out.push("minor_unsuitable");
  if (minor && LEVEL(p.spiritual) > LEVEL("cultural")) out.push("minor_spiritual_cap");
  if (c.intensity >= 9 && !p.acute_ok) out.push("not_acute_ok");
  if (c.intensity >= 7 && c.intensity <= 8 && c.arousal === "high" && !p.high_activation_ok) out.push("not_high_activation_ok");
  if (c.intensity >= 7 && (c.emotion_tags.includes("self_blame") || c.emotion_tags.includes("guilt")) && p.self_blame_caution) out.push("self_blame_caution");
  if (!s.space_clear && p.requires_clear_space) out.push("needs_clear_space");
  if (!p.environments.includes(c.environment)) out.push("environment");
  if (c.posture_available === "seated" && !["seated", "either"].includes(p.posture)) out.push("posture");
  if (c.posture_available === "standing" && !["standing", "either"].includes(p.posture)) out.push("posture");
  if ((!c.audio_available || prefs.voice === "script_only") && p.requires_audio) out.push("audio");
  if (p.duration > c.available_minutes) out.push("too_long");
  for (const pc of s.physical_constraints) if (p.contraindications.includes(pc)) out.push(`contraindicated:${pc}`);
  if (prefs.excluded.includes(p.id)) out.push("excluded");
  if (prefs.movement === "avoid" && !["none", "minimal"].includes(p.movement)) out.push("movement");
  if (prefs.eyes === "open" && p.eyes === "closed") out.push("eyes_closed");
  if (LEVEL(p.spiritual) > LEVEL(prefs.spiritual)) out.push("spiritual_ceiling");
  return out;
}

/** The design §2 table, in priority order, straight from the design. */
export function expectedRedLines(x: PlanInput): string[] {
  const f = x.safety.crisis_flags;
  const rows: [boolean, string][] = [
    [x.safety.immediate_danger, "IMMEDIATE_DANGER"],
    [f.includes("self_harm"), "CRISIS_SELF_HARM"],
    [f.includes("harm_others"), "CRISIS_HARM_OTHERS"],
    [f.includes("chest_pain"), "MEDICAL_CHEST_PAIN"],
    [f.includes("severe_breathing_difficulty"), "MEDICAL_SEVERE_BREATHING_DIFFICULTY"],
    [f.includes("fainting"), "MEDICAL_FAINTING"],
    [f.includes("psychotic_experience"), "ACUTE_PSYCHOTIC_EXPERIENCE"],
    [f.includes("severe_dissociation"), "ACUTE_SEVERE_DISSOCIATION"],
    [f.includes("acute_intoxication"), "ACUTE_INTOXICATION"],
    [f.includes("unsafe_environment"), "UNSAFE_ENVIRONMENT"],
    [x.safety.driving_or_operating, "DRIVING_OR_OPERATING"],
  ];
  return rows.filter(([hit]) => hit).map(([, code]) => code);
}

/** Mostly `common`, sometimes `rare`: keeps blocked payloads from drowning the filter cases. */
const mostly = <T>(common: T, rare: fc.Arbitrary<T>, weight = 8) =>
  fc.oneof({ arbitrary: fc.constant(common), weight }, { arbitrary: rare, weight: 1 });

const someOf = <T>(values: readonly T[], maxLength = values.length) =>
  fc.uniqueArray(fc.constantFrom(...values), { maxLength });

/** Random schema-valid Plan payloads without duplicate items. */
export const planInputArb: fc.Arbitrary<PlanInput> = fc.record(
  {
    bazi_chart_id: fc.constantFrom("bzc_a", "bzc_b"),
    check_in: fc.record({
      emotion_tags: fc.uniqueArray(fc.constantFrom(...EMOTION_TAGS), { minLength: 1, maxLength: 5 }),
      intensity: fc.integer({ min: 0, max: 10 }),
      arousal: fc.constantFrom(...AROUSAL_LEVELS),
      goal: fc.constantFrom(...GOALS),
      available_minutes: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 120 })),
      environment: fc.constantFrom(...ENVIRONMENTS),
      posture_available: fc.constantFrom(...POSTURES),
      audio_available: fc.boolean(),
    }),
    safety: fc.record({
      age_group: fc.constantFrom(...AGE_GROUPS),
      immediate_danger: mostly(false, fc.constant(true), 12),
      crisis_flags: mostly([], someOf(CRISIS_FLAGS, 4), 4),
      physical_constraints: someOf(PHYSICAL_CONSTRAINTS, 3),
      driving_or_operating: mostly(false, fc.constant(true), 12),
      space_clear: fc.boolean(),
    }),
    preferences: fc.record(
      {
        preferred_intensity: fc.constantFrom(...PREFERRED_INTENSITIES),
        eyes_closed_preference: fc.constantFrom(...EYES_PREFERENCES),
        voice_preference: fc.constantFrom(...VOICE_PREFERENCES),
        movement_preference: fc.constantFrom(...MOVEMENT_PREFERENCES),
        spiritual_language: fc.constantFrom(...SPIRITUAL_LEVELS),
        excluded_protocol_ids: fc.uniqueArray(fc.oneof(fc.constantFrom(...PROTOCOL_IDS), fc.constantFrom("unknown_1", "nope")), { maxLength: 20 }),
      },
      { requiredKeys: [] },
    ),
    end_user_id: fc.constantFrom("u1", "u2"),
  },
  { requiredKeys: ["check_in", "safety"] },
);

/** Random element lists, possibly naming an element twice or an unknown one. */
export const baziArb = fc.record({
  favorable_elements: fc.uniqueArray(fc.constantFrom("wood", "fire", "earth", "metal", "water", "void"), { maxLength: 3 }),
  unfavorable_elements: fc.uniqueArray(fc.constantFrom("wood", "fire", "earth", "metal", "water"), { maxLength: 3 }),
});
