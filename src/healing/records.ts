/**
 * The documented shapes of the Healing answers: Plan, Session (with its events) and checkout.
 * They feed the OpenAPI document, and the HTTP tests check real answers against them, so the
 * documentation cannot drift from what the service sends.
 */
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { Metadata, StringEnum } from "../platform/schemas.ts";
import { BREATH_PATTERNS, DENSITIES, EYES, MOVEMENTS, PROTOCOL_IDS } from "./catalog/index.ts";
import { CONSTRAINT_CODES } from "./constraints.ts";
import { FILTER_NAMES } from "./filters.ts";
import { FALLBACK_REASON } from "./recommend.ts";
import { RED_LINE_CODES } from "./safety.ts";
import { CheckoutPayload } from "./model.ts";
import { SCORE_WEIGHTS } from "./scoring.ts";
import {
  ADVERSE_TAGS, AROUSAL_LEVELS, BODY_STATES, EMOTION_TAGS, ENVIRONMENTS, FIVE_ELEMENTS, GOALS, PERCEIVED_CHANGES,
  PHYSICAL_CONSTRAINTS, PLAYBACK_MODES, POSTURES, PREFERRED_INTENSITIES, SESSION_EVENT_TYPES, SESSION_STATES, SPIRITUAL_LEVELS,
} from "./types.ts";

const strict = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ format: "date-time" });
const Sha256 = Type.String({ pattern: "^[0-9a-f]{64}$" });
const Score = Type.Integer({ minimum: 0, maximum: 100 });
const Total = Type.Integer({ minimum: 0, maximum: 10000, description: "35·goal + 20·emotion + 15·arousal + 15·time + 10·preference + 5·bazi." });

/** An object with one integer 0–100 member per name, all required. */
function scoreMap(names: readonly string[], description?: string) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, Score])), { ...strict, description });
}

const LocalizedTextSchema = Type.Object({ en: Type.String(), "zh-Hans": Type.String(), "zh-Hant": Type.Optional(Type.String({ description: "Traditional Chinese: present on the free-text safety actions (`responses.safety_action.…`)." })) }, strict);

const FixedTextSchema = Type.Object(
  { text_id: Type.String({ description: "Stable id of the fixed text, e.g. `healing.safety_action.v1`." }), text: LocalizedTextSchema },
  strict,
);

const ScoreComponents = scoreMap(Object.keys(SCORE_WEIGHTS));

const ScoredCandidate = Type.Object({ protocol_id: StringEnum(PROTOCOL_IDS), total: Total, components: ScoreComponents }, strict);

const PlanBlock = Type.Object(
  {
    blocked: Type.Literal(true),
    primary_reason: StringEnum(RED_LINE_CODES, { description: "The first red line hit, in priority order." }),
    reason_codes: Type.Array(StringEnum(RED_LINE_CODES), { minItems: 1, description: "Every red line hit, in priority order." }),
    safety_action: FixedTextSchema,
  },
  strict,
);

const BaziElementLists = Type.Object(
  { favorable_elements: Type.Array(StringEnum(FIVE_ELEMENTS)), unfavorable_elements: Type.Array(StringEnum(FIVE_ELEMENTS)) },
  strict,
);

const Selection = Type.Object(
  {
    mode: StringEnum(["scored", "fallback"] as const),
    reason: Type.Optional(Type.Literal(FALLBACK_REASON, { description: "Only in fallback mode." })),
    weights: Type.Object(Object.fromEntries(Object.keys(SCORE_WEIGHTS).map((k) => [k, Type.Integer()])), strict),
    bazi: Nullable(BaziElementLists),
    candidates: Type.Array(ScoredCandidate, { maxItems: 3, description: "The best-ranked survivors (total ↓, goal ↓, emotion ↓, duration ↑, id ↑)." }),
    rejected: Type.Record(Type.String(), StringEnum(FILTER_NAMES), { description: "Protocol id → the first hard filter that removed it." }),
  },
  strict,
);

const AppliedConstraint = Type.Object(
  { code: StringEnum(CONSTRAINT_CODES), because: Type.Array(Type.String(), { description: "The inputs that caused it, as `path=value`." }), text: LocalizedTextSchema },
  strict,
);

const ScriptStep = Type.Object(
  { index: Type.Integer({ minimum: 0 }), start_seconds: Type.Integer({ minimum: 0 }), seconds: Type.Integer({ minimum: 1 }), text: LocalizedTextSchema },
  strict,
);

