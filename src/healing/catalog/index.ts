/**
 * The protocol catalog: the design's attributes joined with the scripts written in this
 * project and the one licensed audio track. Frozen, so a Plan snapshot can never be edited
 * through a shared reference.
 */
import { CATALOG_VERSION, PROTOCOL_ATTRIBUTES } from "./attributes.ts";
import { BASE_CAUTION } from "./script-helpers.ts";
import { BODY_SCRIPTS } from "./scripts-body.ts";
import { BREATH_SCRIPTS } from "./scripts-breath.ts";
import { COMPASSION_SCRIPTS } from "./scripts-compassion.ts";
import { GROUNDING_SCRIPTS } from "./scripts-grounding.ts";
import { STILLNESS_SCRIPTS } from "./scripts-stillness.ts";
import type { AudioAsset, Protocol, ProtocolId, ProtocolScript } from "./types.ts";

export { CATALOG_VERSION, PROTOCOL_ATTRIBUTES, BASE_CAUTION };
export * from "./types.ts";

/** Typed as a full record, so a protocol without a script does not compile. */
const SCRIPTS: Record<ProtocolId, ProtocolScript> = {
  ...BREATH_SCRIPTS, ...GROUNDING_SCRIPTS, ...COMPASSION_SCRIPTS, ...BODY_SCRIPTS, ...STILLNESS_SCRIPTS,
};

/** The path the asset endpoint serves (spec: immutable, versioned segment 1.0.0). */
export const MUSIC_BREATH_AUDIO_PATH = "/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3";

/** Only music_breath_10 has a track: instrumental, licensed for this service. */
const AUDIO: Partial<Record<ProtocolId, AudioAsset>> = {
  music_breath_10: { path: MUSIC_BREATH_AUDIO_PATH, media_type: "audio/mpeg", license_status: "authorized", instrumental: true },
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** All 17 protocols, in the design's order (the order carries no meaning; scoring sorts). */
export const CATALOG: readonly Protocol[] = deepFreeze(
  PROTOCOL_ATTRIBUTES.map((attributes): Protocol => {
    const script = SCRIPTS[attributes.id];
    return {
      ...attributes,
      steps: script.steps,
      breath_pace: script.breath_pace,
      cautions: [BASE_CAUTION, ...script.extra_cautions],
      cultural_note: script.cultural_note,
      audio: AUDIO[attributes.id] ?? null,
    };
  }),
);

const BY_ID = new Map<string, Protocol>(CATALOG.map((p) => [p.id, p]));

/**
 * Looks a protocol up by id; unknown ids answer undefined (callers such as the exclusion
 * filter ignore them rather than fail).
 * @example getProtocol("grounding_orient_1")?.duration // 1
 */
export function getProtocol(id: string): Protocol | undefined {
  return BY_ID.get(id);
}

/** The universal fallback: one minute, eyes open, passes every filter but an explicit exclusion. */
export const FALLBACK_PROTOCOL_ID: ProtocolId = "grounding_orient_1";
