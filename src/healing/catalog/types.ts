/**
 * Types of the protocol catalog. The attribute vocabulary follows
 * the shared design/healing-catalog.json; `breath_retention` is typed as the literal `false` so a
 * protocol that holds the breath cannot even be written down.
 */
import type {
  Arousal, EmotionTag, Environment, FiveElement, Goal, LocalizedText,
  PhysicalConstraint, Posture, PreferredIntensity, SpiritualLevel,
} from "../types.ts";

export const MOVEMENTS = ["none", "minimal", "gentle", "moderate"] as const;
export type Movement = (typeof MOVEMENTS)[number];

export const EYES = ["open", "closed", "optional"] as const;
export type Eyes = (typeof EYES)[number];

/** Only slow, unforced patterns exist: no retention, no fast or forceful breathing. */
export const BREATH_PATTERNS = ["natural", "extended_exhale", "paced_extended_exhale", "vocalized_exhale"] as const;
export type BreathPattern = (typeof BREATH_PATTERNS)[number];

/** How much talking the written script does: many prompts or a few sparse ones. */
export const DENSITIES = ["guided", "minimal"] as const;
export type Density = (typeof DENSITIES)[number];

/** The 17 catalog ids; a union so a protocol without a script is a compile error. */
export const PROTOCOL_IDS = [
  "music_breath_10", "extended_exhale_3", "grounding_orient_1", "grounding_54321_5", "butterfly_hug_3",
  "self_compassion_break_5", "hooponopono_reflection_8", "liuzijue_xu_he_6", "liuzijue_full_12",
  "baduanjin_seated_8", "baduanjin_standing_12", "zhanzhuang_5", "jingzuo_10", "jingzuo_traditional_20",
  "pmr_short_7", "body_scan_8", "walking_mindful_10",
] as const;
export type ProtocolId = (typeof PROTOCOL_IDS)[number];

/** Every emotion tag except `other`, which scores a flat 50 instead of a weight. */
export type WeightedEmotion = Exclude<EmotionTag, "other">;

/** The attributes the design fixes for each protocol (ids and values kept as given). */
export interface ProtocolAttributes {
  id: ProtocolId;
  version: string;
  /** Minutes. */
  duration: number;
  title: LocalizedText;
  posture: Posture;
  movement: Movement;
  eyes: Eyes;
  breath: BreathPattern;
  breath_retention: false;
  intensity: PreferredIntensity;
  density: Density;
  /** The least framing the protocol can honestly be presented with. */
  spiritual: SpiritualLevel;
  environments: readonly Environment[];
  contraindications: readonly PhysicalConstraint[];
  elements: readonly FiveElement[];
  requires_clear_space: boolean;
  suitable_for_minors: boolean;
  acute_ok: boolean;
  high_activation_ok: boolean;
  reflective: boolean;
  self_blame_caution: boolean;
  requires_audio: boolean;
  goals: Readonly<Record<Goal, number>>;
  emotions: Readonly<Record<WeightedEmotion, number>>;
  arousal: Readonly<Record<Arousal, number>>;
}

/** One timed step of a written script. */
export interface ScriptStep {
  seconds: number;
  text: LocalizedText;
}

/** A breathing rhythm; slow by construction (checked by the catalog tests). */
export interface BreathPace {
  inhale_seconds: number;
  exhale_seconds: number;
}

/** The written part of a protocol: steps, pacing, cautions beyond the shared one, cultural note. */
export interface ProtocolScript {
  steps: readonly ScriptStep[];
  breath_pace: BreathPace | null;
  /** Protocol-specific cautions; the shared stop-if caution is prepended by the catalog. */
  extra_cautions: readonly LocalizedText[];
  cultural_note: LocalizedText;
}

/** The one licensed media file a protocol may have. */
export interface AudioAsset {
  /** Path under the service base address; the route turns it into an absolute URL. */
  path: string;
  media_type: "audio/mpeg";
  license_status: "authorized";
  /** The track has no words, so any spiritual-language ceiling is honoured. */
  instrumental: true;
}

/** A complete catalog entry: attributes, written script and optional audio. */
export interface Protocol extends ProtocolAttributes {
  steps: readonly ScriptStep[];
  breath_pace: BreathPace | null;
  /** The shared caution first, then the protocol's own. */
  cautions: readonly LocalizedText[];
  cultural_note: LocalizedText;
  audio: AudioAsset | null;
}
