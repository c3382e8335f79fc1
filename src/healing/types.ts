/**
 * Closed vocabularies and input types of the Healing core, transcribed from the interface
 * spec's payload tables (Healing Plan, Session, Session event, checkout). The value lists are
 * `as const` tuples so the HTTP models can build their enums from the same source.
 */

/** A text in every language the service ships: English and Simplified Chinese. */
export interface LocalizedText {
  en: string;
  "zh-Hans": string;
  /** Present on the free-text safety actions (src/safety), which answer in the writer's script. */
  "zh-Hant"?: string;
}

export const EMOTION_TAGS = [
  "anxiety", "sadness", "self_blame", "guilt", "regret", "anger",
  "suppression", "irritability", "stuck", "confusion", "other",
] as const;
export type EmotionTag = (typeof EMOTION_TAGS)[number];

export const AROUSAL_LEVELS = ["low", "medium", "high"] as const;
export type Arousal = (typeof AROUSAL_LEVELS)[number];

export const GOALS = ["calm", "self_compassion", "release", "grounding", "rest"] as const;
export type Goal = (typeof GOALS)[number];

export const ENVIRONMENTS = ["private_indoor", "shared_indoor", "outdoor", "in_transit"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Both what the person can do (check-in) and what a protocol needs (catalog). */
export const POSTURES = ["seated", "standing", "either"] as const;
export type Posture = (typeof POSTURES)[number];

export const AGE_GROUPS = ["adult", "minor", "unknown"] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const CRISIS_FLAGS = [
  "self_harm", "harm_others", "chest_pain", "severe_breathing_difficulty", "fainting",
  "severe_dissociation", "psychotic_experience", "acute_intoxication", "unsafe_environment",
] as const;
export type CrisisFlag = (typeof CRISIS_FLAGS)[number];

export const PHYSICAL_CONSTRAINTS = [
  "mobility_limitation", "balance_issue", "recent_injury", "pregnancy",
  "cardiovascular_risk", "vertigo", "breathing_discomfort",
] as const;
export type PhysicalConstraint = (typeof PHYSICAL_CONSTRAINTS)[number];

export const PREFERRED_INTENSITIES = ["gentle", "moderate"] as const;
export type PreferredIntensity = (typeof PREFERRED_INTENSITIES)[number];

export const EYES_PREFERENCES = ["open", "closed", "no_preference"] as const;
export type EyesPreference = (typeof EYES_PREFERENCES)[number];

export const VOICE_PREFERENCES = ["guided", "minimal", "script_only"] as const;
export type VoicePreference = (typeof VOICE_PREFERENCES)[number];

export const MOVEMENT_PREFERENCES = ["avoid", "okay", "prefer"] as const;
export type MovementPreference = (typeof MOVEMENT_PREFERENCES)[number];

/** Ordered: each level may also present everything to its left. */
export const SPIRITUAL_LEVELS = ["neutral", "cultural", "traditional"] as const;
export type SpiritualLevel = (typeof SPIRITUAL_LEVELS)[number];

export const FIVE_ELEMENTS = ["wood", "fire", "earth", "metal", "water"] as const;
export type FiveElement = (typeof FIVE_ELEMENTS)[number];

/** `check_in`: every field required. */
export interface CheckIn {
  emotion_tags: EmotionTag[];
  intensity: number;
  arousal: Arousal;
  goal: Goal;
  available_minutes: number;
  environment: Environment;
  posture_available: Posture;
  audio_available: boolean;
}

/** `safety`: every field required. */
export interface SafetyInput {
  age_group: AgeGroup;
  immediate_danger: boolean;
  crisis_flags: CrisisFlag[];
  physical_constraints: PhysicalConstraint[];
  driving_or_operating: boolean;
  space_clear: boolean;
}

/** `preferences` after defaults are filled. */
export interface Preferences {
  preferred_intensity: PreferredIntensity;
  eyes_closed_preference: EyesPreference;
  voice_preference: VoicePreference;
  movement_preference: MovementPreference;
  spiritual_language: SpiritualLevel;
  excluded_protocol_ids: string[];
}

/**
 * The Healing Plan creation payload, as the route hands it over after schema validation
 * (and after {@link findDuplicateItems} found nothing).
 */
export interface PlanInput {
  bazi_chart_id?: string;
  check_in: CheckIn;
  safety: SafetyInput;
  preferences?: Partial<Preferences>;
  end_user_id?: string;
  metadata?: Record<string, string>;
}

/** {@link PlanInput} with every default filled and set-like arrays sorted. */
export interface NormalizedPlanInput extends Omit<PlanInput, "preferences"> {
  preferences: Preferences;
}

/** The element lists derived from a BaZi chart; English lower-case element names. */
export interface BaziElements {
  favorable_elements: readonly string[];
  unfavorable_elements: readonly string[];
}

export const PLAYBACK_MODES = ["guided", "minimal", "script_only"] as const;
export type PlaybackMode = (typeof PLAYBACK_MODES)[number];

export const SESSION_EVENT_TYPES = ["started", "paused", "resumed", "progressed", "completed", "stopped", "abandoned"] as const;
export type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

export const SESSION_STATES = ["ready", "active", "paused", "completed", "stopped", "abandoned"] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** The Session event update payload. */
export interface SessionEvent {
  client_event_id: string;
  event_type: SessionEventType;
  elapsed_seconds: number;
  occurred_at: string;
  reason_code?: string;
}

export const PERCEIVED_CHANGES = ["much_better", "somewhat_better", "no_change", "somewhat_worse", "much_worse"] as const;
export type PerceivedChange = (typeof PERCEIVED_CHANGES)[number];

export const BODY_STATES = ["more_settled", "same", "more_activated", "mixed", "not_sure"] as const;
export type BodyState = (typeof BODY_STATES)[number];

export const ADVERSE_TAGS = [
  "dizziness", "breathing_discomfort", "pain", "panic_increase",
  "dissociation", "emotional_overwhelm", "balance_problem", "other",
] as const;
export type AdverseTag = (typeof ADVERSE_TAGS)[number];

/** The checkout payload. */
export interface CheckoutInput {
  before_intensity: number;
  after_intensity: number;
  perceived_change: PerceivedChange;
  body_state: BodyState;
  would_repeat: boolean;
  adverse_experience: boolean;
  adverse_tags: AdverseTag[];
  comment?: string;
}

/** One validation problem, shaped like the error envelope's `details` items. */
export type { ValidationDetail } from "../input-refused.ts";
