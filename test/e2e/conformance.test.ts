/**
 * Contract conformance against the compiled binary: the spec's integration flow for all
 * three capabilities, every answer held to the binary's own /openapi.json.
 *
 * The walk: the operator creates an App (healing granted separately, as the spec
 * requires) and a key with the CLI → Subjects (a BaZi chart, LiuYao casts, Healing Plans,
 * recommended and blocked) → first Responses → follow-ups → feedback → a Healing Session
 * with its events → checkout → the audio asset → deletes, and reads after delete → 404.
 * Error answers are taken along the way (400, 401, 403, 404, 409 idempotency conflict and
 * the business 409s, 412, 413, 415, 416, 422, 429), plus idempotent replays of a 201, a 204
 * and a 409. Error bodies are also held to the spec's envelope rule (X-Request-Id = request_id).
 *
 * Every answer goes through {@link OpenApiConformance} (test/helpers/openapi-conformance.ts):
 * the status must be documented for the operation, the body must match that status's
 * schema with no undocumented field at any depth, and every header must be declared on
 * that response. Problems are collected per step and reported together at the end of each
 * test, so one run lists every defect. The only answer not checked is the bootstrap fetch
 * of /openapi.json itself, which the document does not describe (it is the description).
 * The last test checks that the walk exercised every documented operation's success status.
 * The binary runs on SQLite, or on a fresh PostgreSQL database under LINGSHU_TEST_BACKEND=postgresql.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_BACKEND, LingshuBinary, errorShapeProblem, type HttpAnswer, type RequestOptions, type Tenant } from "../helpers/binary.ts";
import { OpenApiConformance } from "../helpers/openapi-conformance.ts";

const ASSET = "/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3";
const BIRTH = { year: 1949, month: 10, day: 1, hour: 15, minute: 0, gender: "男", birthplace: "北京", time_confidence: "exact" };
const CAST = { question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], cast_at: "2025-06-15T18:00:00+08:00" };
const CHECK_IN = {
  emotion_tags: ["anxiety"], intensity: 5, arousal: "medium", goal: "calm", available_minutes: 10,
  environment: "private_indoor", posture_available: "either", audio_available: true,
};
const SAFE = { age_group: "adult", immediate_danger: false, crisis_flags: [], physical_constraints: [], driving_or_operating: false, space_clear: true };
/** Calm, 10 minutes, extended_exhale_3 excluded: music_breath_10 (the audio protocol) wins. */
const PLAN = { check_in: CHECK_IN, safety: SAFE, preferences: { excluded_protocol_ids: ["extended_exhale_3"] }, end_user_id: "walker-1", metadata: { source: "conformance" } };
const BLOCKED_PLAN = { check_in: CHECK_IN, safety: { ...SAFE, immediate_danger: true, crisis_flags: ["chest_pain"] } };
const CHECKOUT = { before_intensity: 6, after_intensity: 3, perceived_change: "somewhat_better", body_state: "more_settled", would_repeat: true, adverse_experience: false, adverse_tags: [] };

let bin: LingshuBinary;
let checker: OpenApiConformance;
let tenant: Tenant;
/** Contract problems found in the current test (reported together at its end). */
let problems: string[] = [];
const ids: Record<string, string> = {};
/** Real answers of the walk, mutated below to prove the checker refuses what the document does not allow. */
const samples: Record<string, { method: string; path: string; answer: HttpAnswer }> = {};
let eventSeq = 0;

interface Call extends RequestOptions {
  /** Send a fresh Idempotency-Key. */
  idem?: boolean;
  /** The status the walk needs to go on. */
  expect: number;
  /** The error code expected with it. */
  code?: string;
}

