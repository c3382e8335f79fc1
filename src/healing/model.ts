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
    intensity: Type.Integer({
      minimum: 0, maximum: 10,
      description: "How strong the feeling is now, 0–10: 9–10 keeps only acute-safe protocols and adds the support notice; 7–8 with high arousal, or 7+ with self_blame or guilt, narrows the catalog too.",
    }),
    arousal: StringEnum(AROUSAL_LEVELS, { description: "How activated the body feels; the protocol's fit for it is the arousal component (15% of the score)." }),
    goal: StringEnum(GOALS, { description: "What the person wants from the practice; the protocol's fit for it is the goal component (35% of the score)." }),
    available_minutes: Type.Integer({ minimum: 1, maximum: 120, description: "Minutes the person has, 1–120: longer protocols are removed; the time component saturates at 15 minutes." }),
    environment: StringEnum(ENVIRONMENTS, { description: "`in_transit` means a passenger: seated, quiet, eyes open." }),
    posture_available: StringEnum(POSTURES, { description: "The posture the person can take now (`either`: seated or standing); protocols that need the other are removed." }),
    audio_available: Type.Boolean({ description: "Whether audio can be played; false removes the protocols that require audio and adds the `silent_delivery` constraint." }),
  },
  { ...strict, description: "How the person feels now and what the moment allows: the hard filters and the score read it." },
);

export const SafetyPayload = Type.Object(
  {
    age_group: StringEnum(AGE_GROUPS, { description: "`minor` and `unknown` are treated alike: only protocols suitable for minors, with at most cultural framing." }),
    immediate_danger: Type.Boolean({ description: "true blocks the Plan (red line IMMEDIATE_DANGER)." }),
    crisis_flags: Type.Array(StringEnum(CRISIS_FLAGS), { description: `Every flag is a red line that blocks the Plan. ${NO_REPEATS}`, ...UNIQUE }),
    physical_constraints: Type.Array(StringEnum(PHYSICAL_CONSTRAINTS), { description: `Removes protocols contraindicated for them. ${NO_REPEATS}`, ...UNIQUE }),
    driving_or_operating: Type.Boolean({ description: "true blocks the Plan (red line DRIVING_OR_OPERATING)." }),
    space_clear: Type.Boolean({ description: "Whether there is clear space around the person to move safely; false removes the protocols that require it." }),
  },
  { ...strict, description: "The safety answers: evaluated first, and the only input the red lines read." },
);

export const PreferencesPayload = Type.Object(
  {
    preferred_intensity: Type.Optional(StringEnum(PREFERRED_INTENSITIES, { default: "gentle", description: "How demanding a practice the person wants; it only weighs in the preference component, never removes a protocol." })),
    eyes_closed_preference: Type.Optional(StringEnum(EYES_PREFERENCES, {
      default: "no_preference",
      description: "`open` removes eyes-closed protocols and adds the `eyes_open` constraint; `open` and `closed` weigh in the preference component.",
    })),
    voice_preference: Type.Optional(StringEnum(VOICE_PREFERENCES, {
      default: "guided",
      description: "How much spoken guidance the person wants: `guided` and `minimal` favour protocols of that density; `script_only` removes those that require audio and adds `silent_delivery`.",
    })),
    movement_preference: Type.Optional(StringEnum(MOVEMENT_PREFERENCES, {
      default: "okay",
      description: "`avoid` keeps only protocols with no or minimal movement; `prefer` favours gentle or moderate movement in the preference component.",
    })),
    spiritual_language: Type.Optional(StringEnum(SPIRITUAL_LEVELS, {
      default: "neutral",
      description: "The most traditional framing accepted (neutral < cultural < traditional): protocols above it are removed; minors and unknown ages are capped at cultural.",
    })),
    excluded_protocol_ids: Type.Optional(Type.Array(Type.String(), { maxItems: 20, description: `Unknown ids are ignored. ${NO_REPEATS}`, ...UNIQUE })),
  },
  { ...strict, description: "What the person leans towards; an omitted member takes its default." },
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
    plan_id: Type.String({ pattern: "^hpl_", description: "The recommended Plan (of your App) to practise; a blocked Plan answers 409 HEALING_PLAN_BLOCKED." }),
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
    event_type: StringEnum(SESSION_EVENT_TYPES, {
      description: "What happened: `started` (ready → active), `progressed`, `paused`, `resumed`, or `completed`, `stopped`, `abandoned`, which end the Session.",
    }),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400, description: "Never lower than the last accepted event's." }),
    occurred_at: Type.String({ format: "date-time", description: "When it happened on the client (RFC 3339); stored as sent and not required to increase." }),
    reason_code: Type.Optional(Type.String({ maxLength: 64, description: "A crisis flag or an alarming adverse tag here (e.g. `self_harm`, `panic_increase`) brings the safety text." })),
  },
  strict,
);
export type SessionEventPayload = Static<typeof SessionEventPayload>;

export const CheckoutPayload = Type.Object(
  {
    before_intensity: Type.Integer({ minimum: 0, maximum: 10, description: "How strong the feeling was before the practice, 0–10." }),
    after_intensity: Type.Integer({ minimum: 0, maximum: 10, description: "How strong it is after the practice, 0–10; 9 or more, or 3 or more above before_intensity, shows the safety text." }),
    perceived_change: StringEnum(PERCEIVED_CHANGES, { description: "How the person feels compared with before the practice, in their own judgement." }),
    body_state: StringEnum(BODY_STATES, { description: "How the body feels after the practice." }),
    would_repeat: Type.Boolean({ description: "Whether the person would do this practice again." }),
    adverse_experience: Type.Boolean({ description: "Whether anything unpleasant happened during the practice; adverse_tags then says what." }),
    adverse_tags: Type.Array(StringEnum(ADVERSE_TAGS), { maxItems: 8, description: `Non-empty exactly when adverse_experience is true. ${NO_REPEATS}`, ...UNIQUE }),
    comment: Type.Optional(Type.String({ maxLength: 2000, description: "The person's own words (at most 2000 characters); crisis language in it shows that category's safety text (COMMENT_<CATEGORY>)." })),
  },
  strict,
);
export type CheckoutPayload = Static<typeof CheckoutPayload>;
