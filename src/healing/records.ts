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
const Nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], { description });
const Timestamp = (description: string) => Type.String({ format: "date-time", description });
const Sha256 = Type.String({ pattern: "^[0-9a-f]{64}$", description: "SHA-256 (hex) of the canonical JSON of the normalized payload (keys sorted, defaults filled, set-like arrays sorted), for audit." });
const Score = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });
const Total = Type.Integer({ minimum: 0, maximum: 10000, description: "35·goal + 20·emotion + 15·arousal + 15·time + 10·preference + 5·bazi." });

/** An object with one integer 0–100 member per name, all required, each described by `member`. */
function scoreMap(names: readonly string[], member: (name: string) => string, description?: string) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, Score(member(n))])), { ...strict, description });
}

const LOCALIZED_TEXT = {
  en: Type.String({ description: "English." }),
  "zh-Hans": Type.String({ description: "Simplified Chinese." }),
  "zh-Hant": Type.Optional(Type.String({ description: "Traditional Chinese: present on the free-text safety actions (`responses.safety_action.…`)." })),
};
/** A text in every language the service ships; `description` says what it is where it is used. */
const LocalizedText = (description?: string) => Type.Object(LOCALIZED_TEXT, { ...strict, description });

/** A fixed text shown to the person; `description` says which and when. */
const FixedText = (description?: string) => Type.Object(
  {
    text_id: Type.String({ description: "Stable id of the fixed text, e.g. `healing.safety_action.v1`." }),
    text: LocalizedText("The text to show, per language."),
  },
  { ...strict, description },
);

/** What each score component measures, 0–100 (its weight is in `selection.weights`). */
const COMPONENT_DESCRIPTIONS: Readonly<Record<keyof typeof SCORE_WEIGHTS, string>> = {
  goal: "The protocol's fit for the check-in goal, 0–100 (weight 35%).",
  emotion: "The floor of the mean of the protocol's fit for each distinct emotion tag (`other` counts 50), 0–100 (weight 20%).",
  arousal: "The protocol's fit for the check-in arousal, 0–100 (weight 15%).",
  time: "⌊100·min(duration, t)/t⌋ with t = min(available_minutes, 15), 0–100 (weight 15%).",
  preference: "The floor of the mean of the preference sub-scores that apply, or 50 when none does, 0–100 (weight 10%).",
  bazi: "100 when one of the protocol's elements is favourable, 0 when it has elements and all are unfavourable, else 50 (always 50 without a chart), 0–100 (weight 5%).",
};

const ScoreComponents = scoreMap(
  Object.keys(SCORE_WEIGHTS),
  (name) => COMPONENT_DESCRIPTIONS[name as keyof typeof SCORE_WEIGHTS],
  "The six score components, each 0–100.",
);

const ScoredCandidate = Type.Object(
  { protocol_id: StringEnum(PROTOCOL_IDS, { description: "The scored protocol." }), total: Total, components: ScoreComponents },
  strict,
);

const PlanBlock = Type.Object(
  {
    blocked: Type.Literal(true, { description: "Always true." }),
    primary_reason: StringEnum(RED_LINE_CODES, { description: "The first red line hit, in priority order." }),
    reason_codes: Type.Array(StringEnum(RED_LINE_CODES), { minItems: 1, description: "Every red line hit, in priority order." }),
    safety_action: FixedText("The fixed safety-action text (`healing.safety_action.v1`): show it at once and do not continue the practice."),
  },
  strict,
);

const BaziElementLists = Type.Object(
  {
    favorable_elements: Type.Array(StringEnum(FIVE_ELEMENTS), { description: "Elements that give a protocol having one of them a bazi component of 100." }),
    unfavorable_elements: Type.Array(StringEnum(FIVE_ELEMENTS), { description: "Elements that give a protocol whose elements are all among them a bazi component of 0." }),
  },
  strict,
);

