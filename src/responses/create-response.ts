/**
 * One Response creation, in order: shape → (first) subject prefix, capability,
 * subject | (follow-up) parent, capability → the turn decision (blocked Plan,
 * crisis, change of matter) → the interpreter or the fixed safety text → the
 * record, stored with its billing unit and its idempotent answer in one
 * transaction. The decisions are pure (turn.ts, facts/); this module only fetches
 * and maps outcomes to errors.
 */
import { ApiError, missingFromBody, validationError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { iso } from "../platform/schemas.ts";
import { utcMonth } from "../platform/usage.ts";
import { JsonText, type HandlerContext, type HandlerResult } from "../platform/endpoint.ts";
import type { ResponseRow, ResponseStore, SubjectStore } from "../db/storage.ts";
import { SUBJECT_OF_CAPABILITY, SUBJECTS, type Capability } from "../subjects.ts";
import { SUPPORT_LINE, safetyActionFor, type CrisisCategory } from "../safety/index.ts";
import { mentionedConstraints } from "./reading-limits.ts";
import type { MatterChange } from "../matter/matter.ts";
import { factSheet } from "./facts/index.ts";
import { decideTurn, type SubjectGate } from "./turn.ts";
import { detectLanguage, detectScript } from "../text/language.ts";
import { localRollingSummary, startSummary } from "./summary.ts";
import { payloadShape, type ResponsePayload, type ResponseRecord } from "./model.ts";
import { ModelFailure, type Interpretation, type Interpreter, type InterpretRequest } from "./interpreter.ts";
import type { ResponseObserver } from "./observed-interpreter.ts";

/** What the follow-up changed, in the 409's message. */
function whatChanged(change: MatterChange): string {
  switch (change.reason) {
    case "whose":
      return "another person's matter";
    case "what":
      return "another thing or event";
    case "decision":
      return "a new decision that follows the outcome, another matter";
    case "drop":
      return "something else, setting the cast's matter aside, another matter";
    default:
      return change.to.length > 0 ? `another matter (${change.to.join(", ")})` : "another matter";
  }
}

export interface ResponseDeps {
  responses: ResponseStore;
  subjects: Record<Capability, SubjectStore>;
  interpreter: Interpreter;
  observer?: ResponseObserver | null;
}

/** "bzc_" for bazi: the id prefix of the Subject kind the capability owns. */
const subjectPrefix = (capability: Capability) => `${SUBJECTS[SUBJECT_OF_CAPABILITY[capability]].prefix}_`;

/** What the summary remembers of an escalated turn instead of an interpretation. */
const ESCALATION_NOTE = "(safety escalation: the fixed safety-action text was shown, nothing was interpreted)";

/** An interpretation, or the escalation's fixed text (no model: `model` null). */
type Answer = Omit<Interpretation, "model"> & { model: string | null };

interface Turn {
  capability: Capability;
  subjectId: string;
  subject: unknown;
  previous: ResponseRow | null;
}

async function resolveTurn(ctx: HandlerContext<ResponsePayload>, deps: ResponseDeps): Promise<Turn> {
  const shaped = payloadShape(ctx.body);
  if (!shaped.ok) throw validationError(shaped.details);
  const shape = shaped.shape;
  let previous: ResponseRow | null = null;
  let capability: Capability;
  let subjectId: string;
  if (shape.kind === "follow_up") {
    previous = await deps.responses.get(ctx.app.id, shape.previousResponseId);
    if (!previous) throw missingFromBody("PREVIOUS_RESPONSE_NOT_FOUND", "Response", "previous_response_id", shape.previousResponseId);
    ({ capability, subjectId } = previous);
  } else {
    ({ capability, subjectId } = shape);
    if (!subjectId.startsWith(subjectPrefix(capability))) {
      throw new ApiError("SUBJECT_CAPABILITY_MISMATCH", `A ${capability} Subject id starts with "${subjectPrefix(capability)}"; "${subjectId}" does not.`);
    }
  }
  ctx.requireCapability(capability);
  const stored = await deps.subjects[capability].get(ctx.app.id, subjectId);
  // A follow-up's Subject is gone only if it was deleted, and then its Responses were deleted with it.
  if (stored === null) throw missingFromBody("SUBJECT_NOT_FOUND", `${capability} Subject`, "subject_id", subjectId);
  return { capability, subjectId, subject: JSON.parse(stored), previous };
}

async function interpretOrFail(interpreter: Interpreter, request: InterpretRequest): Promise<Interpretation> {
  try {
    return await interpreter.interpret(request);
  } catch (err) {
    if (!(err instanceof ModelFailure)) throw err;
    if (err.kind === "refused") throw new ApiError("MODEL_REFUSED", err.message);
    throw new ApiError(err.kind === "timeout" ? "MODEL_TIMEOUT" : "MODEL_UNAVAILABLE", err.message, { retryAfterMs: err.retryAfterMs ?? undefined });
  }
}

/** The POST /v1/responses handler body. */
export async function createResponse(ctx: HandlerContext<ResponsePayload>, deps: ResponseDeps): Promise<HandlerResult> {
  const turn = await resolveTurn(ctx, deps);
  const input = ctx.body.input;
  const decision = decideTurn(turn.capability, turn.subject as SubjectGate, input);
  if (decision.kind === "plan_blocked") {
    throw new ApiError("HEALING_PLAN_BLOCKED", "This Plan is blocked by a safety red line and cannot be interpreted; show the fixed safety-action text.", {
      fields: { safety_action: decision.safetyAction },
    });
  }
  if (decision.kind === "new_subject_required") {
    throw new ApiError("NEW_SUBJECT_REQUIRED", `This asks about ${whatChanged(decision.change)} than the cast's question; one cast answers one matter. Create a new cast for it.`);
  }
  const facts = factSheet(turn.capability, turn.subjectId, turn.subject);
  const summary = turn.previous?.summary ?? startSummary(facts.headline);
  const language = detectLanguage(input);
  const previousRecord = turn.previous ? (JSON.parse(turn.previous.record) as ResponseRecord) : null;
  // A Chinese input whose characters are the same in both scripts is answered in the conversation's script.
  const script = detectScript(input, previousRecord && detectScript(previousRecord.output_text) === "zh-Hant" ? "zh-Hant" : "zh-Hans");
  // The safety text is never refused for quota (it still counts its unit); an interpretation is.
  if (decision.kind !== "escalate") await ctx.checkMonthlyQuota();
  const topics = decision.kind === "interpret" ? decision.topics : [];
  const interpretation =
    decision.kind === "escalate"
      ? null
      : await interpretOrFail(deps.interpreter, {
        facts, summary, input, language, script, now: ctx.now, topics, followUp: turn.previous !== null,
        constraints: turn.capability === "healing" ? mentionedConstraints(input) : [],
      });
  // Crisis language found by the rules (no model was called), or by the model itself (its answer is discarded).
  const crisis: CrisisCategory[] = decision.kind === "escalate" ? decision.categories : (interpretation?.crisis ?? []);
  const detectedBy = decision.kind === "escalate" ? "rules" : crisis.length > 0 ? "model" : null;
  // The model read another matter where the local judgment saw none: its answer is discarded, nothing is stored or billed.
  // A crisis it saw comes first: the safety text is never traded for a 409.
  if (crisis.length === 0 && turn.capability === "liuyao" && interpretation?.sameMatter === false) {
    throw new ApiError("NEW_SUBJECT_REQUIRED", "This asks about another matter than the cast's question (as the model read it); one cast answers one matter. Create a new cast for it.");
  }
  const safetyAction = crisis.length > 0 ? safetyActionFor(crisis) : null;
  // The category's fixed text answers, and the summary remembers the escalation.
  const answer: Answer = safetyAction
    ? { text: safetyAction.text[script], summary: localRollingSummary(summary, input, ESCALATION_NOTE), model: interpretation?.model ?? null, usage: interpretation?.usage ?? null }
    : interpretation!;
  const level = safetyAction ? "crisis" : decision.kind === "interpret" ? decision.level : "none";
  // Distress without a clear risk signal: the answer, then a short support line.
  const outputText = level === "concern" ? `${answer.text}\n\n${SUPPORT_LINE[script]}` : answer.text;

  const id = newId("response");
  const record: ResponseRecord = {
    id,
    object: "response",
    capability: turn.capability,
    subject_id: turn.subjectId,
    previous_response_id: turn.previous?.id ?? null,
    input,
    output_text: outputText,
    language,
    model: answer.model,
    safety: { escalated: safetyAction !== null, level, categories: crisis, safety_action: safetyAction, detected_by: detectedBy, topics },
    created_at: iso(ctx.now),
    usage: { billing_units: 1, ...answer.usage },
    // A follow-up without its own end_user_id belongs to the same end user as its parent.
    end_user_id: ctx.body.end_user_id ?? previousRecord?.end_user_id ?? null,
  };
  const row: ResponseRow = {
    id,
    appId: ctx.app.id,
    capability: turn.capability,
    subjectId: turn.subjectId,
    previousResponseId: record.previous_response_id,
    endUserId: record.end_user_id,
    createdAt: ctx.now,
    summary: answer.summary,
    record: JSON.stringify(record),
  };
  return {
    status: 201,
    // The stored bytes are the answer, so the 201, its replays and later GETs are identical.
    body: new JsonText(row.record),
    // The quota is checked again where the unit is added, in the commit's transaction: the check above
    // only refuses early, and other requests (or instances) may spend the last units meanwhile. The
    // safety text passes no quota: it is never refused, and still counts its unit.
    commit: async (completion) => {
      const stored = await deps.responses.insert(
        row,
        { month: utcMonth(ctx.now), units: record.usage.billing_units, ...(safetyAction ? {} : { quota: ctx.app.monthlyQuota }) },
        completion,
      );
      if (safetyAction) deps.observer?.escalation(turn.capability);
      return stored;
    },
  };
}
