/**
 * Responses and feedback over HTTP with the local interpreter (no key set):
 * the two payload shapes, the order of the checks, follow-ups and branching,
 * the 409s, crisis escalation, billing, feedback and the delete cascade.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectErrorShape, startServer, uniqueKey, type TestServer } from "../helpers/server.ts";
import { INTERVIEW_CAST, blockedPlanPayload, responsesClient } from "../helpers/responses.ts";
import { runCli } from "../helpers/cli.ts";
import { SAFETY_ACTION } from "../../src/healing/index.ts";
import { MAX_SUMMARY_CHARS } from "../../src/responses/summary.ts";
import { LOCAL_MODEL } from "../../src/responses/local-interpreter.ts";
import { SAFETY_ACTIONS, SUPPORT_LINE, safetyActionFor } from "../../src/safety/index.ts";

let s: TestServer;
let r: ReturnType<typeof responsesClient>;
const now = Date.parse("2025-06-15T10:00:00Z");
const month = "2025-06";
let chart: any;
let cast: any;
let plan: any;

beforeAll(async () => {
  s = await startServer({ clock: () => now });
  r = responsesClient(s);
  [chart, cast, plan] = await Promise.all([r.subject("bazi"), r.subject("liuyao"), r.subject("healing")]);
});
afterAll(() => s.stop());

const billed = async (appId = s.tenant.app.id) => (await s.operator.usage(appId, month)).billing_units;

describe("the payload is exactly one of two shapes", () => {
  test.each([
    [{ input: "hi" }, "(body)", "must be a first Response (capability, subject_id, input) or a follow-up (previous_response_id, input)"],
    [{ capability: "bazi", input: "hi" }, "subject_id", "is required for a first Response"],
    [{ subject_id: "bzc_x", input: "hi" }, "capability", "is required for a first Response"],
    [{ previous_response_id: "resp_x", capability: "bazi", input: "hi" }, "capability", "must not be sent with previous_response_id: a follow-up inherits the capability and subject"],
    [{ previous_response_id: "resp_x", subject_id: "bzc_x", input: "hi" }, "subject_id", "must not be sent with previous_response_id: a follow-up inherits the capability and subject"],
    [{ capability: "tarot", subject_id: "bzc_x", input: "hi" }, "capability", 'must be one of "bazi", "liuyao", "healing"'],
    [{ capability: "bazi", subject_id: "bzc_x" }, "input", "is required"],
    [{ capability: "bazi", subject_id: "bzc_x", input: "" }, "input", "must be at least 1 character"],
    [{ capability: "bazi", subject_id: "bzc_x", input: "x".repeat(1001) }, "input", "must be at most 1000 characters"],
    [{ capability: "bazi", subject_id: "bzc_x", input: "hi", end_user_id: "u".repeat(129) }, "end_user_id", "must be at most 128 characters"],
    [{ capability: "bazi", subject_id: "bzc_x", input: "🙏".repeat(1001) }, "input", "must be at most 1000 characters"],
    [{ capability: "bazi", subject_id: "bzc_x", input: "hi", metadata: {} }, "metadata", "is not an allowed property"],
  ])("%j → 400 at %s", async (body, path, message) => {
    const error = expectErrorShape(await r.post(body), 400, "VALIDATION_ERROR");
    expect(error.details).toContainEqual({ path, message });
  });

  test("the spec's limits are accepted at the boundary", async () => {
    const res = await r.respond({ capability: "bazi", subject_id: chart.id, input: "问".repeat(1000), end_user_id: "u".repeat(128) });
    expect(res.input).toBe("问".repeat(1000));
  });
  test("limits count characters, not UTF-16 units: 1000 emoji are 1000 characters", async () => {
    const res = await r.respond({ capability: "bazi", subject_id: chart.id, input: "🙏".repeat(1000), end_user_id: "🧧".repeat(128) });
    expect(res.end_user_id).toBe("🧧".repeat(128));
  });
});

describe("a first Response", () => {
  test("the record: id, object, capability, subject, input, output, model, created_at, usage, end_user_id; GET returns the same bytes", async () => {
    const res = await r.post({ capability: "bazi", subject_id: chart.id, input: "我的事业怎么样？", end_user_id: "user-1" });
    expect(res.status).toBe(201);
    const rec = res.json;
    expect(rec).toMatchObject({
      object: "response",
      capability: "bazi",
      subject_id: chart.id,
      previous_response_id: null,
      input: "我的事业怎么样？",
      language: "zh",
      model: LOCAL_MODEL,
      safety: { escalated: false, level: "none", categories: [], safety_action: null, detected_by: null, topics: [] },
      created_at: "2025-06-15T10:00:00.000Z",
      usage: { billing_units: 1 },
      end_user_id: "user-1",
    });
    expect(rec.id).toMatch(/^resp_[0-9A-Za-z]{20}$/);
    expect(rec.output_text).toContain("己丑");
    const again = await s.request("GET", `/v1/responses/${rec.id}`);
    expect(again.status).toBe(200);
    expect(again.text).toBe(res.text);
  });

  test("the subject id's prefix must fit the capability (400 before 403 and 404)", async () => {
    const noLiuyao = await s.newTenant({ capabilities: ["bazi"] });
    for (const [capability, subject_id] of [["bazi", cast.id], ["liuyao", chart.id], ["healing", "xyz_1"], ["liuyao", "bzc_missing"]]) {
      const error = expectErrorShape(await r.post({ capability, subject_id, input: "hi" }, noLiuyao.key), 400, "SUBJECT_CAPABILITY_MISMATCH");
      expect(error.message).toContain(`A ${capability} Subject id starts with`);
    }
  });

  test("the capability must be granted (403 before 404)", async () => {
    const noLiuyao = await s.newTenant({ capabilities: ["bazi"] });
    const error = expectErrorShape(await r.post({ capability: "liuyao", subject_id: "lyc_missing", input: "hi" }, noLiuyao.key), 403, "CAPABILITY_NOT_GRANTED");
    expect(error.capability).toBe("liuyao");
  });

  test("the subject must exist in the App: another App's chart reads 404 like a missing one", async () => {
    const other = await s.newTenant();
    expectErrorShape(await r.post({ capability: "bazi", subject_id: chart.id, input: "hi" }, other.key), 404, "SUBJECT_NOT_FOUND");
    const missing = expectErrorShape(await r.post({ capability: "bazi", subject_id: "bzc_missing", input: "hi" }), 404, "SUBJECT_NOT_FOUND");
    // Named like every id the body refers to: what was looked for, that it came from the body, the field.
    expect(missing.message).toBe('No bazi Subject "bzc_missing" exists in this App (subject_id in the body).');
    expect(missing.subject_id).toBe("bzc_missing");
  });

  test("GET: unknown, malformed and other Apps' ids read 404; a revoked capability reads 403", async () => {
    const mine = await r.first("liuyao", cast.id, "结果如何？");
    const other = await s.newTenant();
    expectErrorShape(await s.request("GET", `/v1/responses/${mine.id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("GET", "/v1/responses/resp_missing"), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("GET", "/v1/responses/xyz"), 404, "RESOURCE_NOT_FOUND");
    const t = await s.newTenant();
    const theirs = await r.first("liuyao", (await r.subject("liuyao", t.key)).id, "结果如何？", t.key);
    await s.operator.grant(t.app.id, ["liuyao"], false);
    expectErrorShape(await s.request("GET", `/v1/responses/${theirs.id}`, { key: t.key }), 403, "CAPABILITY_NOT_GRANTED");
    expectErrorShape(await r.post({ previous_response_id: theirs.id, input: "why?" }, t.key), 403, "CAPABILITY_NOT_GRANTED");
  });
});

describe("follow-ups", () => {
  test("inherit capability, subject and end user; the previous Response must exist in the App", async () => {
    const first = await r.respond({ capability: "healing", subject_id: plan.id, input: "How do I do it?", end_user_id: "u-7" });
    const next = await r.followUp(first.id, "Why was this practice chosen?");
    expect(next).toMatchObject({ capability: "healing", subject_id: plan.id, previous_response_id: first.id, end_user_id: "u-7", language: "en" });
    const other = await s.newTenant();
    expectErrorShape(await r.post({ previous_response_id: first.id, input: "and?" }, other.key), 404, "PREVIOUS_RESPONSE_NOT_FOUND");
    const missing = expectErrorShape(await r.post({ previous_response_id: "resp_missing", input: "and?" }), 404, "PREVIOUS_RESPONSE_NOT_FOUND");
    expect(missing.message).toBe('No Response "resp_missing" exists in this App (previous_response_id in the body).');
    expect(missing.previous_response_id).toBe("resp_missing");
  });

  test("branching: two follow-ups from one parent each continue from the parent's summary", async () => {
    const parent = await r.first("bazi", chart.id, "Tell me about my chart.");
    const [a, b] = await Promise.all([r.followUp(parent.id, "What about my five elements?"), r.followUp(parent.id, "我的大运怎么样？")]);
    expect(a.id).not.toBe(b.id);
    expect(a.previous_response_id).toBe(parent.id);
    expect(b.previous_response_id).toBe(parent.id);
    const [sa, sb] = [await r.summaryOf(a.id), await r.summaryOf(b.id)];
    expect(sa).toStartWith((await r.summaryOf(parent.id)).split("\n")[0]!);
    expect(sa).toContain("five elements");
    expect(sb).toContain("大运");
    expect(sa).not.toContain("大运");
    const c = await r.followUp(a.id, "And the favorable ones?");
    expect(await r.summaryOf(c.id)).toContain("five elements");
  });

  test("the rolling summary stays within its bound however long the inputs", async () => {
    let prev = await r.first("liuyao", cast.id, "面试".repeat(500));
    for (let i = 0; i < 6; i++) prev = await r.followUp(prev.id, `第${i}次追问：${"这次面试的结果怎么样？".repeat(80)}`);
    expect((await r.summaryOf(prev.id)).length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  });
});

describe("409 outcomes are stored under the key and cost nothing", () => {
  test("a blocked Plan → HEALING_PLAN_BLOCKED with the fixed safety text; a replay answers the same", async () => {
    const blocked = await s.request("POST", "/v1/healing/plans", { body: blockedPlanPayload(), idempotencyKey: uniqueKey() });
    expect(blocked.json.status).toBe("blocked");
    const before = await billed();
    const idem = uniqueKey();
    const body = { capability: "healing", subject_id: blocked.json.id, input: "What should I do?" };
    const res = await r.post(body, undefined, idem);
    const error = expectErrorShape(res, 409, "HEALING_PLAN_BLOCKED");
    expect(error.safety_action).toEqual(SAFETY_ACTION);
    expect(error.retryable).toBe(false);
    const replay = await r.post(body, undefined, idem);
    expect(replay.text).toBe(res.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await billed()).toBe(before);
  });

  test("a LiuYao turn about another matter → NEW_SUBJECT_REQUIRED; the same matter continues", async () => {
    const before = await billed();
    const first = await r.first("liuyao", cast.id, "结果如何？");
    expectErrorShape(await r.post({ previous_response_id: first.id, input: "我的身体有没有什么问题" }), 409, "NEW_SUBJECT_REQUIRED");
    expectErrorShape(await r.post({ previous_response_id: first.id, input: "Another question: will my lawsuit succeed?" }), 409, "NEW_SUBJECT_REQUIRED");
    expectErrorShape(await r.post({ capability: "liuyao", subject_id: cast.id, input: "我的官司能赢吗" }), 409, "NEW_SUBJECT_REQUIRED");
    await r.followUp(first.id, "那什么时候会有结果？");
    await r.followUp(first.id, "薪水会高吗？");
    expect(await billed()).toBe(before + 3);
  });

  test("the 409 says what changed, in one sentence", async () => {
    const first = await r.first("liuyao", cast.id, "结果如何？");
    const health = await r.post({ previous_response_id: first.id, input: "我的身体有没有什么问题" });
    expect(expectErrorShape(health, 409, "NEW_SUBJECT_REQUIRED").message).toBe("This asks about another matter (health) than the cast's question; one cast answers one matter. Create a new cast for it.");
    // Judged by the learned model alone, no domain named: "another matter", said once.
    const visa = await s.request("POST", "/v1/liuyao/casts", { body: { question: "这次美国F1学签能过吗", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8] }, idempotencyKey: uniqueKey("cast") });
    const onVisa = await r.first("liuyao", visa.json.id, "请解读这一卦。");
    const canada = await r.post({ previous_response_id: onVisa.id, input: "要是被拒了，改申加拿大能过吗" });
    expect(expectErrorShape(canada, 409, "NEW_SUBJECT_REQUIRED").message).toMatch(/^This asks about (another matter|a new decision that follows the outcome, another matter) than the cast's question; one cast answers one matter\. Create a new cast for it\.$/);
  });
});

describe("crisis language is never interpreted", () => {
  test.each([
    ["bazi", "我不想活了", "zh-Hans", ["suicide"]],
    ["liuyao", "换个问题，我想自杀", "zh-Hans", ["suicide"]],
    ["healing", "I want to hurt myself", "en", ["self_harm"]],
    ["bazi", "I'm going to kill my boss", "en", ["harm_others"]],
    ["bazi", "我老公又打我了，现在他在外面砸门", "zh-Hans", ["danger_from_others"]],
    ["healing", "練完氣功胸口好痛，喘不過氣，左手也麻了", "zh-Hant", ["medical_emergency"]],
    ["liuyao", "I'm 13 and my dad used the belt on me again last night", "en", ["minor_abuse"]],
  ] as const)("%s: %s → the category's fixed safety text in the input's script, escalated, no model", async (kind, input, script, categories) => {
    const subject = { bazi: chart, liuyao: cast, healing: plan }[kind];
    const rec = await r.first(kind, subject.id, input);
    const action = safetyActionFor([...categories]);
    expect(rec.output_text).toBe(action.text[script]);
    expect(rec.model).toBeNull();
    expect(rec.safety).toEqual({ escalated: true, level: "crisis", categories: [...categories], safety_action: action, detected_by: "rules", topics: [] });
    expect(rec.usage).toEqual({ billing_units: 1 });
    expect(await r.summaryOf(rec.id)).toContain("safety escalation");
  });

  test("in a follow-up too, and the conversation can go on afterwards", async () => {
    const first = await r.first("bazi", chart.id, "What about my career?");
    const crisis = await r.followUp(first.id, "honestly I just want to end my life");
    expect(crisis.safety.escalated).toBe(true);
    const after = await r.followUp(crisis.id, "Thank you. What are my favorable elements?");
    expect(after.safety.escalated).toBe(false);
    expect(after.output_text).toContain("water");
  });

  test("distress without a clear risk signal: a normal answer, then the support line in the input's script", async () => {
    const rec = await r.first("bazi", chart.id, "最近覺得好孤獨，我的事業運怎麼樣？");
    expect(rec.safety).toEqual({ escalated: false, level: "concern", categories: [], safety_action: null, detected_by: null, topics: [] });
    expect(rec.model).toBe(LOCAL_MODEL);
    expect(rec.output_text).toEndWith(SUPPORT_LINE["zh-Hant"]);
  });

  test("a question the reading must not decide: recorded, and the answer says so first, in the input's script", async () => {
    const rec = await r.first("bazi", chart.id, "我爸還能活多久？他今年八十了");
    expect(rec.safety).toMatchObject({ level: "none", topics: ["lifespan"] });
    expect(rec.output_text).toStartWith("任何解讀都不能判斷一個人的壽命");
    const med = await r.first("bazi", chart.id, "Should my mother have the hip replacement surgery this spring or wait?");
    expect(med.safety.topics).toEqual(["medical_decision"]);
    expect(med.output_text).toStartWith("Whether to start, stop or change a treatment is a medical decision");
  });

  test("a Healing follow-up that mentions a pregnancy: the answer first says the Plan may not fit and a new one is needed", async () => {
    const first = await r.first("healing", plan.id, "How do I start?");
    const rec = await r.followUp(first.id, "I just found out I'm pregnant, can I keep doing this?");
    expect(rec.output_text).toStartWith("This Plan may have been made without knowing that you are pregnant.");
  });

  test("a cast asked in crisis language: cast as asked, and every Response on it is the safety text", async () => {
    const cast = await s.request("POST", "/v1/liuyao/casts", { idempotencyKey: uniqueKey(), body: { ...INTERVIEW_CAST, question: "如果今晚从天台跳下去，会不会解脱？" } });
    expect(cast.status).toBe(201);
    const crisisCast = cast.json;
    const rec = await r.first("liuyao", crisisCast.id, "这一卦怎么看？");
    expect(rec.safety).toMatchObject({ escalated: true, categories: ["suicide"] });
    expect(rec.output_text).toBe(SAFETY_ACTIONS.suicide.text["zh-Hans"]);
  });
});

describe("billing", () => {
  test("1 unit per successful creation; replays, 4xx and conflicts are free; the CLI's usage shows it", async () => {
    const t = await s.newTenant();
    const subject = await r.subject("bazi", t.key);
    const idem = uniqueKey();
    const body = { capability: "bazi", subject_id: subject.id, input: "What about money?" };
    const first = await r.post(body, t.key, idem);
    const replay = await r.post(body, t.key, idem);
    expect(replay.text).toBe(first.text);
    expectErrorShape(await r.post({ ...body, input: "other" }, t.key, idem), 409, "IDEMPOTENCY_CONFLICT");
    expectErrorShape(await r.post({ ...body, subject_id: "bzc_missing" }, t.key), 404, "SUBJECT_NOT_FOUND");
    expectErrorShape(await r.post({ input: "x" }, t.key), 400, "VALIDATION_ERROR");
    await r.followUp(first.json.id, "And my career?", t.key);
    expect(await billed(t.app.id)).toBe(2);
    const cli = runCli(["usage", t.app.id, "--month", month, "--json"], { DATABASE_PATH: s.config.databasePath, ...(s.config.databaseUrl ? { DATABASE_URL: s.config.databaseUrl } : {}) });
    expect(cli.json).toMatchObject({ app_id: t.app.id, month, billing_units: 2 });
  });

  test("the monthly quota is enforced on creation: 429 MONTHLY_QUOTA_EXCEEDED, nothing stored", async () => {
    const t = await s.newTenant({ monthlyQuota: 1 });
    const subject = await r.subject("liuyao", t.key);
    await r.first("liuyao", subject.id, "结果如何？", t.key);
    const error = expectErrorShape(await r.post({ capability: "liuyao", subject_id: subject.id, input: "再问一次" }, t.key), 429, "MONTHLY_QUOTA_EXCEEDED");
    expect(error.retryable).toBe(false);
    expect(await r.count("responses", "app_id = ?", t.app.id)).toBe(1);
  });

  test("a spent quota never withholds the safety text: crisis language is still answered (and counted)", async () => {
    const t = await s.newTenant({ monthlyQuota: 1 });
    const subject = await r.subject("bazi", t.key);
    await r.first("bazi", subject.id, "What is my day master?", t.key);
    const crisis = await r.respond({ capability: "bazi", subject_id: subject.id, input: "I want to kill myself" }, t.key);
    expect(crisis.safety.escalated).toBe(true);
    expect(crisis.model).toBeNull();
    expect(crisis.output_text).toBe(SAFETY_ACTIONS.suicide.text.en);
    expectErrorShape(await r.post({ capability: "bazi", subject_id: subject.id, input: "And my luck?" }, t.key), 429, "MONTHLY_QUOTA_EXCEEDED");
    expect(Number((await s.db.get<{ n: unknown }>("SELECT billing_units AS n FROM usage_months WHERE app_id = ?", t.app.id))?.n)).toBe(2);
  });
});

describe("feedback", () => {
  test("201 with an fb_ id; defaults filled; without an Idempotency-Key each call is one item", async () => {
    const resp = await r.first("bazi", chart.id, "hello");
    const post = (body: unknown, key?: string) => s.request("POST", "/v1/feedback", { body, key });
    const res = await post({ response_id: resp.id, rating: "positive" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: res.json.id, object: "feedback", response_id: resp.id, rating: "positive", tags: [], comment: null, correction: null, created_at: "2025-06-15T10:00:00.000Z" });
    expect(res.json.id).toMatch(/^fb_[0-9A-Za-z]{20}$/);
    const full = { response_id: resp.id, rating: "negative", tags: Array.from({ length: 10 }, (_, i) => `t${i}`), comment: "c".repeat(2000), correction: "x".repeat(4000) };
    expect((await post(full)).json).toMatchObject(full);
    expect(await r.count("feedback", "response_id = ?", resp.id)).toBe(2);
  });

  test.each([
    [{ tags: Array.from({ length: 11 }, () => "t") }, "tags", "must have at most 10 items"],
    [{ comment: "c".repeat(2001) }, "comment", "must be at most 2000 characters"],
    [{ correction: "x".repeat(4001) }, "correction", "must be at most 4000 characters"],
    [{ rating: "meh" }, "rating", 'must be one of "positive", "negative"'],
    [{ extra: 1 }, "extra", "is not an allowed property"],
  ])("%j → 400 at %s", async (patch, path, message) => {
    const body = { response_id: "resp_x", rating: "positive", ...patch };
    const error = expectErrorShape(await s.request("POST", "/v1/feedback", { body }), 400, "VALIDATION_ERROR");
    expect(error.details).toContainEqual({ path, message });
  });

  test("an Idempotency-Key, when sent, is honoured: the retry replays the first answer and records nothing more; the stored answer goes with the Subject", async () => {
    const subject = await r.subject("bazi");
    const resp = await r.first("bazi", subject.id, "hello");
    const idem = uniqueKey("fb");
    const body = { response_id: resp.id, rating: "negative", comment: "The year was wrong for me." };
    const first = await s.request("POST", "/v1/feedback", { body, idempotencyKey: idem });
    expect(first.status).toBe(201);
    const again = await s.request("POST", "/v1/feedback", { body, idempotencyKey: idem });
    expect({ status: again.status, replayed: again.headers.get("idempotent-replayed"), text: again.text }).toEqual({ status: 201, replayed: "true", text: first.text });
    expect(await r.count("feedback", "response_id = ?", resp.id)).toBe(1);
    expectErrorShape(await s.request("POST", "/v1/feedback", { body: { ...body, rating: "positive" }, idempotencyKey: idem }), 409, "IDEMPOTENCY_CONFLICT");
    expectErrorShape(await s.request("POST", "/v1/feedback", { body, idempotencyKey: "" }), 400, "IDEMPOTENCY_KEY_INVALID");
    // The comment lives on in the stored answer only as long as the Subject does.
    expect((await s.request("DELETE", `/v1/bazi/charts/${subject.id}`)).status).toBe(204);
    expect((await s.db.get<{ body: string }>("SELECT body FROM idempotency_records WHERE key = ?", idem))!.body).not.toContain("The year was wrong");
  });

  test("the Response must exist in the App", async () => {
    const resp = await r.first("bazi", chart.id, "hello");
    const other = await s.newTenant();
    expectErrorShape(await s.request("POST", "/v1/feedback", { body: { response_id: resp.id, rating: "positive" }, key: other.key }), 404, "RESOURCE_NOT_FOUND");
    const missing = expectErrorShape(await s.request("POST", "/v1/feedback", { body: { response_id: "resp_missing", rating: "positive" } }), 404, "RESOURCE_NOT_FOUND");
    expect(missing.message).toBe('No Response "resp_missing" exists in this App (response_id in the body).');
    expect(missing.response_id).toBe("resp_missing");
  });
});

describe("deleting a Subject deletes its Responses and their feedback", () => {
  test.each([
    ["bazi", "/v1/bazi/charts"],
    ["liuyao", "/v1/liuyao/casts"],
    ["healing", "/v1/healing/plans"],
  ] as const)("%s", async (kind, collection) => {
    const [doomed, kept] = [await r.subject(kind), await r.subject(kind)];
    const first = await r.first(kind, doomed.id, "Tell me more");
    const second = await r.followUp(first.id, "And then?");
    const survivor = await r.first(kind, kept.id, "Tell me more");
    for (const id of [first.id, second.id, survivor.id]) await s.request("POST", "/v1/feedback", { body: { response_id: id, rating: "positive" } });
    const del = await s.request("DELETE", `${collection}/${doomed.id}`, { idempotencyKey: uniqueKey() });
    expect(del.status).toBe(204);
    for (const id of [first.id, second.id]) expectErrorShape(await s.request("GET", `/v1/responses/${id}`), 404, "RESOURCE_NOT_FOUND");
    expect(await r.count("responses", "subject_id = ?", doomed.id)).toBe(0);
    expect(await r.count("feedback", "response_id IN (?, ?)", first.id, second.id)).toBe(0);
    expectErrorShape(await r.post({ previous_response_id: second.id, input: "and?" }), 404, "PREVIOUS_RESPONSE_NOT_FOUND");
    expect((await s.request("GET", `/v1/responses/${survivor.id}`)).status).toBe(200);
    expect(await r.count("feedback", "response_id = ?", survivor.id)).toBe(1);
  });

  test("no stored answer outlives the data: a retried creation replays a 404 saying the Response was deleted, and creates nothing", async () => {
    const chart = await r.subject("bazi");
    const key = uniqueKey("resp-erase");
    const body = { capability: "bazi", subject_id: chart.id, input: "What does my day master say?" };
    expect((await r.post(body, undefined, key)).status).toBe(201);
    expect((await r.post(body, undefined, key)).headers.get("idempotent-replayed")).toBe("true");
    expect((await s.request("DELETE", `/v1/bazi/charts/${chart.id}`)).status).toBe(204);
    const kept = await s.db.get<{ body: string }>("SELECT body FROM idempotency_records WHERE key = ?", key);
    expect(kept!.body).not.toContain("day master");
    const retry = await r.post(body, undefined, key);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(expectErrorShape(retry, 404, "RESOURCE_NOT_FOUND").message).toContain("has been deleted");
    expect(await r.count("responses", "subject_id = ?", chart.id)).toBe(0);
  });
});
