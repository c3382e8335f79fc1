/**
 * Hard filters (design §3): they restrict the catalog, never block. Each filter is named, so
 * the Plan can say which one removed each protocol (the first failing one, in table order).
 */
import { CATALOG, type Protocol } from "./catalog/index.ts";
import { SPIRITUAL_LEVELS, type NormalizedPlanInput, type SpiritualLevel } from "./types.ts";

/** Filter names in the design table's order. */
export const FILTER_NAMES = [
  "age_group", "acute_intensity", "high_activation", "self_blame_caution", "clear_space",
  "environment", "posture", "audio", "available_minutes", "physical_constraints",
  "excluded_protocol_ids", "movement_preference", "eyes_closed_preference", "spiritual_language",
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** Minors and people of unknown age get at most cultural framing, whatever they ask for. */
const MINOR_SPIRITUAL_CAP: SpiritualLevel = "cultural";

const level = (s: SpiritualLevel) => SPIRITUAL_LEVELS.indexOf(s);

/** True when age rules apply: the design treats an unknown age like a minor. */
export function isMinorOrUnknown(input: NormalizedPlanInput): boolean {
  return input.safety.age_group !== "adult";
}

/** True at intensity ≥ 9, where only acute-safe protocols remain and a support notice shows. */
export function isAcute(input: NormalizedPlanInput): boolean {
  return input.check_in.intensity >= 9;
}

/** True when neither audio may play: no audio at hand, or the person wants the text only. */
export function audioRuledOut(input: NormalizedPlanInput): boolean {
  return !input.check_in.audio_available || input.preferences.voice_preference === "script_only";
}

/** The spiritual ceiling actually applied: the request, capped for minors and unknown ages. */
export function spiritualCeiling(input: NormalizedPlanInput): SpiritualLevel {
  const requested = input.preferences.spiritual_language;
  return isMinorOrUnknown(input) && level(requested) > level(MINOR_SPIRITUAL_CAP) ? MINOR_SPIRITUAL_CAP : requested;
}

type FilterTest = (p: Protocol, input: NormalizedPlanInput) => boolean;

/** Each test answers "may this protocol stay?"; iteration follows FILTER_NAMES. */
const FILTER_TESTS: Readonly<Record<FilterName, FilterTest>> = {
  // The minor cap on spiritual framing belongs to this row of the design table.
  age_group: (p, input) =>
    !isMinorOrUnknown(input) || (p.suitable_for_minors && level(p.spiritual) <= level(MINOR_SPIRITUAL_CAP)),
  acute_intensity: (p, input) => !isAcute(input) || p.acute_ok,
  high_activation: (p, { check_in: c }) =>
    !(c.intensity >= 7 && c.intensity <= 8 && c.arousal === "high") || p.high_activation_ok,
  self_blame_caution: (p, { check_in: c }) =>
    !(c.intensity >= 7 && (c.emotion_tags.includes("self_blame") || c.emotion_tags.includes("guilt"))) || !p.self_blame_caution,
  clear_space: (p, input) => input.safety.space_clear || !p.requires_clear_space,
  environment: (p, input) => p.environments.includes(input.check_in.environment),
  posture: (p, input) => {
    const can = input.check_in.posture_available;
    return can === "either" || p.posture === "either" || p.posture === can;
  },
  audio: (p, input) => !audioRuledOut(input) || !p.requires_audio,
  available_minutes: (p, input) => p.duration <= input.check_in.available_minutes,
  physical_constraints: (p, input) => !input.safety.physical_constraints.some((c) => p.contraindications.includes(c)),
  excluded_protocol_ids: (p, input) => !input.preferences.excluded_protocol_ids.includes(p.id),
  movement_preference: (p, input) =>
    input.preferences.movement_preference !== "avoid" || p.movement === "none" || p.movement === "minimal",
  eyes_closed_preference: (p, input) => input.preferences.eyes_closed_preference !== "open" || p.eyes !== "closed",
  spiritual_language: (p, input) => level(p.spiritual) <= level(input.preferences.spiritual_language),
};

/**
 * The first filter (in table order) that removes the protocol, or null if it survives all.
 * @example firstFailingFilter(getProtocol("jingzuo_traditional_20")!, adultInTransit) // "environment"
 */
export function firstFailingFilter(protocol: Protocol, input: NormalizedPlanInput): FilterName | null {
  return FILTER_NAMES.find((name) => !FILTER_TESTS[name](protocol, input)) ?? null;
}

/** The survivors and, keyed by protocol id, the filter that removed each other one; both in id order. */
export interface FilterOutcome {
  survivors: Protocol[];
  rejected: Record<string, FilterName>;
}

/**
 * Runs every hard filter over the catalog.
 * @example applyHardFilters(input).rejected.baduanjin_standing_12 // "clear_space" when space_clear is false
 */
export function applyHardFilters(input: NormalizedPlanInput, catalog: readonly Protocol[] = CATALOG): FilterOutcome {
  const survivors: Protocol[] = [];
  const rejected: Record<string, FilterName> = {};
  // Id order, so `rejected` serialises the same whatever order the catalog lists.
  for (const protocol of [...catalog].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const failing = firstFailingFilter(protocol, input);
    if (failing === null) survivors.push(protocol);
    else rejected[protocol.id] = failing;
  }
  return { survivors, rejected };
}