const Selection = Type.Object(
  {
    mode: StringEnum(["scored", "fallback"] as const, {
      description: "`scored`: the best-ranked protocol that passed the hard filters; `fallback`: none passed, so the one-minute orienting practice (grounding_orient_1) is recommended.",
    }),
    reason: Type.Optional(Type.Literal(FALLBACK_REASON, { description: "Only in fallback mode." })),
    weights: Type.Object(
      Object.fromEntries(Object.keys(SCORE_WEIGHTS).map((k) => [k, Type.Integer({ description: `Weight of the ${k} component, in percent.` })])),
      { ...strict, description: "The weight of each score component, in percent (they sum to 100)." },
    ),
    bazi: Nullable(BaziElementLists, "The chart's element lists as the bazi component used them (canonical order, unknown names dropped, an element on both lists favourable only); null without a chart."),
    candidates: Type.Array(ScoredCandidate, { maxItems: 3, description: "The best-ranked survivors (total ↓, goal ↓, emotion ↓, duration ↑, id ↑)." }),
    rejected: Type.Record(Type.String(), StringEnum(FILTER_NAMES), { description: "Protocol id → the first hard filter that removed it." }),
  },
  strict,
);

const AppliedConstraint = Type.Object(
  {
    code: StringEnum(CONSTRAINT_CODES, { description: "The delivery adjustment." }),
    because: Type.Array(Type.String(), { description: "The inputs that caused it, as `path=value`." }),
    text: LocalizedText("The instruction to show the person."),
  },
  strict,
);

const ScriptStep = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "Position of the step, from 0." }),
    start_seconds: Type.Integer({ minimum: 0, description: "Seconds from the start of the practice to the start of this step." }),
    seconds: Type.Integer({ minimum: 1, description: "How long the step lasts, in seconds." }),
    text: LocalizedText("What the step tells the person."),
  },
  strict,
);

