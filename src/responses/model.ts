/**
 * Request and answer schemas of Responses and feedback. The Response payload is
 * "exactly one of two shapes": TypeBox checks the fields (types, lengths, no
 * extra properties) on one flat object, the `oneOf` below states the two shapes
 * for the OpenAPI document, and payloadShape() enforces them with messages that
 * name the field at fault (a plain union would only say "matches no shape").
 */
import { Type, type Static } from "@sinclair/typebox";
import { EndUserId, StringEnum } from "../platform/schemas.ts";
import type { ValidationDetail } from "../platform/errors.ts";
import { CAPABILITIES, type Capability } from "../db/types.ts";
import { MAX_SUMMARY_CHARS } from "./summary.ts";
import { CRISIS_CATEGORIES, SENSITIVE_TOPICS } from "../safety/rules.ts";

/** Ids longer than this are refused with 400; shorter unknown ones read 404. Ours are 25 characters. */
const ID_MAX = 128;
export const INPUT_MAX = 1000;

const CapabilityEnum = StringEnum(CAPABILITIES as readonly Capability[], { description: "The Subject's capability: `bazi`, `liuyao` or `healing`." });

export const ResponsePayload = Type.Object(
  {
    capability: Type.Optional(CapabilityEnum),
    subject_id: Type.Optional(Type.String({ maxLength: ID_MAX, description: "First Response: the chart (`bzc_…`), cast (`lyc_…`) or Plan (`hpl_…`) id." })),
    previous_response_id: Type.Optional(Type.String({ maxLength: ID_MAX, description: "Follow-up: an earlier Response (`resp_…`); capability and subject are inherited." })),
    input: Type.String({ minLength: 1, maxLength: INPUT_MAX, description: "The question, in Chinese or English; the answer follows its language." }),
    end_user_id: Type.Optional(EndUserId),
  },
  {
    additionalProperties: false,
    oneOf: [
      { title: "First Response", required: ["capability", "subject_id", "input"], not: { required: ["previous_response_id"] } },
      { title: "Follow-up", required: ["previous_response_id", "input"], not: { anyOf: [{ required: ["capability"] }, { required: ["subject_id"] }] } },
    ],
  },
);
export type ResponsePayload = Static<typeof ResponsePayload>;

export type PayloadShape = { kind: "first"; capability: Capability; subjectId: string } | { kind: "follow_up"; previousResponseId: string };

/**
 * Which of the two shapes the (schema-valid) payload is, or what is wrong.
 * @example payloadShape({ previous_response_id: "resp_x", input: "why?" }) // {ok:true, shape:{kind:"follow_up",…}}
 */
export function payloadShape(body: ResponsePayload): { ok: true; shape: PayloadShape } | { ok: false; details: ValidationDetail[] } {
  const first = (["capability", "subject_id"] as const).filter((k) => body[k] !== undefined);
  if (body.previous_response_id !== undefined) {
    if (first.length === 0) return { ok: true, shape: { kind: "follow_up", previousResponseId: body.previous_response_id } };
    return { ok: false, details: first.map((path) => ({ path, message: "must not be sent with previous_response_id: a follow-up inherits the capability and subject" })) };
  }
  if (body.capability !== undefined && body.subject_id !== undefined) {
    return { ok: true, shape: { kind: "first", capability: body.capability, subjectId: body.subject_id } };
  }
  if (first.length === 0) {
    return { ok: false, details: [{ path: "(body)", message: "must be a first Response (capability, subject_id, input) or a follow-up (previous_response_id, input)" }] };
  }
  const missing = body.capability === undefined ? "capability" : "subject_id";
  return { ok: false, details: [{ path: missing, message: "is required for a first Response" }] };
}

const SafetyActionSchema = Type.Object(
  {
    text_id: Type.String({ description: "Stable id of the text, e.g. `responses.safety_action.crisis_support.v1`." }),
    text: Type.Object(
      {
        en: Type.String({ description: "The text in English." }),
        "zh-Hans": Type.String({ description: "The text in Simplified Chinese." }),
        "zh-Hant": Type.String({ description: "The text in Traditional Chinese." }),
      },
      { additionalProperties: false, description: "The same fixed text in each script, keyed `en`, `zh-Hans` and `zh-Hant`." },
    ),
  },
  { additionalProperties: false },
);

