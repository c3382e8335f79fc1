/**
 * The Responses' documented schemas against the shared contract (test/helpers/schema-contract.ts).
 * The samples are what the real endpoints answer (src/responses/routes.ts, create-response.ts),
 * called in process without HTTP: the local interpreter a configuration without a model key
 * chooses, Subjects stored as their create routes store them, in-memory stores for the rest.
 */
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { loadConfig } from "../../../src/config.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import { JsonText, type Endpoint, type HandlerContext } from "../../../src/platform/endpoint.ts";
import { iso } from "../../../src/platform/schemas.ts";
import type { ResponseRow, ResponseStore, SubjectStore } from "../../../src/db/storage.ts";
import type { AppRecord, Capability } from "../../../src/db/types.ts";
import { responsesEndpoints } from "../../../src/responses/routes.ts";
import { LocalInterpreter } from "../../../src/responses/local-interpreter.ts";
import type { Interpreter, ModelUsage } from "../../../src/responses/interpreter.ts";
import type { CrisisCategory } from "../../../src/safety/index.ts";
import { FeedbackPayload, FeedbackRecord, ResponsePayload, ResponseRecord } from "../../../src/responses/model.ts";
import { describeSchemaContract } from "../../helpers/schema-contract.ts";

const NOW = Date.parse("2025-06-15T10:00:00Z");
const APP: AppRecord = {
  id: "app_schema", name: "schema", env: "test", capabilities: ["bazi", "liuyao", "healing"],
  rpm: 600, concurrency: 20, monthlyQuota: 100_000, status: "active", createdAt: NOW, updatedAt: NOW,
};
const unused = (): never => {
  throw new Error("not used by these samples");
};

/** Subjects as their create routes store them: the record fields, then the engine's answer. */
const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, minute: 0, gender: "男" });
if (!birth.ok) throw new Error("birth");
const CHART_ID = "bzc_0SchemaChart0000000000000";
const CAST_ID = "lyc_0SchemaCast00000000000000";
const stored = (id: string, object: string, engine: object) => JSON.stringify({ id, object, created_at: iso(NOW), end_user_id: null, metadata: null, ...engine });
const subjectRecords = new Map<string, string>([
  [CHART_ID, stored(CHART_ID, "bazi.chart", computeChart(birth.birth))],
  [CAST_ID, stored(CAST_ID, "liuyao.cast", castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date("2025-06-15T18:00:00+08:00") }))],
]);
const subjectStore: SubjectStore = { insert: unused, list: unused, delete: unused, get: async (_app, id) => subjectRecords.get(id) ?? null };
const subjects: Record<Capability, SubjectStore> = { bazi: subjectStore, liuyao: subjectStore, healing: subjectStore };

/** The stored Response rows, so a follow-up finds its parent (and its rolling summary). */
const rows = new Map<string, ResponseRow>();
const responses: ResponseStore = {
  insert: async (row) => void rows.set(row.id, row),
  get: async (_app, id) => rows.get(id) ?? null,
  list: unused,
  insertFeedback: async () => {},
};

const context = (body: unknown): HandlerContext<unknown> => ({
  app: APP, requestId: "req_schema", now: NOW, body, params: {}, query: {}, origin: "https://lingshu.test",
  requireCapability: () => {}, checkMonthlyQuota: async () => {},
});

const endpoint = (endpoints: Endpoint[], operationId: string) => endpoints.find((e) => e.operationId === operationId)!;
/** A configuration without ANTHROPIC_API_KEY: the local interpreter answers. */
const local = responsesEndpoints({ responses, subjects, config: loadConfig({}) });

/** POST /v1/responses as the pipeline runs it: the handler, then its commit; the 201's body. */
async function respond(body: ResponsePayload, endpoints = local): Promise<ResponseRecord> {
  const result = await endpoint(endpoints, "create_response").handle(context(body));
  if (result.status !== 201) throw new Error(`status ${result.status}`);
  await result.commit!(undefined);
  return JSON.parse((result.body as JsonText).text);
}

/**
 * What the Anthropic interpreter returns, without a key or a call: the local answer with the
 * token counts the Messages API reports (ModelUsage), and optionally the model's own crisis judgment.
 */
const modelLike = (crisis: CrisisCategory[]): Interpreter => ({
  async interpret(request) {
    const answer = await new LocalInterpreter().interpret(request);
    const usage: ModelUsage = { input_tokens: 5120, output_tokens: 640, cache_creation_input_tokens: 0, cache_read_input_tokens: 4096 };
    return { ...answer, model: "claude-sonnet-5-5", usage, crisis };
  },
});
const withModel = (crisis: CrisisCategory[] = []) => responsesEndpoints({ responses, subjects, config: loadConfig({}), interpreter: modelLike(crisis) });