const ProtocolSnapshotSchema = Type.Object(
  {
    id: StringEnum(PROTOCOL_IDS, { description: "The protocol's catalog id." }),
    version: Type.String({ description: "Version of the protocol's content." }),
    duration: Type.Integer({ minimum: 1, description: "Minutes." }),
    title: LocalizedText("The protocol's name."),
    posture: StringEnum(POSTURES, { description: "The posture the practice needs (`either`: seated or standing)." }),
    movement: StringEnum(MOVEMENTS, { description: "How much the body moves." }),
    eyes: StringEnum(EYES, { description: "Whether the eyes are open or closed during the practice (`optional`: either)." }),
    breath: StringEnum(BREATH_PATTERNS, { description: "The breathing pattern; all are slow and unforced." }),
    breath_retention: Type.Literal(false, { description: "Always false: no protocol holds the breath." }),
    intensity: StringEnum(PREFERRED_INTENSITIES, { description: "How demanding the practice is; compared with preferences.preferred_intensity in the preference component." }),
    density: StringEnum(DENSITIES, { description: "How much the script talks: `guided` (many prompts) or `minimal` (a few sparse ones)." }),
    spiritual: StringEnum(SPIRITUAL_LEVELS, { description: "The least framing the protocol can honestly be presented with (neutral < cultural < traditional)." }),
    environments: Type.Array(StringEnum(ENVIRONMENTS), { description: "Where the practice can be done; the check-in environment must be one of them." }),
    contraindications: Type.Array(StringEnum(PHYSICAL_CONSTRAINTS), { description: "Physical constraints that rule the protocol out." }),
    elements: Type.Array(StringEnum(FIVE_ELEMENTS), { description: "The five elements the protocol is associated with, for the bazi component (may be empty)." }),
    requires_clear_space: Type.Boolean({ description: "true: removed when safety.space_clear is false." }),
    suitable_for_minors: Type.Boolean({ description: "Whether it may be offered to minors and people of unknown age (who also get at most cultural framing)." }),
    acute_ok: Type.Boolean({ description: "Whether it is safe at intensity 9–10, where only such protocols remain." }),
    high_activation_ok: Type.Boolean({ description: "Whether it suits intensity 7–8 with high arousal, where only such protocols remain." }),
    reflective: Type.Boolean({ description: "Catalog attribute marking an inward, reflective practice; informational (no filter or score reads it)." }),
    self_blame_caution: Type.Boolean({ description: "true: removed at intensity 7 or more when the emotion tags include self_blame or guilt." }),
    requires_audio: Type.Boolean({ description: "true: removed when audio_available is false or voice_preference is script_only." }),
    goals: scoreMap(GOALS, (n) => `Fit for the ${n} goal, 0–100.`, "The protocol's fit for each goal, 0–100; the check-in goal's value is the goal component."),
    emotions: scoreMap(
      EMOTION_TAGS.filter((t) => t !== "other"),
      (n) => `Fit for the ${n} emotion tag, 0–100.`,
      "The protocol's fit for each emotion tag but `other` (which counts 50), 0–100; the emotion component averages the check-in's tags.",
    ),
    arousal: scoreMap(AROUSAL_LEVELS, (n) => `Fit for ${n} arousal, 0–100.`, "The protocol's fit for each arousal level, 0–100; the check-in arousal's value is the arousal component."),
    breath_pace: Nullable(
      Type.Object(
        {
          inhale_seconds: Type.Integer({ description: "Seconds of each in-breath." }),
          exhale_seconds: Type.Integer({ description: "Seconds of each out-breath." }),
        },
        strict,
      ),
      "The in- and out-breath the script paces, in seconds; null when the script sets no fixed rhythm.",
    ),
    script: Type.Object(
      {
        total_seconds: Type.Integer({ minimum: 1, description: "Length of the practice in seconds (duration × 60)." }),
        steps: Type.Array(ScriptStep, { minItems: 1, description: "The timed steps in order; their seconds add up to total_seconds." }),
      },
      { ...strict, description: "The written, timed script (English and Simplified Chinese)." },
    ),
    cautions: Type.Array(LocalizedText(), { minItems: 1, description: "Cautions to show before the practice: the shared stop-if caution first, then the protocol's own." }),
    cultural_note: LocalizedText("The practice's origin and cultural background."),
    availability: StringEnum(["available", "script_only"] as const, { description: "`available`: an audio track is served at asset_url; `script_only`: text only." }),
    license_status: StringEnum(["authorized", "not_applicable"] as const, {
      description: "`authorized`: the audio track is licensed for this service; `not_applicable`: no licensed media, only text written for this project.",
    }),
    asset_url: Nullable(Type.String({ pattern: "^https?://" }), "Absolute URL of the audio track (music_breath_10 only); plays directly."),
    scoring: Type.Object({ total: Total, components: ScoreComponents }, { ...strict, description: "The protocol's score for this request (not covered by sha256)." }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$", description: "SHA-256 of the canonical JSON of the snapshot without `scoring` and itself." }),
  },
  strict,
);

export const HealingPlanRecord = Type.Object(
  {
    id: Type.String({ pattern: "^hpl_", description: "The Plan's id (hpl_…)." }),
    object: Type.Literal("healing.plan", { description: "Always healing.plan." }),
    status: StringEnum(["recommended", "blocked"] as const, { description: "`recommended`: a protocol was chosen; `blocked`: a safety red line was hit, and there is no protocol." }),
    block: Nullable(PlanBlock, "The red lines hit and the safety text to show; null when recommended."),
    protocol: Nullable(ProtocolSnapshotSchema, "The recommended protocol's complete, immutable snapshot; null when blocked."),
    selection: Nullable(Selection, "How the protocol was chosen; null when blocked."),
    applied_constraints: Type.Array(AppliedConstraint, { description: "Delivery adjustments that follow from the inputs, in a fixed code order; empty when blocked." }),
    support_notice: Nullable(
      FixedText(),
      "The soft support notice (`healing.support_notice.v1`) when check_in.intensity is 9 or more; else null (always null when blocked).",
    ),
    policy_version: Type.String({ description: "Version of the decision rules (red lines, filters, weights, tie-breaks, constraints) that made the Plan." }),
    catalog_version: Type.String({ description: "Version of the protocol catalog the Plan was chosen from." }),
    input_sha256: Sha256,
    bazi_chart_id: Nullable(Type.String({ pattern: "^bzc_" }), "The bazi_chart_id sent with the Plan, or null."),
    end_user_id: Nullable(Type.String(), "The end_user_id sent with the Plan, or null."),
    metadata: Nullable(Metadata, "The metadata sent with the Plan, or null."),
    created_at: Timestamp("When the Plan was created (UTC)."),
  },
  { ...strict, $id: "HealingPlan", description: "A stored Healing Plan: the check-in and safety answers as read, then either the recommended protocol with its delivery or the safety block that stopped it." },
);

export const HealingEventRecord = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, description: "Position in the Session, from 1." }),
    client_event_id: Type.String({ description: "Your id for the event, as sent (unique per Session)." }),
    event_type: StringEnum(SESSION_EVENT_TYPES, { description: "The event, as sent." }),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400, description: "Seconds into the practice, as sent; never lower than the previous event's." }),
    occurred_at: Type.String({ description: "As the client sent it." }),
    reason_code: Type.Optional(Type.String({ description: "The reason code as sent; absent when none was sent." })),
    received_at: Timestamp("When the service accepted the event (UTC)."),
  },
  { ...strict, $id: "HealingSessionEvent", description: "One accepted event of a Session (started, paused, resumed, progressed, completed, stopped or abandoned), as the client reported it." },
);
export type HealingEventRecord = Static<typeof HealingEventRecord>;

