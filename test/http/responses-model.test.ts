/**
 * The Anthropic interpreter through the real SDK against a local fake Messages
 * API that refuses what the real API refuses: the request it sends with the
 * default model (structured output, explicit effort, cached system prompt and
 * fact sheet, nothing the model refuses), refusals and cut-off answers, and
 * every upstream failure mapped to 503/504 with a bounded retry budget,
 * nothing stored or billed, and a later retry with the same key succeeding.
 * Short timeouts keep these fast.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { expectErrorShape, startServer, uniqueKey, type TestServer } from "../helpers/server.ts";
import { inputOf, startFakeAnthropic, turnText, unreachableUrl, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { responsesClient } from "../helpers/responses.ts";
import { SYSTEM_PROMPT, ANSWER_SCHEMA } from "../../src/responses/prompt.ts";
import { MAX_SUMMARY_CHARS } from "../../src/responses/summary.ts";
import { DEFAULT_MODEL } from "../../src/config.ts";
import { utcMonth } from "../../src/platform/usage.ts";
import { SAFETY_ACTIONS } from "../../src/safety/index.ts";

const TIMEOUT_MS = 200;
const DEADLINE_MS = 800;
const MAX_RETRIES = 2;

let fake: FakeAnthropic;
let s: TestServer;
let r: ReturnType<typeof responsesClient>;
let cast: any;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  s = await startServer({
    env: {
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
      LINGSHU_MODEL_TIMEOUT_MS: String(TIMEOUT_MS),
      LINGSHU_MODEL_DEADLINE_MS: String(DEADLINE_MS),
      LINGSHU_MODEL_MAX_RETRIES: String(MAX_RETRIES),
    },
  });
  r = responsesClient(s);
  cast = await r.subject("liuyao");
});
afterAll(async () => {
  await s.stop();
  await fake.stop();
});
beforeEach(() => fake.reset());

const billed = async () => (await s.operator.usage(s.tenant.app.id, utcMonth(Date.now()))).billing_units;
const ask = (input = "结果如何？", idem = uniqueKey()) => r.post({ capability: "liuyao", subject_id: cast.id, input }, undefined, idem);

describe("a successful call with the default model", () => {
  test("one request the model accepts: structured output, explicit effort, no forced tool, no sampling or thinking settings; cached prefix", async () => {
    const rec = await r.first("liuyao", cast.id, "What do the moving lines mean?");
    expect(fake.requests).toHaveLength(1);
    const { path, headers, body, status } = fake.requests[0]!;
    expect(status).toBe(200);
    expect(path).toBe("/v1/messages");
    expect(headers["anthropic-version"]).toBe("2026-10-21");
    // This SDK version sends the key as a bearer token; older ones used x-api-key.
    expect(headers.authorization ?? `Bearer ${headers["x-api-key"]}`).toBe("Bearer test-key");
    expect(body.model).toBe(DEFAULT_MODEL);
    expect(body.output_config).toEqual({ format: { type: "json_schema", schema: ANSWER_SCHEMA }, effort: "medium" });
    for (const refused of ["tool_choice", "tools", "thinking", "temperature", "top_p", "top_k"]) expect(body).not.toHaveProperty(refused);
    expect(body.messages.at(-1).role).toBe("user");
    // Room for adaptive thinking before the answer.
    expect(body.max_tokens).toBeGreaterThanOrEqual(8_000);
    expect(body.system).toEqual([{ type: "text", text: SYSTEM_PROMPT, cache_control: { type: "ephemeral" } }]);
    const [facts, turn] = body.messages[0].content;
    expect(facts.cache_control).toEqual({ type: "ephemeral" });
    expect(facts.text).toContain("Primary hexagram: 雷火丰");
    expect(facts.text).toContain("Question (the one matter of this cast): 这次面试能通过吗？");
    expect(turn.cache_control).toBeUndefined();
    expect(turn.text).toContain("Reply language: English");
    expect(turn.text).toContain("Subject: 这次面试能通过吗？");
    expect(inputOf(body)).toBe("What do the moving lines mean?");
    expect(rec).toMatchObject({ model: DEFAULT_MODEL, output_text: "Fake answer 1 to: What do the moving lines mean?", safety: { escalated: false } });
    // The fake's model thought first (its thinking block was skipped) and its thinking tokens are output tokens.
    expect(rec.usage.output_tokens).toBeGreaterThan(1_000);
    expect(rec.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(rec.usage.cache_read_input_tokens).toBe(0);
  });

  test("a follow-up reads the cached system prompt and fact sheet", async () => {
    const first = await r.first("liuyao", cast.id, "结果如何？");
    const second = await r.followUp(first.id, "那什么时候有消息？");
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
  });

  test("the model's summary is clamped before it is stored and carried into the next prompt", async () => {
    const first = await r.first("liuyao", cast.id, "结果如何？");
    const stored = await r.summaryOf(first.id);
    expect(stored.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(stored).toMatch(/^Summary after turn \d+\./);
    await r.followUp(first.id, "那什么时候有消息？");
    expect(turnText(fake.requests[1]!.body)).toContain(`<summary>\n${stored}\n</summary>`);
    expect(turnText(fake.requests[1]!.body)).toContain("Reply language: Simplified Chinese");
  });

  test("crisis language never reaches the model", async () => {
    const rec = await r.first("liuyao", cast.id, "我想自杀");
    expect(rec.safety.escalated).toBe(true);
    expect(rec.model).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  test("an answer off the requested format counts as a failed attempt and is retried", async () => {
    fake.script({ kind: "off_format" });
    const res = await ask();
    expect(res.status).toBe(201);
    expect(fake.requests).toHaveLength(2);
  });
});

describe("the monthly quota holds for follow-ups as for first turns", () => {
  test("a spent quota refuses a follow-up before the model is called: 429 MONTHLY_QUOTA_EXCEEDED, no Response, no call", async () => {
    const t = await s.newTenant({ monthlyQuota: 1 });
    const tenantCast = await r.subject("liuyao", t.key);
    const first = await r.first("liuyao", tenantCast.id, "结果如何？", t.key);
    expect(fake.requests).toHaveLength(1);
    const followUp = await s.request("POST", "/v1/responses", { key: t.key, idempotencyKey: uniqueKey(), body: { previous_response_id: first.id, input: "那什么时候有结果？" } });
    expectErrorShape(followUp, 429, "MONTHLY_QUOTA_EXCEEDED");
    // The refusal comes before the call: a check only at commit time would have spent a model call.
    expect(fake.requests).toHaveLength(1);
    expect(await r.count("responses", "app_id = ?", t.app.id)).toBe(1);
    expect((await s.operator.usage(t.app.id, utcMonth(Date.now()))).billing_units).toBe(1);
  });
});

describe("the model's own change-of-matter judgment, behind the local one", () => {
  const matterChange = () => ({ answer: "Your sister's exam is another question.", summary: "s", crisis: false, crisis_categories: [], same_matter: false });

  test("the request asks for it: same_matter is a required field of the structured answer", async () => {
    await r.first("liuyao", cast.id, "第三爻是什么意思？");
    expect(fake.requests[0]!.body.output_config.format.schema.required).toContain("same_matter");
    expect(fake.requests[0]!.body.system.map((b: { text: string }) => b.text).join("")).toContain("same_matter");
  });

  test("another matter the local judgment missed: 409 NEW_SUBJECT_REQUIRED saying the model read it so; nothing stored or billed; the key replays it", async () => {
    const first = await r.first("liuyao", cast.id, "这次面试能过吗？");
    fake.setWriter(matterChange);
    const before = await billed();
    const stored = await r.count("responses", "subject_id = ?", cast.id);
    const idem = uniqueKey();
    // Words the local judgment keeps on the matter: only the model reads another matter here.
    const body = { previous_response_id: first.id, input: "后面会怎么发展？" };
    const refused = await s.request("POST", "/v1/responses", { idempotencyKey: idem, body });
    expect(expectErrorShape(refused, 409, "NEW_SUBJECT_REQUIRED").message).toContain("as the model read it");
    expect(fake.requests).toHaveLength(2);
    expect(await r.count("responses", "subject_id = ?", cast.id)).toBe(stored);
    expect(await billed()).toBe(before);
    const replay = await s.request("POST", "/v1/responses", { idempotencyKey: idem, body });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(fake.requests).toHaveLength(2);
  });

  test("a matter the local judgment is sure of never reaches the model", async () => {
    const first = await r.first("liuyao", cast.id, "这次面试能过吗？");
    expectErrorShape(await s.request("POST", "/v1/responses", { idempotencyKey: uniqueKey(), body: { previous_response_id: first.id, input: "先不管面试了，我妈的病能好吗？" } }), 409, "NEW_SUBJECT_REQUIRED");
    expect(fake.requests).toHaveLength(1);
  });

  test("a crisis the model saw comes before its matter judgment: the safety text, not a 409", async () => {
    fake.setWriter(() => ({ ...matterChange(), crisis: true, crisis_categories: ["self_harm"] }));
    const rec = await r.first("liuyao", cast.id, "那件事我又做了一次");
    expect(rec.safety).toMatchObject({ escalated: true, detected_by: "model", categories: ["self_harm"] });
  });

  test("a chart has no matter to leave: same_matter false from the model is ignored there", async () => {
    fake.setWriter(matterChange);
    const chart = await r.subject("bazi");
    const rec = await r.first("bazi", chart.id, "And my sister's exam?");
    expect(rec.output_text).toBe("Your sister's exam is another question.");
  });
});

describe("the model's own safety judgment, a second layer behind the rules", () => {
  test("a crisis the rules missed: the safety text replaces the model's answer, the record says the model found it, one unit is billed", async () => {
    fake.setWriter(() => ({ answer: "Here is your reading.", summary: "s", crisis: true, crisis_categories: ["self_harm"] }));
    const before = await billed();
    // Words the local screen passes over (it now escalates "今天又想那样做了，你懂的" on its own).
    const rec = await r.first("liuyao", cast.id, "那件事我又做了一次");
    expect(fake.requests).toHaveLength(1);
    expect(rec.safety).toEqual({ escalated: true, level: "crisis", categories: ["self_harm"], safety_action: SAFETY_ACTIONS.self_harm, detected_by: "model", topics: [] });
    expect(rec.output_text).toBe(SAFETY_ACTIONS.self_harm.text["zh-Hans"]);
    expect(rec.model).toBe(DEFAULT_MODEL);
    expect(rec.usage.billing_units).toBe(1);
    expect(await billed()).toBe(before + 1);
    expect(await r.summaryOf(rec.id)).toContain("safety escalation");
  });

  test("no crisis: the model's answer stands; the rules' crisis never reaches the model", async () => {
    const rec = await r.first("liuyao", cast.id, "第三爻是什么意思？");
    expect(rec.safety).toMatchObject({ escalated: false, detected_by: null });
    const crisis = await r.first("liuyao", cast.id, "我想自杀");
    expect(crisis.safety).toMatchObject({ escalated: true, detected_by: "rules" });
    expect(fake.requests).toHaveLength(1);
  });

  test("the turn tells the model the script, the sensitive topics found and the rules it must follow", async () => {
    await r.first("bazi", (await r.subject("bazi")).id, "我爸還能活多久？他今年八十了");
    const body = fake.requests[0]!.body;
    expect(turnText(body)).toContain("Reply language: Traditional Chinese");
    expect(turnText(body)).toContain("Sensitive topics found in this turn (the reading must not decide them): lifespan");
    expect(body.system[0].text).toContain("set crisis to true");
  });
});

describe("refusals and cut-off answers", () => {
  test("a refusal: 422 MODEL_REFUSED naming its category, no retry, nothing stored or billed; the same key replays it", async () => {
    fake.setDefault({ kind: "refusal", category: "general_harms" });
    const before = await billed();
    const rows = await r.count("responses");
    const idem = uniqueKey();
    const res = await ask("结果如何？", idem);
    const error = expectErrorShape(res, 422, "MODEL_REFUSED");
    expect(error.retryable).toBe(false);
    expect(error.retry_after_ms).toBeUndefined();
    expect(error.message).toContain("general_harms");
    expect(fake.requests).toHaveLength(1);
    expect(await billed()).toBe(before);
    expect(await r.count("responses")).toBe(rows);
    const replay = await ask("结果如何？", idem);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(res.text);
    expect(fake.requests).toHaveLength(1);
  });

  test("a refusal without a category says so", async () => {
    fake.setDefault({ kind: "refusal", category: null });
    expect(expectErrorShape(await ask(), 422, "MODEL_REFUSED").message).toContain("none given");
  });

  test("an answer cut off at max_tokens is retried once with twice the room, and succeeds", async () => {
    fake.script({ kind: "cut_off" });
    const res = await ask();
    expect(res.status).toBe(201);
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests.map((req) => req.body.max_tokens);
    expect(second).toBe(first * 2);
  });

  test("an answer cut off on every attempt: 503 MODEL_UNAVAILABLE saying so, nothing stored or billed", async () => {
    fake.setDefault({ kind: "cut_off" });
    const before = await billed();
    const rows = await r.count("responses");
    const error = expectErrorShape(await ask(), 503, "MODEL_UNAVAILABLE");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("cut off");
    expect(fake.requests).toHaveLength(1 + MAX_RETRIES);
    expect(await billed()).toBe(before);
    expect(await r.count("responses")).toBe(rows);
  });
});

describe("upstream failures: 503/504, retryable, bounded, not stored, not billed", () => {
  test.each([
    ["overloaded 529", { kind: "status", status: 529, retryAfterMs: 5 }, 503, "MODEL_UNAVAILABLE", 1 + MAX_RETRIES],
    ["rate-limited 429", { kind: "status", status: 429, retryAfterMs: 5 }, 503, "MODEL_UNAVAILABLE", 1 + MAX_RETRIES],
    ["a 500 fault", { kind: "status", status: 500, retryAfterMs: 5 }, 503, "MODEL_UNAVAILABLE", 1 + MAX_RETRIES],
    ["a dropped connection", { kind: "drop" }, 503, "MODEL_UNAVAILABLE", 1 + MAX_RETRIES],
    ["a gateway timeout 504", { kind: "status", status: 504, retryAfterMs: 5 }, 504, "MODEL_TIMEOUT", 1 + MAX_RETRIES],
    ["a bad request 400 (not worth retrying)", { kind: "status", status: 400 }, 503, "MODEL_UNAVAILABLE", 1],
    ["an invalid key 401 (not worth retrying)", { kind: "status", status: 401 }, 503, "MODEL_UNAVAILABLE", 1],
  ] as const)("%s", async (_name, behaviour, status, code, attempts) => {
    fake.setDefault(behaviour);
    const before = await billed();
    const rows = await r.count("responses");
    const error = expectErrorShape(await ask(), status, code);
    expect(error.retryable).toBe(true);
    expect(error.retry_after_ms).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(attempts);
    expect(await billed()).toBe(before);
    expect(await r.count("responses")).toBe(rows);
  });

  test("too slow: every attempt times out → 504 MODEL_TIMEOUT within the total deadline", async () => {
    fake.setDefault({ kind: "answer", delayMs: TIMEOUT_MS * 3 });
    const started = performance.now();
    const error = expectErrorShape(await ask(), 504, "MODEL_TIMEOUT");
    const elapsed = performance.now() - started;
    expect(error.retryable).toBe(true);
    expect(error.retry_after_ms).toBeGreaterThan(0);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(fake.requests.length).toBeLessThanOrEqual(1 + MAX_RETRIES);
    expect(elapsed).toBeLessThan(DEADLINE_MS + 400);
  });

  test("a body that trickles in past the timeout is cut off too (the SDK's own timeout stops at the headers)", async () => {
    fake.setDefault({ kind: "slow_body", delayMs: TIMEOUT_MS * 3 });
    expectErrorShape(await ask(), 504, "MODEL_TIMEOUT");
  });

  test("slow but within the timeout is fine", async () => {
    fake.setDefault({ kind: "answer", delayMs: TIMEOUT_MS / 3 });
    expect((await ask()).status).toBe(201);
  });

  test("a short Retry-After is honoured and the retry succeeds", async () => {
    fake.script({ kind: "status", status: 429, retryAfterMs: 20 }, { kind: "status", status: 529, retryAfterMs: 20 });
    const res = await ask();
    expect(res.status).toBe(201);
    expect(fake.requests).toHaveLength(3);
  });

  test("without a Retry-After the backoff is short and the retry succeeds", async () => {
    fake.script({ kind: "status", status: 500 });
    const started = performance.now();
    expect((await ask()).status).toBe(201);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a Retry-After beyond the deadline is not waited for: 503 at once, passing the wait on", async () => {
    fake.setDefault({ kind: "status", status: 429, retryAfterSeconds: 30 });
    const started = performance.now();
    const error = expectErrorShape(await ask(), 503, "MODEL_UNAVAILABLE");
    expect(performance.now() - started).toBeLessThan(500);
    expect(fake.requests).toHaveLength(1);
    expect(error.retry_after_ms).toBe(30_000);
  });

  test("an unreachable endpoint → 503", async () => {
    const t = await startServer({ env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: await unreachableUrl(), LINGSHU_MODEL_MAX_RETRIES: "0" } });
    try {
      const c = responsesClient(t);
      const subject = await c.subject("bazi");
      expectErrorShape(await c.post({ capability: "bazi", subject_id: subject.id, input: "hello" }), 503, "MODEL_UNAVAILABLE");
    } finally {
      await t.stop();
    }
  });

  test("the claim is released: a retry with the same key and body runs again, succeeds and is billed once", async () => {
    const idem = uniqueKey();
    const before = await billed();
    fake.setDefault({ kind: "status", status: 529, retryAfterMs: 5 });
    expectErrorShape(await ask("结果如何？", idem), 503, "MODEL_UNAVAILABLE");
    fake.setDefault({ kind: "answer", delayMs: TIMEOUT_MS * 3 });
    expectErrorShape(await ask("结果如何？", idem), 504, "MODEL_TIMEOUT");
    fake.setDefault({ kind: "answer" });
    const ok = await ask("结果如何？", idem);
    expect(ok.status).toBe(201);
    const replay = await ask("结果如何？", idem);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(ok.text);
    expect(await billed()).toBe(before + 1);
  });

  test("the Subject deleted while the model is answering: 404, and no Response, unit or replay is left behind", async () => {
    const doomed = await r.subject("liuyao");
    fake.setDefault({ kind: "answer", delayMs: TIMEOUT_MS / 2 });
    const before = await billed();
    const idem = uniqueKey();
    const asking = r.post({ capability: "liuyao", subject_id: doomed.id, input: "还来得及吗？" }, undefined, idem);
    await Bun.sleep(30);
    expect((await s.request("DELETE", `/v1/liuyao/casts/${doomed.id}`)).status).toBe(204);
    const answer = await asking;
    expectErrorShape(answer, 404, "RESOURCE_NOT_FOUND");
    expect(answer.json.error.message).toContain(doomed.id);
    expect(await r.count("responses", "subject_id = ?", doomed.id)).toBe(0);
    expect(await billed()).toBe(before);
    // The Subject stays gone, so the same key answers the same 404 again.
    const retry = await r.post({ capability: "liuyao", subject_id: doomed.id, input: "还来得及吗？" }, undefined, idem);
    expectErrorShape(retry, 404, "RESOURCE_NOT_FOUND");
  });

  test("while the model is still answering, the same key answers 409 IDEMPOTENCY_IN_PROGRESS", async () => {
    fake.setDefault({ kind: "answer", delayMs: TIMEOUT_MS / 2 });
    const idem = uniqueKey();
    const first = ask("结果如何？", idem);
    await Bun.sleep(30);
    expectErrorShape(await ask("结果如何？", idem), 409, "IDEMPOTENCY_IN_PROGRESS");
    expect((await first).status).toBe(201);
  });
});