/** One request of the walk: sent, checked against the document, and its status asserted. */
async function call(method: string, path: string, o: Call): Promise<HttpAnswer> {
  const options: RequestOptions = { ...o };
  if (o.idem) options.idempotencyKey = `walk-${crypto.randomUUID()}`;
  const res = await bin.request(method, path, options);
  const textual = /json|text/.test(res.headers.get("content-type") ?? "");
  problems.push(...checker.problems(method, path, res).map((p) => (textual ? `${p}\n      body: ${res.text.slice(0, 300)}` : p)));
  // Beyond the schema: the spec's envelope rule that X-Request-Id equals error.request_id.
  const envelope = res.status >= 400 && method !== "HEAD" ? errorShapeProblem(res) : null;
  if (envelope) problems.push(`${method} ${path} → ${res.status}: ${envelope}`);
  if (res.status !== o.expect || (o.code !== undefined && res.json?.error?.code !== o.code)) {
    throw new Error(`${method} ${path}: expected ${o.expect}${o.code ? ` ${o.code}` : ""}, got ${res.status} ${res.text.slice(0, 400)}`);
  }
  return res;
}

/** A test of the walk: its contract problems fail it at the end, all listed. */
function step(name: string, fn: () => Promise<void>) {
  test(name, async () => {
    problems = [];
    try {
      await fn();
    } catch (err) {
      if (problems.length === 0) throw err;
      throw new Error(`${(err as Error).message}\n  contract problems before it:\n  ${problems.join("\n  ")}`);
    }
    expect(problems).toEqual([]);
  });
}

const event = (id: string, event_type: string, elapsed_seconds: number, extra: Record<string, unknown> = {}) => ({
  client_event_id: `ev-${id}-${++eventSeq}`, event_type, elapsed_seconds, occurred_at: "2026-01-02T03:04:05Z", ...extra,
});

beforeAll(async () => {
  bin = await LingshuBinary.start({ tenant: false });
  const res = await bin.request("GET", "/openapi.json", { key: null });
  expect(res.status).toBe(200);
  checker = new OpenApiConformance(res.json);
}, 60_000);
afterAll(async () => {
  await bin?.dispose();
});

