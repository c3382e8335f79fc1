/**
 * POST /v1/responses, GET /v1/responses/{response_id}, POST /v1/feedback. The
 * capability of a Response is in its body (first) or its parent (follow-up), so
 * these endpoints declare `capability: null` and check it in the handler.
 */
import { missingFromBody } from "../platform/errors.ts";
import { listEndpoint } from "../platform/list-endpoint.ts";
import { Type } from "@sinclair/typebox";
import { defineEndpoint, JsonText, type Endpoint, type HandlerContext } from "../platform/endpoint.ts";
import { ApiError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { iso } from "../platform/schemas.ts";
import type { ResponseRow, ResponseStore, SubjectStore } from "../db/storage.ts";
import type { Capability } from "../db/types.ts";
import { SUBJECT_ID_PATTERN } from "../subjects.ts";
import type { Config } from "../config.ts";
import { createInterpreter, describeModel } from "./choose-interpreter.ts";
import { observedInterpreter, type ResponseObserver } from "./observed-interpreter.ts";
import type { Interpreter } from "./interpreter.ts";
import { createResponse } from "./create-response.ts";
import { FeedbackPayload, FeedbackRecord, ResponsePayload, ResponseRecord } from "./model.ts";

export interface ResponsesDeps {
  responses: ResponseStore;
  config: Config;
  subjects: Record<Capability, SubjectStore>;
  /** Replaces the interpreter chosen from the configuration (tests). */
  interpreter?: Interpreter;
  /** Told escalations and model calls (the metrics). */
  observer?: ResponseObserver | null;
}

/** A claimed Idempotency-Key outlives the model's whole deadline, so a retry waits instead of running twice. */
const LOCK_MARGIN_MS = 15_000;

/** A Response of this App whose capability is granted, or 404/403. */
async function readResponse(ctx: HandlerContext<unknown>, responses: ResponseStore, id: string, fromBody = false): Promise<ResponseRow> {
  const row = await responses.get(ctx.app.id, id);
  if (!row) throw fromBody ? missingFromBody("RESOURCE_NOT_FOUND", "Response", "response_id", id) : new ApiError("RESOURCE_NOT_FOUND", `No Response "${id}" exists in this App.`);
  ctx.requireCapability(row.capability);
  return row;
}

export function responsesEndpoints(deps: ResponsesDeps): Endpoint[] {
  const { responses } = deps;
  const chosen = deps.interpreter ?? createInterpreter(deps.config);
  const interpreter = deps.observer ? observedInterpreter(chosen, describeModel(deps.config).interpreter, deps.observer) : chosen;
  return [
    defineEndpoint({
      method: "POST",
      path: "/v1/responses",
      operationId: "create_response",
      summary: "Create a Response (first or follow-up)",
      description:
        "Explains the confirmed facts of a chart, cast or Plan. Send either `capability` + `subject_id` + `input` (a first Response) or `previous_response_id` + `input` (a follow-up, which inherits the capability and subject; several follow-ups may branch from one parent). Context is a rolling summary of fixed length kept by the service, so you never resend history. The answer follows the input's language (Chinese or English). Every input is screened first (`safety.level`): crisis language (suicide, self-harm, harm to others, danger from others, a medical emergency now, a minor disclosing abuse) is never interpreted: `output_text` is the category's fixed safety-action text in the input's script and `safety.escalated` is true; distress without a clear risk signal (`concern`) is answered with a short support line at the end. A blocked Plan answers 409 `HEALING_PLAN_BLOCKED` with `error.safety_action`; a LiuYao question about another matter answers 409 `NEW_SUBJECT_REQUIRED` (create a new cast). A successful creation costs 1 billing unit; a replay costs nothing. 503 `MODEL_UNAVAILABLE` and 504 `MODEL_TIMEOUT` store and bill nothing: retry after `retry_after_ms` with the same Idempotency-Key and body. 422 `MODEL_REFUSED` (the model declined the input under its own usage policy) stores and bills nothing either; retrying the same input will not help.",
      tag: "Responses",
      capability: null,
      idempotent: true,
      billable: "handler",
      lockMs: deps.config.modelDeadlineMs + LOCK_MARGIN_MS,
      body: ResponsePayload,
      errors: ["CAPABILITY_NOT_GRANTED", "SUBJECT_CAPABILITY_MISMATCH", "SUBJECT_NOT_FOUND", "PREVIOUS_RESPONSE_NOT_FOUND", "NEW_SUBJECT_REQUIRED", "HEALING_PLAN_BLOCKED", "MODEL_REFUSED", "MODEL_UNAVAILABLE", "MODEL_TIMEOUT"],
      success: { status: 201, description: "The created Response.", schema: ResponseRecord },
      handle: (ctx) => createResponse(ctx, { responses, subjects: deps.subjects, interpreter, observer: deps.observer ?? null }),
    }),
    listEndpoint({
      collection: "/v1/responses",
      plural: "responses",
      prefix: "resp",
      capability: null,
      tag: "Responses",
      item: ResponseRecord,
      filters: { subject_id: Type.Optional(Type.String({ pattern: SUBJECT_ID_PATTERN, description: "Only the Responses about this chart, cast or Plan." })) },
      // Only the capabilities granted: a Response of another one reads as missing, as on GET.
      list: (appId, query, granted) => responses.list(appId, { ...query, capabilities: granted }),
    }),
    defineEndpoint({
      method: "GET",
      path: "/v1/responses/:response_id",
      operationId: "get_response",
      summary: "Read a Response",
      description: "Returns the Response exactly as it was created. Another App's id answers 404 like a missing one; the Response's capability must still be granted.",
      tag: "Responses",
      capability: null,
      idempotent: false,
      params: [{ name: "response_id", pattern: /^resp_/, description: "The Response's id (`resp_…`)." }],
      errors: ["CAPABILITY_NOT_GRANTED"],
      success: { status: 200, description: "The Response.", schema: ResponseRecord },
      async handle(ctx) {
        const row = await readResponse(ctx, responses, ctx.params.response_id!);
        return { status: 200, body: new JsonText(row.record) };
      },
    }),
    defineEndpoint({
      method: "POST",
      path: "/v1/feedback",
      operationId: "create_feedback",
      summary: "Record feedback on a Response",
      description: "Rates a Response (`positive` or `negative`) with optional tags, comment and correction. An Idempotency-Key is optional: sent, a retry with the same key and body replays the first answer instead of recording twice; without one, each call records one feedback item. Feedback is deleted with its Response (when its Subject is deleted).",
      tag: "Responses",
      capability: null,
      idempotent: "optional",
      body: FeedbackPayload,
      errors: ["CAPABILITY_NOT_GRANTED", "RESOURCE_NOT_FOUND"],
      success: { status: 201, description: "The recorded feedback.", schema: FeedbackRecord },
      async handle(ctx) {
        const body = ctx.body;
        const response = await readResponse(ctx, responses, body.response_id, true);
        const record = {
          id: newId("feedback"),
          object: "feedback" as const,
          response_id: body.response_id,
          rating: body.rating,
          tags: body.tags ?? [],
          comment: body.comment ?? null,
          correction: body.correction ?? null,
          created_at: iso(ctx.now),
        };
        return {
          status: 201,
          body: record,
          // A stored answer (an Idempotency-Key was sent) holds the comment: owned by the Subject, it is deleted with it.
          commit: (completion) =>
            responses.insertFeedback({ id: record.id, appId: ctx.app.id, responseId: record.response_id, createdAt: ctx.now, record: JSON.stringify(record) }, completion && { ...completion, ownerId: response.subjectId }),
        };
      },
    }),
  ];
}
