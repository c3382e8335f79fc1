/**
 * The Plan input after schema validation: preference defaults (spec table), the
 * duplicate-item rule (design §1), and the canonical form whose SHA-256 a Plan records.
 */
import { canonicalJson, sha256Hex } from "./canonical.ts";
import type { NormalizedPlanInput, PlanInput, Preferences, ValidationDetail } from "./types.ts";

/** The spec's defaults for omitted preferences; `excluded_protocol_ids` "none" is an empty list. */
export const PREFERENCE_DEFAULTS: Readonly<Omit<Preferences, "excluded_protocol_ids">> = Object.freeze({
  preferred_intensity: "gentle",
  eyes_closed_preference: "no_preference",
  voice_preference: "guided",
  movement_preference: "okay",
  spiritual_language: "neutral",
});

/**
 * Every array in the payload holds a set (tags, flags, ids), so order carries no meaning:
 * sorting makes permuted payloads canonical, hash alike and get byte-identical Plans.
 */
function sortedCopy<T extends string>(items: readonly T[]): T[] {
  return [...items].sort();
}

/**
 * Fills the preference defaults, sorts the set-like arrays and copies only the payload's
 * known members (the schema already refused any other), sharing nothing with the argument.
 * @example normalizePlanInput(input).preferences.voice_preference // "guided" when omitted
 */
export function normalizePlanInput(input: PlanInput): NormalizedPlanInput {
  const prefs = input.preferences ?? {};
  const { check_in: c, safety: s } = input;
  return {
    bazi_chart_id: input.bazi_chart_id,
    check_in: {
      emotion_tags: sortedCopy(c.emotion_tags),
      intensity: c.intensity,
      arousal: c.arousal,
      goal: c.goal,
      available_minutes: c.available_minutes,
      environment: c.environment,
      posture_available: c.posture_available,
      audio_available: c.audio_available,
    },
    safety: {
      age_group: s.age_group,
      immediate_danger: s.immediate_danger,
      crisis_flags: sortedCopy(s.crisis_flags),
      physical_constraints: sortedCopy(s.physical_constraints),
      driving_or_operating: s.driving_or_operating,
      space_clear: s.space_clear,
    },
    preferences: {
      preferred_intensity: prefs.preferred_intensity ?? PREFERENCE_DEFAULTS.preferred_intensity,
      eyes_closed_preference: prefs.eyes_closed_preference ?? PREFERENCE_DEFAULTS.eyes_closed_preference,
      voice_preference: prefs.voice_preference ?? PREFERENCE_DEFAULTS.voice_preference,
      movement_preference: prefs.movement_preference ?? PREFERENCE_DEFAULTS.movement_preference,
      spiritual_language: prefs.spiritual_language ?? PREFERENCE_DEFAULTS.spiritual_language,
      excluded_protocol_ids: sortedCopy(prefs.excluded_protocol_ids ?? []),
    },
    end_user_id: input.end_user_id,
    metadata: input.metadata === undefined ? undefined : { ...input.metadata },
  };
}

/**
 * SHA-256 of the canonical JSON of the normalized input (keys sorted, defaults filled,
 * set-like arrays sorted, absent optional members left out).
 */
export function inputSha256(normalized: NormalizedPlanInput): string {
  return sha256Hex(canonicalJson(normalized));
}

/**
 * One detail per repeated item of `items`, at the repeat's path in the platform's style (`tags[2]`).
 * @example duplicateItemDetails("a", ["x", "y", "x"]) // [{ path: "a[2]", message: … }]
 */
export function duplicateItemDetails(path: string, items: readonly unknown[] | undefined): ValidationDetail[] {
  const firstIndex = new Map<unknown, number>();
  const details: ValidationDetail[] = [];
  (items ?? []).forEach((item, index) => {
    const first = firstIndex.get(item);
    if (first === undefined) firstIndex.set(item, index);
    else details.push({ path: `${path}[${index}]`, message: `duplicate item ${JSON.stringify(item)} (first at index ${first})` });
  });
  return details;
}

/**
 * The design's "duplicate array items are rejected" rule for a Plan payload, which the
 * route answers with 422 VALIDATION_ERROR and these details. Empty when the payload is fine.
 * @example findDuplicateItems({ …, check_in: { emotion_tags: ["anger", "anger"], … } })
 *   // [{ path: "check_in.emotion_tags[1]", message: 'duplicate item "anger" (first at index 0)' }]
 */
export function findDuplicateItems(input: PlanInput): ValidationDetail[] {
  return [
    ...duplicateItemDetails("check_in.emotion_tags", input.check_in.emotion_tags),
    ...duplicateItemDetails("safety.crisis_flags", input.safety.crisis_flags),
    ...duplicateItemDetails("safety.physical_constraints", input.safety.physical_constraints),
    ...duplicateItemDetails("preferences.excluded_protocol_ids", input.preferences?.excluded_protocol_ids),
  ];
}