/** The checkout payload as sent, plus what the service derived from it. */
export const HealingCheckoutRecord = Type.Object(
  {
    object: Type.Literal("healing.checkout", { description: "Always healing.checkout." }),
    session_id: Type.String({ pattern: "^hsn_", description: "The Session checked out." }),
    ...CheckoutPayload.properties,
    intensity_change: Type.Integer({ minimum: -10, maximum: 10, description: "after_intensity − before_intensity." }),
    show_safety_text: Type.Boolean({ description: "true when after_intensity ≥ 9, it rose by 3 or more, an adverse tag is panic_increase, dissociation or emotional_overwhelm, or the comment is in crisis language." }),
    safety_reasons: Type.Array(Type.String(), { description: "Why the safety text is shown: AFTER_INTENSITY_HIGH, INTENSITY_ROSE, ADVERSE_<TAG>, COMMENT_<CATEGORY> (the comment's crisis category, e.g. COMMENT_MEDICAL_EMERGENCY; then `safety_action` is that category's text)." }),
    safety_action: Nullable(FixedText(), "The text to show when show_safety_text is true (the comment's crisis category's text if any, else the fixed safety action); null otherwise."),
    created_at: Timestamp("When the checkout was submitted (UTC)."),
  },
  { ...strict, $id: "HealingCheckout", description: "The person's check-out after a Session: how they feel now, anything adverse, and what the service advises next." },
);
export type HealingCheckoutRecord = Static<typeof HealingCheckoutRecord>;

export const HealingSessionRecord = Type.Object(
  {
    id: Type.String({ pattern: "^hsn_", description: "The Session's id (hsn_…)." }),
    object: Type.Literal("healing.session", { description: "Always healing.session." }),
    plan_id: Type.String({ pattern: "^hpl_", description: "The Plan the Session was started from." }),
    protocol_id: StringEnum(PROTOCOL_IDS, { description: "The Plan's recommended protocol." }),
    playback_mode: StringEnum(PLAYBACK_MODES, { description: "How the client delivers the practice, as sent at creation." }),
    client_session_id: Nullable(Type.String(), "Your own id for the Session, as sent, or null."),
    end_user_id: Nullable(Type.String(), "The end_user_id sent with the Session (not inherited from the Plan), or null."),
    state: StringEnum(SESSION_STATES, { description: "`ready` until started, then `active` ⇄ `paused`; `completed`, `stopped` and `abandoned` end it." }),
    elapsed_seconds: Type.Integer({ minimum: 0, maximum: 86400, description: "Of the last accepted event; 0 before any." }),
    allowed_events: Type.Array(StringEnum(SESSION_EVENT_TYPES), { description: "What the Session accepts next (empty once it has ended)." }),
    events: Type.Array(HealingEventRecord, { description: "Every accepted event, oldest first." }),
    safety_action: Nullable(FixedText(), "The fixed safety-action text once an accepted event carried a crisis reason_code (show it and end the practice); else null."),
    checkout: Nullable(HealingCheckoutRecord, "The Session's checkout once submitted; else null."),
    created_at: Timestamp("When the Session was created (UTC)."),
    updated_at: Timestamp("When its last event was accepted, or when it was created before any (UTC)."),
  },
  { ...strict, $id: "HealingSession", description: "A Session of a Plan's practice: its state, elapsed time, events and, once ended, its checkout." },
);
export type HealingSessionRecord = Static<typeof HealingSessionRecord>;