const chartFirst = await respond({ capability: "bazi", subject_id: CHART_ID, input: "我的事业怎么样？", end_user_id: "u-42" });
const castFirst = await respond({ capability: "liuyao", subject_id: CAST_ID, input: "这次面试结果会怎样？" });
const followUp = await respond({ previous_response_id: castFirst.id, input: "那什么时候会有消息？" });
const escalated = await respond({ capability: "bazi", subject_id: CHART_ID, input: "I want to kill myself" });
const escalatedFollowUp = await respond({ previous_response_id: chartFirst.id, input: "我想自杀" });
const concern = await respond({ capability: "bazi", subject_id: CHART_ID, input: "I'm so tired of everything, I can't keep going like this. How long will my father live? He's 80" });
const modelAnswer = await respond({ capability: "liuyao", subject_id: CAST_ID, input: "What should I do before the interview?" }, withModel());
const modelCrisis = await respond({ capability: "bazi", subject_id: CHART_ID, input: "What does my chart say about this year?" }, withModel(["suicide"]));

// The samples are what they are named for.
const expectSafety = (r: ResponseRecord, level: string, detectedBy: string | null) => {
  if (r.safety.level !== level || r.safety.detected_by !== detectedBy) throw new Error(`${r.input}: ${JSON.stringify(r.safety)}`);
};
expectSafety(chartFirst, "none", null);
expectSafety(escalated, "crisis", "rules");
expectSafety(escalatedFollowUp, "crisis", "rules");
expectSafety(modelCrisis, "crisis", "model");
if (concern.safety.level !== "concern" || concern.safety.topics.length === 0) throw new Error(`concern: ${JSON.stringify(concern.safety)}`);
if (followUp.previous_response_id !== castFirst.id || modelAnswer.usage.input_tokens === undefined) throw new Error("follow-up or model usage");

const feedbackBody: FeedbackPayload = { response_id: chartFirst.id, rating: "negative", tags: ["too_long"], comment: "Too general.", correction: "Name the ten god of the month stem." };
const feedback = await endpoint(local, "create_feedback").handle(context(feedbackBody));
const feedbackBare = await endpoint(local, "create_feedback").handle(context({ response_id: castFirst.id, rating: "positive" }));

describeSchemaContract("Responses", { ResponsePayload, ResponseRecord, FeedbackPayload, FeedbackRecord }, [
  { name: "a first Response on a chart", schema: ResponseRecord, value: chartFirst },
  { name: "a first Response on a cast", schema: ResponseRecord, value: castFirst },
  { name: "a follow-up", schema: ResponseRecord, value: followUp },
  { name: "a safety escalation found by the rules", schema: ResponseRecord, value: escalated },
  { name: "a follow-up escalated (Chinese)", schema: ResponseRecord, value: escalatedFollowUp },
  { name: "a concern with a sensitive topic", schema: ResponseRecord, value: concern },
  { name: "a model's answer with its token counts (stubbed interpreter)", schema: ResponseRecord, value: modelAnswer },
  { name: "a crisis the model found (stubbed interpreter)", schema: ResponseRecord, value: modelCrisis },
  { name: "a first Response request", schema: ResponsePayload, value: { capability: "liuyao", subject_id: CAST_ID, input: "这次面试结果会怎样？", end_user_id: "u-42" } },
  { name: "a follow-up request", schema: ResponsePayload, value: { previous_response_id: castFirst.id, input: "那什么时候会有消息？", end_user_id: "u-42" } },
  { name: "a feedback request", schema: FeedbackPayload, value: feedbackBody },
  { name: "recorded feedback", schema: FeedbackRecord, value: feedback.body },
  { name: "recorded feedback without the optional fields", schema: FeedbackRecord, value: feedbackBare.body },
], ["Feedback", "Response"]);

describe("Responses: the answer's nested objects are closed too", () => {
  const added = (r: ResponseRecord, at: "safety" | "safety_action" | "text" | "usage") => {
    const copy = structuredClone(r) as any;
    const target = at === "safety" ? copy.safety : at === "usage" ? copy.usage : at === "safety_action" ? copy.safety.safety_action : copy.safety.safety_action.text;
    target.not_documented = true;
    return copy;
  };
  test.each(["safety", "safety_action", "text", "usage"] as const)("%s: an added property is refused", (at) => {
    expect(Value.Check(ResponseRecord, modelCrisis)).toBe(true);
    expect(Value.Check(ResponseRecord, added(modelCrisis, at))).toBe(false);
  });
});