describe(`the integration flow on ${DEFAULT_BACKEND}, every answer as documented`, () => {
  step("1. the operator creates an App, grants healing and creates a key with the CLI", async () => {
    const app = bin.cliJson(["app", "create", "--name", "conformance", "--env", "test", "--capabilities", "bazi,liuyao", "--rpm", "100000", "--concurrency", "100", "--monthly-quota", "100000"]);
    expect(app.capabilities).not.toContain("healing");
    expect(bin.cliJson(["app", "grant", app.id, "healing"]).capabilities).toContain("healing");
    const key = bin.cliJson(["key", "create", app.id]);
    expect(key.key).toMatch(/^ap_test_/);
    tenant = { appId: app.id, key: key.key, keyId: key.id };
    bin.tenant = tenant;

    // Before any Subject: the operational endpoints and the authentication errors.
    await call("GET", "/health", { key: null, expect: 200 });
    // On the backend this run is for (LINGSHU_TEST_BACKEND=postgresql: a fresh PostgreSQL database).
    expect((await call("GET", "/ready", { key: null, expect: 200 })).json.database).toBe(DEFAULT_BACKEND);
    await call("GET", "/v1/bazi/charts/bzc_missing", { key: null, expect: 401, code: "INVALID_API_KEY" });
    await call("GET", "/v1/bazi/charts/bzc_missing", { key: "ap_test_not-a-real-key", expect: 401, code: "INVALID_API_KEY" });
    const revoked = bin.cliJson(["key", "create", app.id]);
    bin.cliJson(["key", "revoke", revoked.id]);
    await call("POST", "/v1/liuyao/casts", { key: revoked.key, idem: true, body: CAST, expect: 401, code: "INVALID_API_KEY" });
  });

  step("2. Subjects: a BaZi chart, LiuYao casts, Healing Plans (recommended and blocked)", async () => {
    const chartKey = `walk-chart-${crypto.randomUUID()}`;
    const chart = await call("POST", "/v1/bazi/charts", { idempotencyKey: chartKey, body: { birth: BIRTH, end_user_id: "walker-1", metadata: { k: "v" } }, expect: 201 });
    expect(chart.json.id).toMatch(/^bzc_/);
    ids.chart = chart.json.id;
    // The same key and body: the stored answer, replayed.
    const replay = await call("POST", "/v1/bazi/charts", { idempotencyKey: chartKey, body: { birth: BIRTH, end_user_id: "walker-1", metadata: { k: "v" } }, expect: 201 });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(chart.text);
    // The same key, another body: 409 IDEMPOTENCY_CONFLICT.
    await call("POST", "/v1/bazi/charts", { idempotencyKey: chartKey, body: { birth: { ...BIRTH, hour: 16 } }, expect: 409, code: "IDEMPOTENCY_CONFLICT" });
    await call("POST", "/v1/bazi/charts", { body: { birth: BIRTH }, expect: 400, code: "IDEMPOTENCY_KEY_REQUIRED" });
    await call("POST", "/v1/bazi/charts", { idem: true, body: { birth: { ...BIRTH, month: 2, day: 30 } }, expect: 400, code: "VALIDATION_ERROR" });
    await call("POST", "/v1/bazi/charts", { idem: true, body: { birth: BIRTH, extra: 1 }, expect: 400, code: "VALIDATION_ERROR" });
    await call("POST", "/v1/bazi/charts", { idem: true, raw: "{not json", headers: { "content-type": "application/json" }, expect: 400, code: "INVALID_JSON" });
    await call("POST", "/v1/bazi/charts", { idem: true, raw: "birth=1949", headers: { "content-type": "text/plain" }, expect: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    await call("POST", "/v1/bazi/charts", { idem: true, raw: JSON.stringify({ birth: BIRTH, metadata: { pad: "x".repeat(70_000) } }), headers: { "content-type": "application/json" }, expect: 413, code: "PAYLOAD_TOO_LARGE" });
    expect((await call("GET", `/v1/bazi/charts/${ids.chart}`, { expect: 200 })).text).toBe(chart.text);
    // Derived annual pillars, held to the document at every depth like the rest.
    const withYears = await call("GET", `/v1/bazi/charts/${ids.chart}?include=luck.years`, { expect: 200 });
    expect(withYears.json.luck.pillars[0].years).toHaveLength(10);
    await call("GET", `/v1/bazi/charts/${ids.chart}?include=luck.months`, { expect: 400, code: "VALIDATION_ERROR" });
    await call("GET", "/v1/bazi/charts/bzc_doesnotexist", { expect: 404, code: "RESOURCE_NOT_FOUND" });
    // The lists, held to the document like every other answer.
    const charts = await call("GET", "/v1/bazi/charts?limit=1", { expect: 200 });
    expect(charts.json.data[0].id).toBe(ids.chart);
    await call("GET", "/v1/bazi/charts?limit=500", { expect: 400, code: "VALIDATION_ERROR" });

    const cast = await call("POST", "/v1/liuyao/casts", { idem: true, body: { ...CAST, end_user_id: "walker-1", metadata: { k: "v" } }, expect: 201 });
    expect(cast.json.id).toMatch(/^lyc_/);
    ids.cast = cast.json.id;
    ids.dayanCast = (await call("POST", "/v1/liuyao/casts", { idem: true, body: { question: "Will the project ship on time?", method: "dayan" }, expect: 201 })).json.id;
    await call("GET", `/v1/liuyao/casts/${ids.dayanCast}`, { expect: 200 });
    await call("POST", "/v1/liuyao/casts", { idem: true, body: { question: "?", method: "manual_lines", lines: [7, 8, 9] }, expect: 400, code: "VALIDATION_ERROR" });

    const plan = await call("POST", "/v1/healing/plans", { idem: true, body: { ...PLAN, bazi_chart_id: ids.chart }, expect: 201 });
    expect(plan.json).toMatchObject({ status: "recommended", protocol: { id: "music_breath_10", availability: "available", license_status: "authorized" } });
    expect(plan.json.protocol.asset_url).toBe(`${bin.base}${ASSET}`);
    ids.plan = plan.json.id;
    samples.plan = { method: "POST", path: "/v1/healing/plans", answer: plan };
    const blocked = await call("POST", "/v1/healing/plans", { idem: true, body: BLOCKED_PLAN, expect: 201 });
    expect(blocked.json.status).toBe("blocked");
    ids.blockedPlan = blocked.json.id;
    await call("GET", `/v1/healing/plans/${ids.plan}`, { expect: 200 });
    await call("GET", `/v1/healing/plans/${ids.blockedPlan}`, { expect: 200 });
    await call("GET", "/v1/liuyao/casts?limit=2", { expect: 200 });
    await call("GET", "/v1/healing/plans?end_user_id=walker-1", { expect: 200 });
    await call("POST", "/v1/healing/plans", { idem: true, body: { ...PLAN, check_in: { ...CHECK_IN, intensity: 11 } }, expect: 422, code: "VALIDATION_ERROR" });
    await call("POST", "/v1/healing/plans", { idem: true, body: { ...PLAN, bazi_chart_id: "bzc_nosuchchart" }, expect: 422, code: "BAZI_CHART_NOT_FOUND" });

    // Capability and App state: another App without healing, and a suspended one.
    const noHealing = bin.createTenant({ capabilities: ["bazi", "liuyao"] });
    await call("POST", "/v1/healing/plans", { key: noHealing.key, idem: true, body: PLAN, expect: 403, code: "CAPABILITY_NOT_GRANTED" });
    const suspended = bin.createTenant({ capabilities: ["bazi"] });
    bin.cliJson(["app", "suspend", suspended.appId]);
    await call("GET", `/v1/bazi/charts/${ids.chart}`, { key: suspended.key, expect: 403, code: "APP_SUSPENDED" });
    // Another App's id reads as missing.
    await call("GET", `/v1/liuyao/casts/${ids.cast}`, { key: noHealing.key, expect: 404, code: "RESOURCE_NOT_FOUND" });
  });

  step("3. first Responses for each Subject (and the refusals a first Response can meet)", async () => {
    const first = async (capability: string, subject_id: string, input: string) =>
      (await call("POST", "/v1/responses", { idem: true, body: { capability, subject_id, input, end_user_id: "walker-1" }, expect: 201 })).json;
    const bazi = await first("bazi", ids.chart, "What does my day master say about my career?");
    expect(bazi.id).toMatch(/^resp_/);
    ids.baziResp = bazi.id;
    ids.liuyaoResp = (await first("liuyao", ids.cast, "这次面试能通过吗？")).id;
    ids.healingResp = (await first("healing", ids.plan, "Why was this practice chosen for me?")).id;
    ids.dayanResp = (await first("liuyao", ids.dayanCast, "Will the project ship on time?")).id;
    // Crisis language: never interpreted, the fixed safety-action text instead.
    const crisis = await first("bazi", ids.chart, "I want to kill myself");
    expect(crisis.safety.escalated).toBe(true);
    await call("GET", `/v1/responses/${ids.baziResp}`, { expect: 200 });

    await call("POST", "/v1/responses", { idem: true, body: { capability: "healing", subject_id: ids.blockedPlan, input: "Explain my plan" }, expect: 409, code: "HEALING_PLAN_BLOCKED" });
    await call("POST", "/v1/responses", { idem: true, body: { capability: "bazi", subject_id: "bzc_nosuchchart", input: "Hello" }, expect: 404, code: "SUBJECT_NOT_FOUND" });
    await call("POST", "/v1/responses", { idem: true, body: { capability: "bazi", subject_id: ids.cast, input: "Hello" }, expect: 400, code: "SUBJECT_CAPABILITY_MISMATCH" });
    await call("POST", "/v1/responses", { idem: true, body: { capability: "bazi", input: "Hello" }, expect: 400, code: "VALIDATION_ERROR" });
    const noHealing = bin.createTenant({ capabilities: ["bazi"] });
    const foreignChart = (await call("POST", "/v1/bazi/charts", { key: noHealing.key, idem: true, body: { birth: BIRTH }, expect: 201 })).json.id;
    await call("POST", "/v1/responses", { key: noHealing.key, idem: true, body: { capability: "liuyao", subject_id: ids.cast, input: "Hello" }, expect: 403, code: "CAPABILITY_NOT_GRANTED" });
    await call("POST", "/v1/responses", { key: noHealing.key, idem: true, body: { capability: "bazi", subject_id: foreignChart, input: "Career?" }, expect: 201 });
  });

  step("4. follow-ups with previous_response_id for all three capabilities", async () => {
    const follow = async (previous_response_id: string, input: string) => (await call("POST", "/v1/responses", { idem: true, body: { previous_response_id, input }, expect: 201 })).json;
    const baziFollow = await follow(ids.baziResp, "And what about my health?");
    expect(baziFollow.previous_response_id).toBe(ids.baziResp);
    ids.baziFollow = baziFollow.id;
    ids.liuyaoFollow = (await follow(ids.liuyaoResp, "面试官会怎么看我？")).id;
    ids.healingFollow = (await follow(ids.healingResp, "How long should I practise it?")).id;
    await follow(ids.baziFollow, "And next year?");
    await call("GET", `/v1/responses/${ids.healingFollow}`, { expect: 200 });

    // A LiuYao follow-up about another matter: a new cast is needed.
    await call("POST", "/v1/responses", { idem: true, body: { previous_response_id: ids.liuyaoResp, input: "Another question: will my lawsuit succeed?" }, expect: 409, code: "NEW_SUBJECT_REQUIRED" });
    await call("POST", "/v1/responses", { idem: true, body: { previous_response_id: "resp_nosuchresponse", input: "And?" }, expect: 404, code: "PREVIOUS_RESPONSE_NOT_FOUND" });
    await call("POST", "/v1/responses", { idem: true, body: { previous_response_id: ids.baziResp, capability: "bazi", input: "And?" }, expect: 400, code: "VALIDATION_ERROR" });
    // A stored business refusal is replayed for the same key and body.
    const key = `walk-blocked-${crypto.randomUUID()}`;
    const body = { capability: "healing", subject_id: ids.blockedPlan, input: "Explain my plan, please" };
    await call("POST", "/v1/responses", { idempotencyKey: key, body, expect: 409, code: "HEALING_PLAN_BLOCKED" });
    const replayed = await call("POST", "/v1/responses", { idempotencyKey: key, body, expect: 409, code: "HEALING_PLAN_BLOCKED" });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  });

  step("5. results fetched and feedback submitted", async () => {
    for (const id of [ids.baziFollow, ids.liuyaoFollow, ids.healingFollow]) await call("GET", `/v1/responses/${id}`, { expect: 200 });
    const full = await call("POST", "/v1/feedback", { body: { response_id: ids.baziResp, rating: "positive", tags: ["clear", "useful"], comment: "Helpful.", correction: "Nothing to correct." }, expect: 201 });
    expect(full.json.response_id).toBe(ids.baziResp);
    await call("POST", "/v1/feedback", { body: { response_id: ids.liuyaoFollow, rating: "negative" }, expect: 201 });
    await call("POST", "/v1/feedback", { body: { response_id: ids.healingResp, rating: "positive", tags: ["calming"] }, expect: 201 });
    await call("POST", "/v1/feedback", { body: { response_id: "resp_nosuchresponse", rating: "positive" }, expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("POST", "/v1/feedback", { body: { response_id: ids.baziResp, rating: "great" }, expect: 400, code: "VALIDATION_ERROR" });
    await call("GET", `/v1/responses?subject_id=${ids.chart}&limit=5`, { expect: 200 });
    // The month so far: the Responses above were billed.
    const usage = await call("GET", "/v1/usage", { expect: 200 });
    expect(usage.json.billing_units).toBeGreaterThanOrEqual(6);
  });

  step("6. a Healing Session: events, conflicts, checkout", async () => {
    const session = await call("POST", "/v1/healing/sessions", { idem: true, body: { plan_id: ids.plan, playback_mode: "guided", client_session_id: "client-1", end_user_id: "walker-1" }, expect: 201 });
    expect(session.json.id).toMatch(/^hsn_/);
    const id = (ids.session = session.json.id);
    const refused = await call("POST", "/v1/healing/sessions", { idem: true, body: { plan_id: ids.blockedPlan, playback_mode: "guided" }, expect: 409, code: "HEALING_PLAN_BLOCKED" });
    samples.blocked = { method: "POST", path: "/v1/healing/sessions", answer: refused };
    await call("POST", "/v1/healing/sessions", { idem: true, body: { plan_id: "hpl_nosuchplan", playback_mode: "guided" }, expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("GET", `/v1/healing/sessions/${id}`, { expect: 200 });
    const patch = (body: unknown, expectStatus = 200, code?: string) => call("PATCH", `/v1/healing/sessions/${id}`, { idem: true, body, expect: expectStatus, code });

    await call("POST", `/v1/healing/sessions/${id}/checkout`, { idem: true, body: CHECKOUT, expect: 409, code: "SESSION_NOT_FINISHED" });
    const started = event(id, "started", 0);
    await patch(started);
    await patch(started); // the same event again: the current Session, nothing applied twice
    await patch({ ...started, elapsed_seconds: 5 }, 409, "IDEMPOTENCY_CONFLICT");
    await patch(event(id, "progressed", 120));
    await patch(event(id, "progressed", 60), 409, "SESSION_STATE_CONFLICT");
    await patch(event(id, "resumed", 130), 409, "SESSION_STATE_CONFLICT");
    await patch(event(id, "paused", 150, { reason_code: "interrupted" }));
    await patch(event(id, "resumed", 150));
    const done = await patch(event(id, "completed", 600));
    expect(done.json.state).toBe("completed");
    await patch(event(id, "progressed", 700), 409, "SESSION_STATE_CONFLICT");

    await call("POST", `/v1/healing/sessions/${id}/checkout`, { idem: true, body: { ...CHECKOUT, adverse_experience: true }, expect: 400, code: "VALIDATION_ERROR" });
    const checkout = await call("POST", `/v1/healing/sessions/${id}/checkout`, { idem: true, body: { ...CHECKOUT, comment: "Calmer now." }, expect: 201 });
    expect(checkout.json.session_id).toBe(id);
    await call("POST", `/v1/healing/sessions/${id}/checkout`, { idem: true, body: CHECKOUT, expect: 409, code: "CHECKOUT_ALREADY_SUBMITTED" });
    const read = await call("GET", `/v1/healing/sessions/${id}`, { expect: 200 });
    expect(read.json.checkout).not.toBeNull();

    // A second Session, stopped with a crisis reason: the safety text, and a checkout that shows it.
    const second = (await call("POST", "/v1/healing/sessions", { idem: true, body: { plan_id: ids.plan, playback_mode: "script_only" }, expect: 201 })).json.id;
    ids.secondSession = second;
    await call("PATCH", `/v1/healing/sessions/${second}`, { idem: true, body: event(second, "started", 0), expect: 200 });
    const stopped = await call("PATCH", `/v1/healing/sessions/${second}`, { idem: true, body: event(second, "stopped", 30, { reason_code: "panic_increase" }), expect: 200 });
    expect(stopped.json.safety_action).not.toBeNull();
    const adverse = await call("POST", `/v1/healing/sessions/${second}/checkout`, {
      idem: true, body: { ...CHECKOUT, after_intensity: 9, perceived_change: "much_worse", body_state: "more_activated", adverse_experience: true, adverse_tags: ["panic_increase"] }, expect: 201,
    });
    expect(adverse.json.show_safety_text).toBe(true);
    await call("GET", "/v1/healing/sessions/hsn_nosuchsession", { expect: 404, code: "RESOURCE_NOT_FOUND" });
    // The Plan's Sessions, newest first, each with its events and checkout.
    const listed = await call("GET", `/v1/healing/sessions?plan_id=${ids.plan}&limit=2`, { expect: 200 });
    expect(listed.json.data.map((item: { id: string }) => item.id)).toEqual([second, id]);
  });

  step("7. the Plan's audio asset (its asset_url): whole, a range, not modified, refusals, HEAD and the CORS preflight", async () => {
    const whole = await call("GET", ASSET, { key: null, expect: 200 });
    const etag = whole.headers.get("etag")!;
    const size = Number(whole.headers.get("content-length"));
    await call("GET", ASSET, { key: null, headers: { range: "bytes=0-1023" }, expect: 206 });
    await call("GET", ASSET, { key: null, headers: { "if-none-match": etag }, expect: 304 });
    await call("GET", ASSET, { key: null, headers: { range: `bytes=${size + 10}-` }, expect: 416, code: "RANGE_NOT_SATISFIABLE" });
    await call("GET", ASSET, { key: null, headers: { "if-match": '"sha256-other"' }, expect: 412, code: "PRECONDITION_FAILED" });
    await call("HEAD", ASSET, { key: null, expect: 200 });
    await call("HEAD", ASSET, { key: null, headers: { range: "bytes=-100" }, expect: 206 });
    await call("OPTIONS", ASSET, { key: null, headers: { origin: "https://player.example", "access-control-request-method": "GET", "access-control-request-headers": "range" }, expect: 204 });
  });

  step("8. limits: a spent requests-per-minute allowance answers 429", async () => {
    const slow = bin.createTenant({ rpm: 1 });
    await call("GET", `/v1/bazi/charts/bzc_nosuchchart`, { key: slow.key, expect: 404 });
    const limited = await call("GET", `/v1/bazi/charts/bzc_nosuchchart`, { key: slow.key, expect: 429, code: "RATE_LIMITED" });
    expect(limited.json.error.retry_after_ms).toBeGreaterThan(0);
  });

  step("9. deletes: each Subject with its downstream data, then every read is 404", async () => {
    // Erasing an end user with nothing in the App: all zeros (test/http/erasure.test.ts erases real data).
    const erased = await call("DELETE", "/v1/end_users/nobody-in-particular", { idem: true, expect: 200 });
    expect(erased.json).toEqual({ object: "end_user_erasure", deleted: { charts: 0, casts: 0, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 0, feedback: 0 } });
    const deleted = await call("DELETE", `/v1/bazi/charts/${ids.chart}`, { expect: 204 });
    samples.deleted = { method: "DELETE", path: `/v1/bazi/charts/${ids.chart}`, answer: deleted };
    const missing = await call("GET", `/v1/bazi/charts/${ids.chart}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    samples.missing = { method: "GET", path: `/v1/bazi/charts/${ids.chart}`, answer: missing };
    await call("DELETE", `/v1/bazi/charts/${ids.chart}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    for (const id of [ids.baziResp, ids.baziFollow]) await call("GET", `/v1/responses/${id}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("POST", "/v1/feedback", { body: { response_id: ids.baziResp, rating: "positive" }, expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("POST", "/v1/responses", { idem: true, body: { previous_response_id: ids.baziFollow, input: "Still there?" }, expect: 404, code: "PREVIOUS_RESPONSE_NOT_FOUND" });

    await call("DELETE", `/v1/liuyao/casts/${ids.cast}`, { expect: 204 });
    await call("GET", `/v1/liuyao/casts/${ids.cast}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    for (const id of [ids.liuyaoResp, ids.liuyaoFollow]) await call("GET", `/v1/responses/${id}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("GET", `/v1/responses/${ids.dayanResp}`, { expect: 200 }); // another cast's Response stays

    // The Plan's DELETE takes an Idempotency-Key: a retry replays the 204.
    const key = `walk-delete-${crypto.randomUUID()}`;
    await call("DELETE", `/v1/healing/plans/${ids.plan}`, { idempotencyKey: key, expect: 204 });
    const again = await call("DELETE", `/v1/healing/plans/${ids.plan}`, { idempotencyKey: key, expect: 204 });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    await call("DELETE", `/v1/healing/plans/${ids.plan}`, { idem: true, expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("DELETE", `/v1/healing/plans/${ids.plan}`, { expect: 400, code: "IDEMPOTENCY_KEY_REQUIRED" });
    await call("GET", `/v1/healing/plans/${ids.plan}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    for (const id of [ids.session, ids.secondSession]) {
      await call("GET", `/v1/healing/sessions/${id}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
      await call("PATCH", `/v1/healing/sessions/${id}`, { idem: true, body: event(id, "started", 0), expect: 404, code: "RESOURCE_NOT_FOUND" });
      await call("POST", `/v1/healing/sessions/${id}/checkout`, { idem: true, body: CHECKOUT, expect: 404, code: "RESOURCE_NOT_FOUND" });
    }
    for (const id of [ids.healingResp, ids.healingFollow]) await call("GET", `/v1/responses/${id}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
    await call("DELETE", `/v1/healing/plans/${ids.blockedPlan}`, { idem: true, expect: 204 });
    await call("DELETE", `/v1/liuyao/casts/${ids.dayanCast}`, { expect: 204 });
    await call("GET", `/v1/responses/${ids.dayanResp}`, { expect: 404, code: "RESOURCE_NOT_FOUND" });
  });

  test("the walk exercised every documented operation's success status", () => {
    const missing: string[] = [];
    const unexercised: string[] = [];
    let documentedPairs = 0;
    for (const [operation, statuses] of checker.documented()) {
      const seen = checker.seen.get(operation) ?? new Set<number>();
      if (![...seen].some((s) => s >= 200 && s < 300)) missing.push(operation);
      documentedPairs += statuses.length;
      unexercised.push(...statuses.filter((s) => !seen.has(Number(s))).map((s) => `${operation} → ${s}`));
    }
    // Documented statuses the walk cannot reach without faults (500, 503, 504) or extra set-up: listed, not failed.
    console.log(`the walk exercised ${documentedPairs - unexercised.length} of ${documentedPairs} documented (operation, status) pairs`);
    if (process.env.CONFORMANCE_VERBOSE) console.log(`documented statuses not exercised:\n  ${unexercised.join("\n  ")}`);
    expect(missing).toEqual([]);
  });
});

describe("the checker refuses what the document does not allow (real answers of the walk, mutated)", () => {
  function mutated(name: string, change: { json?: (body: any) => void; text?: string; status?: number; headers?: Record<string, string | null> }): string[] {
    const { method, path, answer } = samples[name]!;
    const headers = new Headers(answer.headers);
    for (const [k, v] of Object.entries(change.headers ?? {})) {
      if (v === null) headers.delete(k);
      else headers.set(k, v);
    }
    let text = change.text ?? answer.text;
    if (change.json) {
      const body = JSON.parse(answer.text);
      change.json(body);
      text = JSON.stringify(body);
    }
    return checker.problems(method, path, { status: change.status ?? answer.status, headers, text });
  }

  test("the unchanged answers conform", () => {
    for (const name of ["plan", "blocked", "deleted", "missing"]) expect(mutated(name, {})).toEqual([]);
  });

  test("an undocumented field, at the top, deep inside a record, or inside an error composed with allOf", () => {
    expect(mutated("plan", { json: (b) => (b.surprise = 1) }).join()).toContain('undocumented field "surprise"');
    expect(mutated("plan", { json: (b) => (b.protocol.title.fr = "Respiration") }).join()).toContain('undocumented field "fr"');
    expect(mutated("plan", { json: (b) => (b.protocol.script.steps[0].extra = true) }).join()).toContain('undocumented field "extra"');
    expect(mutated("blocked", { json: (b) => (b.error.hint = "x") }).join()).toContain('undocumented field "hint"');
    expect(mutated("blocked", { json: (b) => (b.error.safety_action.text.fr = "x") }).join()).toContain('undocumented field "fr"');
    expect(mutated("missing", { json: (b) => (b.extra = {}) }).length).toBeGreaterThan(0);
  });

  test("a wrong value, a missing required field, an error code the status does not declare", () => {
    expect(mutated("plan", { json: (b) => (b.status = "maybe") }).length).toBeGreaterThan(0);
    expect(mutated("plan", { json: (b) => delete b.input_sha256 }).length).toBeGreaterThan(0);
    expect(mutated("missing", { json: (b) => (b.error.code = "IDEMPOTENCY_CONFLICT") }).length).toBeGreaterThan(0);
    expect(mutated("missing", { json: (b) => delete b.error.request_id }).length).toBeGreaterThan(0);
  });

  test("an undocumented status, an undeclared header, a declared header's wrong value, a wrong Content-Type, a body where none is documented", () => {
    expect(mutated("missing", { status: 418 }).join()).toContain("status 418 is not documented");
    expect(mutated("plan", { headers: { "x-powered-by": "Elysia" } }).join()).toContain("header x-powered-by is not declared");
    expect(mutated("missing", { headers: { "idempotent-replayed": "true" } }).join()).toContain("header idempotent-replayed is not declared");
    expect(mutated("plan", { headers: { "idempotent-replayed": "false" } }).length).toBeGreaterThan(0);
    expect(mutated("plan", { headers: { "content-type": "text/plain" } }).join()).toContain("Content-Type");
    expect(mutated("plan", { text: "not json" }).join()).toContain("not JSON");
    expect(mutated("deleted", { text: "{}", headers: { "content-type": "application/json" } }).join()).toContain("no content is documented");
  });
});
