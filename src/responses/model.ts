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

const SafetyActionSchema = Type.Object({
  text_id: Type.String({ description: "Stable id of the text, e.g. `responses.safety_action.crisis_support.v1`." }),
  text: Type.Object({ en: Type.String(), "zh-Hans": Type.String(), "zh-Hant": Type.String() }),
});

export const ResponseRecord = Type.Object(
  {
    id: Type.String({ pattern: "^resp_" }),
    object: Type.Literal("response"),
    capability: CapabilityEnum,
    subject_id: Type.String(),
    previous_response_id: Type.Union([Type.String({ pattern: "^resp_" }), Type.Null()]),
    input: Type.String(),
    output_text: Type.String({ description: "The explanation, or the fixed safety-action text when `safety.escalated`." }),
    language: StringEnum(["zh", "en"] as const, { description: "The answer's language, taken from the input." }),
    model: Type.Union([Type.String(), Type.Null()], { description: "The interpreter that answered (`lingshu-local-1` offline); null when no model was called (safety escalation)." }),
    safety: Type.Object({
      escalated: Type.Boolean({ description: "Crisis language was found (`level` is `crisis`): no model was called and `output_text` is the category's fixed safety-action text." }),
      level: StringEnum(["none", "concern", "crisis"] as const, {
        description: "`crisis`: a clear risk signal; the safety text only. `concern`: distress without a clear risk signal; a normal answer ending with a short support line. `none`: no signal found.",
      }),
      categories: Type.Array(StringEnum(CRISIS_CATEGORIES), { description: "The crisis categories found (empty below `crisis`): `suicide`, `self_harm`, `harm_others`, `danger_from_others` (abuse, threats, confinement), `medical_emergency` (happening now), `minor_abuse` (a child or teenager disclosing abuse)." }),
      safety_action: Type.Union([SafetyActionSchema, Type.Null()], { description: "The fixed text shown (the most urgent category's), in English, Simplified and Traditional Chinese; `output_text` is the one in the input's script." }),
      detected_by: Type.Union([StringEnum(["rules", "model"] as const), Type.Null()], { description: "Who found the crisis: `rules` (the service's own screen, before any model call) or `model` (the configured model's own judgment; its answer was discarded). Null below `crisis`." }),
      topics: Type.Array(StringEnum(SENSITIVE_TOPICS), { description: "Sensitive questions the reading does not decide (the answer says so and who can): `medical_decision`, `lifespan`, `pregnancy_outcome`, `harm_attribution`." }),
    }),
    created_at: Type.String({ format: "date-time" }),
    usage: Type.Object({
      billing_units: Type.Integer({ description: "Always 1: one successful Response creation." }),
      input_tokens: Type.Optional(Type.Integer()),
      output_tokens: Type.Optional(Type.Integer()),
      cache_creation_input_tokens: Type.Optional(Type.Integer()),
      cache_read_input_tokens: Type.Optional(Type.Integer()),
    }),
    end_user_id: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: "Response", additionalProperties: false, description: `Context for follow-ups is a rolling summary of at most ${MAX_SUMMARY_CHARS} characters kept by the service (not returned).` },
);
export type ResponseRecord = Static<typeof ResponseRecord>;

export const FeedbackPayload = Type.Object(
  {
    response_id: Type.String({ maxLength: ID_MAX, description: "An existing Response of your App (`resp_…`)." }),
    rating: StringEnum(["positive", "negative"] as const),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10, description: "Your own labels, at most 10 of at most 64 characters." })),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
    correction: Type.Optional(Type.String({ maxLength: 4000, description: "What the answer should have said." })),
  },
  { additionalProperties: false },
);
export type FeedbackPayload = Static<typeof FeedbackPayload>;

export const FeedbackRecord = Type.Object(
  {
    id: Type.String({ pattern: "^fb_" }),
    object: Type.Literal("feedback"),
    response_id: Type.String({ pattern: "^resp_" }),
    rating: StringEnum(["positive", "negative"] as const),
    tags: Type.Array(Type.String()),
    comment: Type.Union([Type.String(), Type.Null()]),
    correction: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: "date-time" }),
  },
  { $id: "Feedback", additionalProperties: false },
);
