/**
 * The Healing request payloads (spec: no extra properties at any level), built from the
 * core's vocabularies in types.ts so the schema and the engine cannot disagree on a value.
 */
import { Type, type Static } from "@sinclair/typebox";
import { DOCUMENTED_UNIQUE_ITEMS, EndUserId, Metadata, StringEnum } from "../platform/schemas.ts";
import {
  ADVERSE_TAGS, AGE_GROUPS, AROUSAL_LEVELS, BODY_STATES, CRISIS_FLAGS, EMOTION_TAGS, ENVIRONMENTS, EYES_PREFERENCES, GOALS,
  MOVEMENT_PREFERENCES, PERCEIVED_CHANGES, PHYSICAL_CONSTRAINTS, PLAYBACK_MODES, POSTURES, PREFERRED_INTENSITIES,
  SESSION_EVENT_TYPES, SPIRITUAL_LEVELS, VOICE_PREFERENCES,
} from "./types.ts";

const strict = { additionalProperties: false } as const;
const NO_REPEATS = "No item may appear twice.";
/** Repeats are refused by the handler with an exact detail; the document says uniqueItems. */
const UNIQUE = { [DOCUMENTED_UNIQUE_ITEMS]: true };

export const CheckInPayload = Type.Object(
  {
    emotion_tags: Type.Array(StringEnum(EMOTION_TAGS), { minItems: 1, maxItems: 5, description: NO_REPEATS, ...UNIQUE }),
    intensity: Type.Integer({ minimum: 0, maximum: 10 }),
    arousal: StringEnum(AROUSAL_LEVELS),
    goal: StringEnum(GOALS),
    available_minutes: Type.Integer({ minimum: 1, maximum: 120 }),
    environment: StringEnum(ENVIRONMENTS, { description: "`in_transit` means a passenger: seated, quiet, eyes open." }),
    posture_available: StringEnum(POSTURES),
    audio_available: Type.Boolean(),
  },
  strict,
);

export const SafetyPayload = Type.Object(
  {
    age_group: StringEnum(AGE_GROUPS),
    immediate_danger: Type.Boolean({ description: "true blocks the Plan (red line IMMEDIATE_DANGER)." }),
    crisis_flags: Type.Array(StringEnum(CRISIS_FLAGS), { description: `Every flag is a red line that blocks the Plan. ${NO_REPEATS}`, ...UNIQUE }),
    physical_constraints: Type.Array(StringEnum(PHYSICAL_CONSTRAINTS), { description: `Removes protocols contraindicated for them. ${NO_REPEATS}`, ...UNIQUE }),
    driving_or_operating: Type.Boolean({ description: "true blocks the Plan (red line DRIVING_OR_OPERATING)." }),
    space_clear: Type.Boolean(),
  },
  strict,
);

export const PreferencesPayload = Type.Object(
  {
    preferred_intensity: Type.Optional(StringEnum(PREFERRED_INTENSITIES, { default: "gentle" })),
    eyes_closed_preference: Type.Optional(StringEnum(EYES_PREFERENCES, { default: "no_preference" })),
    voice_preference: Type.Optional(StringEnum(VOICE_PREFERENCES, { default: "guided" })),
    movement_preference: Type.Optional(StringEnum(MOVEMENT_PREFERENCES, { default: "okay" })),
    spiritual_language: Type.Optional(StringEnum(SPIRITUAL_LEVELS, { default: "neutral" })),
    excluded_protocol_ids: Type.Optional(Type.Array(Type.String(), { maxItems: 20, description: `Unknown ids are ignored. ${NO_REPEATS}`, ...UNIQUE })),
  },
  strict,
);

export const PlanPayload = Type.Object(
  {
    bazi_chart_id: Type.Optional(Type.String({ pattern: "^bzc_", description: "A chart of your App; it weighs exactly 5% of the score and never touches safety." })),
    check_in: CheckInPayload,
    safety: SafetyPayload,
    preferences: Type.Optional(PreferencesPayload),
    end_user_id: Type.Optional(EndUserId),
    metadata: Type.Optional(Metadata),
  },
  strict,
);
export type PlanPayload = Static<typeof PlanPayload>;

export const SessionPayload = Type.Object(
  {
    plan_id: Type.String({ pattern: "^hpl_" }),
    playback_mode: StringEnum(PLAYBACK_MODES, {
      description: "`guided`: the audio track where the protocol has one, otherwise timed step prompts; `minimal`: sparse cues; `script_only`: the text alone.",
    }),
    client_session_id: Type.Optional(Type.String({ maxLength: 128, description: "Your own id for the Session, echoed back (not a uniqueness key: retries use Idempotency-Key)." })),
    end_user_id: Type.Optional(EndUserId),
  },
  strict,
);
export type SessionPayload = Static<typeof SessionPayload>;

export const SessionEventPayload = Type.Object(
  {
    client_event_id: Type.String({ maxLength: 128, description: "Unique per Session: the same event resent answers the current Session without applying it twice." }),
    event_type: StringEnum(SESSION_EVENT_TYPES),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400, description: "Never lower than the last accepted event's." }),
    occurred_at: Type.String({ format: "date-time" }),
    reason_code: Type.Optional(Type.String({ maxLength: 64, description: "A crisis flag or an alarming adverse tag here (e.g. `self_harm`, `panic_increase`) brings the safety text." })),
  },
  strict,
);
export type SessionEventPayload = Static<typeof SessionEventPayload>;

export const CheckoutPayload = Type.Object(
  {
    before_intensity: Type.Integer({ minimum: 0, maximum: 10 }),
    after_intensity: Type.Integer({ minimum: 0, maximum: 10 }),
    perceived_change: StringEnum(PERCEIVED_CHANGES),
    body_state: StringEnum(BODY_STATES),
    would_repeat: Type.Boolean(),
    adverse_experience: Type.Boolean(),
    adverse_tags: Type.Array(StringEnum(ADVERSE_TAGS), { maxItems: 8, description: `Non-empty exactly when adverse_experience is true. ${NO_REPEATS}`, ...UNIQUE }),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  strict,
);
export type CheckoutPayload = Static<typeof CheckoutPayload>;