const ProtocolSnapshotSchema = Type.Object(
  {
    id: StringEnum(PROTOCOL_IDS),
    version: Type.String(),
    duration: Type.Integer({ minimum: 1, description: "Minutes." }),
    title: LocalizedTextSchema,
    posture: StringEnum(POSTURES),
    movement: StringEnum(MOVEMENTS),
    eyes: StringEnum(EYES),
    breath: StringEnum(BREATH_PATTERNS),
    breath_retention: Type.Literal(false),
    intensity: StringEnum(PREFERRED_INTENSITIES),
    density: StringEnum(DENSITIES),
    spiritual: StringEnum(SPIRITUAL_LEVELS),
    environments: Type.Array(StringEnum(ENVIRONMENTS)),
    contraindications: Type.Array(StringEnum(PHYSICAL_CONSTRAINTS)),
    elements: Type.Array(StringEnum(FIVE_ELEMENTS)),
    requires_clear_space: Type.Boolean(),
    suitable_for_minors: Type.Boolean(),
    acute_ok: Type.Boolean(),
    high_activation_ok: Type.Boolean(),
    reflective: Type.Boolean(),
    self_blame_caution: Type.Boolean(),
    requires_audio: Type.Boolean(),
    goals: scoreMap(GOALS),
    emotions: scoreMap(EMOTION_TAGS.filter((t) => t !== "other")),
    arousal: scoreMap(AROUSAL_LEVELS),
    breath_pace: Nullable(Type.Object({ inhale_seconds: Type.Integer(), exhale_seconds: Type.Integer() }, strict)),
    script: Type.Object({ total_seconds: Type.Integer({ minimum: 1 }), steps: Type.Array(ScriptStep, { minItems: 1 }) }, strict),
    cautions: Type.Array(LocalizedTextSchema, { minItems: 1 }),
    cultural_note: LocalizedTextSchema,
    availability: StringEnum(["available", "script_only"] as const),
    license_status: StringEnum(["authorized", "not_applicable"] as const),
    asset_url: Nullable(Type.String({ pattern: "^https?://", description: "Absolute URL of the audio track (music_breath_10 only); plays directly." })),
    scoring: Type.Object({ total: Total, components: ScoreComponents }, strict),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$", description: "SHA-256 of the canonical JSON of the snapshot without `scoring` and itself." }),
  },
  strict,
);

export const HealingPlanRecord = Type.Object(
  {
    id: Type.String({ pattern: "^hpl_" }),
    object: Type.Literal("healing.plan"),
    status: StringEnum(["recommended", "blocked"] as const),
    block: Nullable(PlanBlock),
    protocol: Nullable(ProtocolSnapshotSchema),
    selection: Nullable(Selection),
    applied_constraints: Type.Array(AppliedConstraint),
    support_notice: Nullable(FixedTextSchema),
    policy_version: Type.String(),
    catalog_version: Type.String(),
    input_sha256: Sha256,
    bazi_chart_id: Nullable(Type.String({ pattern: "^bzc_" })),
    end_user_id: Nullable(Type.String()),
    metadata: Nullable(Metadata),
    created_at: Timestamp,
  },
  { ...strict, $id: "HealingPlan" },
);

export const HealingEventRecord = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: "Position in the Session, from 1." }),
    client_event_id: Type.String(),
    event_type: StringEnum(SESSION_EVENT_TYPES),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400 }),
    occurred_at: Type.String({ description: "As the client sent it." }),
    reason_code: Type.Optional(Type.String()),
    received_at: Timestamp,
  },
  { ...strict, $id: "HealingSessionEvent" },
);
export type HealingEventRecord = Static<typeof HealingEventRecord>;

/** The checkout payload as sent, plus what the service derived from it. */
export const HealingCheckoutRecord = Type.Object(
  {
    object: Type.Literal("healing.checkout"),
    session_id: Type.String({ pattern: "^hsn_" }),
    ...CheckoutPayload.properties,
    intensity_change: Type.Integer({ minimum: -10, maximum: 10, description: "after_intensity − before_intensity." }),
    show_safety_text: Type.Boolean({ description: "true when after_intensity ≥ 9, it rose by 3 or more, an adverse tag is panic_increase, dissociation or emotional_overwhelm, or the comment is in crisis language." }),
    safety_reasons: Type.Array(Type.String(), { description: "Why the safety text is shown: AFTER_INTENSITY_HIGH, INTENSITY_ROSE, ADVERSE_<TAG>, COMMENT_<CATEGORY> (the comment's crisis category, e.g. COMMENT_MEDICAL_EMERGENCY; then `safety_action` is that category's text)." }),
    safety_action: Nullable(FixedTextSchema),
    created_at: Timestamp,
  },
  { ...strict, $id: "HealingCheckout" },
);
export type HealingCheckoutRecord = Static<typeof HealingCheckoutRecord>;

export const HealingSessionRecord = Type.Object(
  {
    id: Type.String({ pattern: "^hsn_" }),
    object: Type.Literal("healing.session"),
    plan_id: Type.String({ pattern: "^hpl_" }),
    protocol_id: StringEnum(PROTOCOL_IDS),
    playback_mode: StringEnum(PLAYBACK_MODES),
    client_session_id: Nullable(Type.String()),
    end_user_id: Nullable(Type.String()),
    state: StringEnum(SESSION_STATES),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400, description: "Of the last accepted event; 0 before any." }),
    allowed_events: Type.Array(StringEnum(SESSION_EVENT_TYPES), { description: "What the Session accepts next (empty once it has ended)." }),
    events: Type.Array(HealingEventRecord, { description: "Every accepted event, oldest first." }),
    safety_action: Nullable(FixedTextSchema),
    checkout: Nullable(HealingCheckoutRecord),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { ...strict, $id: "HealingSession" },
);
export type HealingSessionRecord = Static<typeof HealingSessionRecord>;