export const ResponseRecord = Type.Object(
  {
    id: Type.String({ pattern: "^resp_", description: "The Response's id (`resp_…`)." }),
    object: Type.Literal("response", { description: "Always `response`." }),
    capability: CapabilityEnum,
    subject_id: Type.String({ description: "The chart (`bzc_…`), cast (`lyc_…`) or Plan (`hpl_…`) explained; a follow-up's is its parent's." }),
    previous_response_id: Type.Union([Type.String({ pattern: "^resp_" }), Type.Null()], { description: "The Response this one follows up (`resp_…`), or null for a first Response." }),
    input: Type.String({ description: "The question, as sent." }),
    output_text: Type.String({ description: "The explanation, or the fixed safety-action text when `safety.escalated`." }),
    language: StringEnum(["zh", "en"] as const, { description: "The answer's language, taken from the input." }),
    model: Type.Union([Type.String(), Type.Null()], { description: "The interpreter that answered (`lingshu-local-1` offline); null when the local screen escalated before any interpreter was called; when the model itself judged the input a crisis, the model that did (its answer discarded)." }),
    safety: Type.Object(
      {
        escalated: Type.Boolean({ description: "Crisis language was found (`level` is `crisis`): `output_text` is the category's fixed safety-action text, and any interpretation was set aside — no model was called when the local screen found it (`detected_by`), and the model's answer was discarded when the model did." }),
        level: StringEnum(["none", "concern", "crisis"] as const, {
          description: "`crisis`: a clear risk signal; the safety text only. `concern`: distress without a clear risk signal; a normal answer ending with a short support line. `none`: no signal found.",
        }),
        categories: Type.Array(StringEnum(CRISIS_CATEGORIES), { description: "The crisis categories found (empty below `crisis`): `suicide`, `self_harm`, `harm_others`, `danger_from_others` (abuse, threats, confinement), `medical_emergency` (happening now), `minor_abuse` (a child or teenager disclosing abuse)." }),
        safety_action: Type.Union([SafetyActionSchema, Type.Null()], { description: "The fixed text shown (the most urgent category's), in English, Simplified and Traditional Chinese; `output_text` is the one in the input's script." }),
        detected_by: Type.Union([StringEnum(["rules", "model"] as const), Type.Null()], { description: "Who found the crisis: `rules` (the service's own screen, before any model call) or `model` (the configured model's own judgment; its answer was discarded). Null below `crisis`." }),
        topics: Type.Array(StringEnum(SENSITIVE_TOPICS), { description: "Sensitive questions the reading does not decide (the answer says so and who can): `medical_decision`, `lifespan`, `pregnancy_outcome`, `harm_attribution`." }),
      },
      { additionalProperties: false, description: "The safety outcome of this turn: what the service's screen, or the model, found in the input (on a cast, in its question too), and the fixed text shown for a crisis." },
    ),
    created_at: Type.String({ format: "date-time", description: "When the Response was created (UTC)." }),
    usage: Type.Object(
      {
        billing_units: Type.Integer({ description: "Always 1: one successful Response creation." }),
        input_tokens: Type.Optional(Type.Integer({ description: "Input tokens of the model call that answered, neither read from nor written to the prompt cache (the Messages API's `input_tokens`); absent when no model was called." })),
        output_tokens: Type.Optional(Type.Integer({ description: "Output tokens of the model call that answered (the Messages API's `output_tokens`); absent when no model was called." })),
        cache_creation_input_tokens: Type.Optional(Type.Integer({ description: "Input tokens the model call that answered wrote to the prompt cache (0 if none); absent when no model was called." })),
        cache_read_input_tokens: Type.Optional(Type.Integer({ description: "Input tokens the model call that answered read from the prompt cache (0 if none); absent when no model was called." })),
      },
      { additionalProperties: false, description: "What the Response cost: its billing unit and, when a model was called, the token counts of the call that answered." },
    ),
    end_user_id: Type.Union([Type.String(), Type.Null()], { description: "The end_user_id sent, else (on a follow-up) its parent's, else null." }),
  },
  { $id: "Response", additionalProperties: false, description: `Context for follow-ups is a rolling summary of at most ${MAX_SUMMARY_CHARS} characters kept by the service (not returned).` },
);
export type ResponseRecord = Static<typeof ResponseRecord>;

export const FeedbackPayload = Type.Object(
  {
    response_id: Type.String({ maxLength: ID_MAX, description: "An existing Response of your App (`resp_…`)." }),
    rating: StringEnum(["positive", "negative"] as const, { description: "How the Response was rated: `positive` or `negative`." }),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10, description: "Your own labels, at most 10 of at most 64 characters." })),
    comment: Type.Optional(Type.String({ maxLength: 2000, description: "Your own free-text comment, at most 2000 characters." })),
    correction: Type.Optional(Type.String({ maxLength: 4000, description: "What the answer should have said." })),
  },
  { additionalProperties: false },
);
export type FeedbackPayload = Static<typeof FeedbackPayload>;

export const FeedbackRecord = Type.Object(
  {
    id: Type.String({ pattern: "^fb_", description: "The feedback's id (`fb_…`)." }),
    object: Type.Literal("feedback", { description: "Always `feedback`." }),
    response_id: Type.String({ pattern: "^resp_", description: "The Response rated (`resp_…`)." }),
    rating: StringEnum(["positive", "negative"] as const, { description: "The rating sent: `positive` or `negative`." }),
    tags: Type.Array(Type.String(), { description: "The tags sent, in their order; empty when none were sent." }),
    comment: Type.Union([Type.String(), Type.Null()], { description: "The comment sent, or null." }),
    correction: Type.Union([Type.String(), Type.Null()], { description: "The correction sent, or null." }),
    created_at: Type.String({ format: "date-time", description: "When the feedback was recorded (UTC)." }),
  },
  { $id: "Feedback", additionalProperties: false, description: "An end user's rating (and optional comment) of one Response." },
);
