/**
 * The request pipeline (src/platform/pipeline.ts) on its own: real Authenticator, LocalLimiter,
 * RequestCounter and a real SQLite file, with small endpoints declared here, requests built as
 * `Request` objects and the log lines captured from pino. What is expected comes from the interface
 * spec (error envelope, Idempotency-Key replay with `Idempotent-Replayed: true` and the first
 * request's id, 204 without a body) and docs/internals.md (the request-log fields, the order of the
 * steps, which faults become 503 and which 500).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Type, type TObject } from "@sinclair/typebox";
import pino from "pino";
import { Pipeline, toApiError } from "../../../src/platform/pipeline.ts";
import { fingerprint } from "../../../src/platform/idempotency.ts";
import { defineEndpoint, type Endpoint, type HandlerContext, type HandlerResult } from "../../../src/platform/endpoint.ts";
import { Authenticator } from "../../../src/platform/auth.ts";
import { LocalLimiter } from "../../../src/platform/limits.ts";
import { RequestCounter, msUntilNextMonth } from "../../../src/platform/usage.ts";
import { digestKey, generateKey } from "../../../src/platform/keys.ts";
import { ApiError } from "../../../src/platform/errors.ts";
import type { RequestLogLine } from "../../../src/platform/request-log.ts";
import { DeletedMeanwhile, IdempotencyClaimLost, IdempotencyKeyTaken, MonthlyQuotaExhausted, type AppRecord, type IdempotencyCompletion } from "../../../src/db/types.ts";
import type { SqliteStore } from "../../../src/db/sqlite/store.ts";
import { temporaryStores } from "../../helpers/platform-unit.ts";

const PEPPER = "pepper-pipeline-0123456789";
const NOW = Date.parse("2026-11-28T09:00:00Z");
const JSON_TYPE = "application/json; charset=utf-8";

/** Every line the logger writes, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info", base: null }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const openStore = temporaryStores("pipeline");
let store: SqliteStore;
beforeAll(() => {
  store = openStore();
});
afterAll(() => store.close());

let appCounter = 0;
/** A new test App (its own limits, usage and idempotency keys) and a Bearer header for it. */
async function newApp(overrides: Partial<AppRecord> = {}): Promise<{ app: AppRecord; authorization: string }> {
  const n = ++appCounter;
  const app: AppRecord = { id: `app_pipe_${n}`, name: `Pipeline ${n}`, env: "test", capabilities: ["bazi"], rpm: 600, concurrency: 8, monthlyQuota: 100, status: "active", createdAt: NOW, updatedAt: NOW, ...overrides };
  await store.apps.insert(app);
  const secret = generateKey("test");
  await store.keys.insert({ id: `key_pipe_${n}`, appId: app.id, name: null, digest: digestKey(secret, PEPPER), hint: "ap_test_…", createdAt: NOW, expiresAt: null, revokedAt: null, lastUsedAt: null });
  return { app, authorization: `Bearer ${secret}` };
}

/** A pipeline on the shared store; its log lines and the lines its observer was told. */
function newPipeline() {
  const { logger, lines } = capturingLogger();
  const observed: RequestLogLine[] = [];
  const pipeline = new Pipeline({
    store,
    auth: new Authenticator(store, PEPPER),
    limiter: new LocalLimiter(),
    counter: new RequestCounter(store),
    logger,
    clock: () => NOW,
    idempotencyTtlMs: 86_400_000,
    publicBaseUrl: null,
    metrics: { request: (line) => void observed.push(line) },
  });
  const requestLines = () => lines.filter((l) => l.msg === "request");
  return { pipeline, lines, requestLines, observed };
}

type Handle = (ctx: HandlerContext<unknown, unknown>) => Promise<HandlerResult>;

/** An endpoint declared with what a test needs; the rest is an ordinary idempotent POST. */
function endpoint(declared: Partial<Endpoint> & { handle: Handle }): Endpoint {
  return defineEndpoint({
    method: "POST",
    path: "/v1/things",
    operationId: "create_thing",
    summary: "A thing",
    description: "A thing for the pipeline's tests.",
    tag: "Things",
    capability: "bazi",
    idempotent: true,
    success: { status: 201, description: "Created" },
    errors: [],
    ...declared,
  } as Endpoint<undefined>);
}

/** Counts its calls and answers `result`. */
function counting(result: HandlerResult) {
  const calls: HandlerContext<unknown, unknown>[] = [];
  return { calls, handle: async (ctx: HandlerContext<unknown, unknown>) => (calls.push(ctx), result) };
}

function request(authorization: string, options: { key?: string; body?: unknown; path?: string; method?: string } = {}): Request {
  const headers: Record<string, string> = { authorization };
  if (options.key !== undefined) headers["idempotency-key"] = options.key;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://lingshu.test${options.path ?? "/v1/things"}`, {
    method: options.method ?? "POST",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function errorOf(response: Response): Promise<{ code: string; message: string; request_id: string; retry_after_ms?: number }> {
  return ((await response.json()) as { error: { code: string; message: string; request_id: string; retry_after_ms?: number } }).error;
}

describe("toApiError: what a thrown fault answers", () => {
  const { logger, lines } = capturingLogger();
  const apiError = (err: unknown) => toApiError(err, logger, "req_fault", NOW);

  test("an ApiError is answered as it is", () => {
    const err = new ApiError("SESSION_NOT_FINISHED", "not yet");
    expect(apiError(err)).toBe(err);
  });

  test("a billing write past the quota (checked in its transaction) is 429 MONTHLY_QUOTA_EXCEEDED, retryable at the next UTC month", () => {
    const err = apiError(new MonthlyQuotaExhausted("app_x", "2026-11", 250));
    expect([err.code, err.status]).toEqual(["MONTHLY_QUOTA_EXCEEDED", 429]);
    expect(err.message).toContain("250 billing units");
    expect(err.extras.retryAfterMs).toBe(Date.parse("2026-12-01T00:00:00Z") - NOW);
  });

  test("a record deleted while the request ran is 404 RESOURCE_NOT_FOUND naming it, with nothing stored or billed", () => {
    const err = apiError(new DeletedMeanwhile("bzc_gone"));
    expect([err.code, err.status]).toEqual(["RESOURCE_NOT_FOUND", 404]);
    expect(err.message).toBe('"bzc_gone" was deleted while this request was running; nothing was stored or billed.');
  });

  test("a claim taken over by a retry is 409 IDEMPOTENCY_IN_PROGRESS, retry in a second with the same key", () => {
    const err = apiError(new IdempotencyClaimLost("k1"));
    expect([err.code, err.status, err.extras.retryAfterMs]).toEqual(["IDEMPOTENCY_IN_PROGRESS", 409, 1000]);
    expect(err.message).toContain("Retry with the same key and body");
  });

  test("a database that cannot write (SQLite's full disk) is 503 SERVICE_UNAVAILABLE, logged as such", () => {
    lines.length = 0;
    const fault = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const err = apiError(fault);
    expect([err.code, err.status, err.extras.retryAfterMs]).toEqual(["SERVICE_UNAVAILABLE", 503, 1000]);
    expect(err.message).toContain("nothing was stored");
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: "storage unavailable", request_id: "req_fault", err: String(fault) })]);
  });

  test("any other fault is 500 INTERNAL_ERROR without its details; the log keeps its message and stack", () => {
    lines.length = 0;
    const fault = new TypeError("cannot read x of undefined");
    const err = apiError(fault);
    expect([err.code, err.status]).toEqual(["INTERNAL_ERROR", 500]);
    expect(err.message).not.toContain("cannot read");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "unhandled fault", request_id: "req_fault", err: { message: fault.message, stack: fault.stack } });
  });

  test("a thrown value that is not an Error is logged as text", () => {
    lines.length = 0;
    expect(apiError("plain text").code).toBe("INTERNAL_ERROR");
    expect(lines[0]).toMatchObject({ msg: "unhandled fault", err: "plain text" });
  });
});

describe("an answer and its log line", () => {
  test("a JSON answer carries its type, the request id, the answer headers and the App's allowance", async () => {
    const { authorization, app } = await newApp();
    const { pipeline, requestLines, observed } = newPipeline();
    const thing = endpoint({ handle: async () => (await Bun.sleep(15), { status: 201, body: { id: "thing_1" } }) });
    const before = performance.now();
    const response = await pipeline.run(thing, request(authorization, { key: "k-json" }), {});
    const window = performance.now() - before;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: "thing_1" });
    expect(response.headers.get("content-type")).toBe(JSON_TYPE);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("ratelimit-policy")).toBe('"rpm";q=600;w=60');
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^req_/);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 30, request_id: requestId, app_id: app.id, method: "POST", route: "/v1/things", status: 201 });
    expect(line).not.toHaveProperty("error_code");
    expect(line).not.toHaveProperty("replayed");
    // Milliseconds with two decimals, within the time the call took; the handler alone slept 15 of them.
    const duration = line!.duration_ms as number;
    expect(duration).toBeGreaterThanOrEqual(14);
    expect(duration).toBeLessThanOrEqual(window + 0.01);
    expect(Math.abs(duration * 100 - Math.round(duration * 100))).toBeLessThan(1e-6);
    expect(observed).toEqual([expect.objectContaining({ request_id: requestId, status: 201, duration_ms: duration })]);
  });

  test("an error's log line names its code", async () => {
    const { authorization } = await newApp();
    const { pipeline, requestLines } = newPipeline();
    const failing = endpoint({ idempotent: false, handle: async () => Promise.reject(new ApiError("SESSION_NOT_FINISHED", "not yet")) });
    const response = await pipeline.run(failing, request(authorization), {});
    expect(response.status).toBe(409);
    expect(requestLines()[0]).toMatchObject({ status: 409, error_code: "SESSION_NOT_FINISHED" });
  });

  test("204 has no body and no content type; its stored answer is empty, and its replay is a 204 too", async () => {
    const { authorization, app } = await newApp();
    const { pipeline, requestLines } = newPipeline();
    const handler = counting({ status: 204, body: null });
    const deleting = endpoint({ method: "DELETE", handle: handler.handle });
    const first = await pipeline.run(deleting, request(authorization, { key: "k-204", method: "DELETE" }), {});
    expect(first.status).toBe(204);
    expect(first.headers.get("content-type")).toBeNull();
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.text()).toBe("");
    expect((await store.idempotency.get(app.id, "k-204"))?.body).toBe("");

    const replay = await pipeline.run(deleting, request(authorization, { key: "k-204", method: "DELETE" }), {});
    expect(replay.status).toBe(204);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(replay.headers.get("content-type")).toBeNull();
    expect(replay.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await replay.text()).toBe("");
    expect(handler.calls).toHaveLength(1);
    expect(requestLines()[1]).toMatchObject({ status: 204, replayed: true });
  });
});

test("a 204 is sent without a body even when the handler gave one", async () => {
  const { authorization } = await newApp();
  const { pipeline } = newPipeline();
  const careless = endpoint({ method: "DELETE", idempotent: false, handle: async () => ({ status: 204, body: { deleted: true } }) });
  const response = await pipeline.run(careless, request(authorization, { method: "DELETE" }), {});
  expect(response.status).toBe(204);
  expect(await response.text()).toBe("");
});

describe("the Idempotency-Key", () => {
  test("an answer without a business write is stored with its key: the same request again replays it", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 201, body: { id: "thing_2" } });
    const thing = endpoint({ handle: handler.handle });
    const first = await pipeline.run(thing, request(authorization, { key: "k-plain", body: undefined }), {});
    const again = await pipeline.run(thing, request(authorization, { key: "k-plain" }), {});
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe(JSON_TYPE);
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(await again.json()).toEqual({ id: "thing_2" });
    expect(handler.calls).toHaveLength(1);
  });

  test("an endpoint that takes no key ignores the header, even a malformed one, and runs every time", async () => {
    const { authorization, app } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 200, body: { ok: true } });
    const plain = endpoint({ method: "GET", idempotent: false, handle: handler.handle });
    for (const key of ["k-ignored", "k-ignored", "x".repeat(300)]) {
      const response = await pipeline.run(plain, request(authorization, { key, method: "GET" }), {});
      expect(response.status).toBe(200);
      expect(response.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(handler.calls).toHaveLength(3);
    expect(await store.idempotency.get(app.id, "k-ignored")).toBeNull();
  });

  test("an optional key: without one the request runs each time, with one it is replayed", async () => {
    const { authorization, app } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 201, body: { id: "thing_3" } });
    const optional = endpoint({ idempotent: "optional", handle: handler.handle });
    await pipeline.run(optional, request(authorization), {});
    await pipeline.run(optional, request(authorization), {});
    expect(handler.calls).toHaveLength(2);
    await pipeline.run(optional, request(authorization, { key: "k-opt" }), {});
    const replay = await pipeline.run(optional, request(authorization, { key: "k-opt" }), {});
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(handler.calls).toHaveLength(3);
    expect((await store.idempotency.get(app.id, "k-opt"))?.status).toBe(201);
  });

  test("an answer only the write can tell (commitWith) is the answer sent, and stored with the key in that write", async () => {
    const { authorization, app } = await newApp();
    const { pipeline } = newPipeline();
    const completions: (IdempotencyCompletion | undefined)[] = [];
    const erasing = endpoint({
      idempotent: "optional",
      handle: async () => ({
        status: 200,
        body: { ignored: true },
        commitWith: async (complete) => {
          const answer = { deleted: 3 };
          const completion = complete(answer);
          completions.push(completion);
          if (completion) await store.idempotency.complete(completion);
          return answer;
        },
      }),
    });
    const first = await pipeline.run(erasing, request(authorization, { key: "k-commit" }), {});
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deleted: 3 });
    expect(completions[0]).toEqual({ appId: app.id, key: "k-commit", requestId: first.headers.get("x-request-id")!, status: 200, body: '{"deleted":3}' });
    const replay = await pipeline.run(erasing, request(authorization, { key: "k-commit" }), {});
    expect(await replay.json()).toEqual({ deleted: 3 });
    // Without a key there is nothing to store.
    await pipeline.run(erasing, request(authorization), {});
    expect(completions[1]).toBeUndefined();
  });

  test("an answer stored as a reference to a resource deleted since replays as 404 naming that resource", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const thing = endpoint({ handle: async () => ({ status: 201, body: { id: "bzc_vanished" }, storedAs: "bzc_vanished" }) });
    expect((await pipeline.run(thing, request(authorization, { key: "k-ref" }), {})).status).toBe(201);
    const replay = await pipeline.run(thing, request(authorization, { key: "k-ref" }), {});
    expect(replay.status).toBe(404);
    const error = await errorOf(replay);
    expect(error.code).toBe("RESOURCE_NOT_FOUND");
    expect(error.message).toBe("The resource created with this Idempotency-Key (bzc_vanished) has been deleted.");
  });
});

/**
 * Records whether each claim the store is asked for was left to the write. With `unchecked`, such a
 * claim is answered without checking the key, as the PostgreSQL store does (SQLite's checks it).
 */
function recordingClaims(unchecked = false) {
  const inWrite: boolean[] = [];
  const claim = store.idempotency.claim.bind(store.idempotency);
  store.idempotency.claim = async (c) => (inWrite.push(c.inWrite === true), unchecked && c.inWrite ? { kind: "claimed", inWrite: true } : claim(c));
  return { inWrite, restore: () => void (store.idempotency.claim = claim) };
}

describe("a key claimed by the write (claimInWrite)", () => {

  test("only a declaring endpoint leaves its claim to the write", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const recorded = recordingClaims();
    try {
      await pipeline.run(endpoint({ claimInWrite: true, handle: counting({ status: 201, body: {} }).handle }), request(authorization, { key: "k-in-write" }), {});
      await pipeline.run(endpoint({ handle: counting({ status: 201, body: {} }).handle }), request(authorization, { key: "k-claimed" }), {});
    } finally {
      recorded.restore();
    }
    expect(recorded.inWrite).toEqual([true, false]);
  });

  test("a write that finds its key taken stored nothing: the request claims the key as usual and replays what the other request stored", async () => {
    const { authorization, app } = await newApp();
    const { pipeline, requestLines } = newPipeline();
    const recorded = recordingClaims();
    const commits: string[] = [];
    const creating = endpoint({
      claimInWrite: true,
      handle: async (ctx) => ({
        status: 201,
        body: { id: "thing_mine" },
        commit: async (completion) => {
          commits.push(ctx.requestId);
          // Another request answers this key first, as another instance's write would.
          await store.idempotency.release(app.id, "k-taken", ctx.requestId);
          await store.idempotency.claim({ appId: app.id, key: "k-taken", fingerprint: fingerprint("POST", "/v1/things", undefined), requestId: "req_other", now: NOW, ttlMs: 60_000, lockMs: 1000 });
          await store.idempotency.complete({ ...completion!, requestId: "req_other", body: '{"id":"thing_theirs"}' });
          throw new IdempotencyKeyTaken("k-taken");
        },
      }),
    });
    let response: Response;
    try {
      response = await pipeline.run(creating, request(authorization, { key: "k-taken" }), {});
    } finally {
      recorded.restore();
    }
    expect(commits).toHaveLength(1);
    expect(recorded.inWrite).toEqual([true, false, false]);
    expect([response.status, response.headers.get("idempotent-replayed"), response.headers.get("x-request-id")]).toEqual([201, "true", "req_other"]);
    expect(await response.json()).toEqual({ id: "thing_theirs" });
    expect(requestLines()).toEqual([expect.objectContaining({ status: 201, replayed: true })]);
  });
});

describe("a key left unchecked to the write (a store like PostgreSQL's)", () => {
  test("a request that fails before its write is answered again with its key claimed first: another body under a used key is 409 IDEMPOTENCY_CONFLICT, not the failure", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const created = counting({ status: 201, body: { id: "thing_first" } });
    const body = Type.Object({ n: Type.Integer() });
    await pipeline.run(endpoint({ body, handle: created.handle }), request(authorization, { key: "k-used", body: { n: 1 } }), {});
    const recorded = recordingClaims(true);
    let handled = 0;
    const refusing = endpoint({ body, claimInWrite: true, handle: async () => (handled++, Promise.reject(new ApiError("VALIDATION_ERROR", "refused by the engine"))) });
    let conflict: Response, refused: Response;
    try {
      conflict = await pipeline.run(refusing, request(authorization, { key: "k-used", body: { n: 2 } }), {});
      refused = await pipeline.run(refusing, request(authorization, { key: "k-new", body: { n: 2 } }), {});
    } finally {
      recorded.restore();
    }
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict)).code).toBe("IDEMPOTENCY_CONFLICT");
    // A fresh key: the refusal, once the claim found nothing; the handler ran for each attempt.
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("VALIDATION_ERROR");
    expect(recorded.inWrite).toEqual([true, false, true, false]);
    expect(handled).toBe(3);
  });

  test("a 5xx before the write is answered as it is: it asks for the same retry either way, so the request is not run again", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const recorded = recordingClaims(true);
    let handled = 0;
    const unavailable = endpoint({ claimInWrite: true, handle: async () => (handled++, Promise.reject(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }))) });
    const faulty = endpoint({ claimInWrite: true, handle: async () => (handled++, Promise.reject(new TypeError("a fault"))) });
    let response: Response, fault: Response;
    try {
      response = await pipeline.run(unavailable, request(authorization, { key: "k-503" }), {});
      fault = await pipeline.run(faulty, request(authorization, { key: "k-500" }), {});
    } finally {
      recorded.restore();
    }
    expect([response.status, (await errorOf(response)).code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect([fault.status, (await errorOf(fault)).code]).toEqual([500, "INTERNAL_ERROR"]);
    expect([recorded.inWrite, handled]).toEqual([[true, true], 2]);
  });
});

describe("path ids", () => {
  const byId = (handle: Handle) =>
    endpoint({ method: "GET", path: "/v1/things/:thing_id", idempotent: false, params: [{ name: "thing_id", pattern: /^[^/]+$/, description: "A thing." }], handle });

  test.each([
    ["an id that breaks its pattern", { thing_id: "a/b" }, "a/b"],
    ["an id with U+0000 (nothing stored can have it)", { thing_id: "thing_\u0000" }, "thing_\u0000"],
    ["a missing id", {}, ""],
  ])("%s is 404 RESOURCE_NOT_FOUND naming it, before the handler", async (_, params, named) => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 200, body: {} });
    const response = await pipeline.run(byId(handler.handle), request(authorization, { method: "GET" }), params);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "RESOURCE_NOT_FOUND", message: `No resource with id "${named}" exists in this App.` });
    expect(handler.calls).toHaveLength(0);
  });

  test("an id that fits reaches the handler", async () => {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 200, body: {} });
    expect((await pipeline.run(byId(handler.handle), request(authorization, { method: "GET" }), { thing_id: "thing_1" })).status).toBe(200);
    expect(handler.calls[0]!.params).toEqual({ thing_id: "thing_1" });
  });
});

describe("the monthly quota", () => {
  test("a billable endpoint past its quota is refused 429 before the handler runs", async () => {
    const { authorization } = await newApp({ monthlyQuota: 0 });
    const { pipeline } = newPipeline();
    const handler = counting({ status: 201, body: {} });
    const response = await pipeline.run(endpoint({ billable: true, handle: handler.handle }), request(authorization, { key: "k-quota" }), {});
    expect(response.status).toBe(429);
    expect(await errorOf(response)).toMatchObject({ code: "MONTHLY_QUOTA_EXCEEDED", retry_after_ms: msUntilNextMonth(NOW) });
    expect(handler.calls).toHaveLength(0);
  });

  test('a "handler" billable endpoint checks the quota itself, through its context', async () => {
    const spent = await newApp({ monthlyQuota: 0 });
    const open = await newApp({ monthlyQuota: 5 });
    const { pipeline } = newPipeline();
    const selfChecking = endpoint({
      billable: "handler",
      handle: async (ctx) => {
        await ctx.checkMonthlyQuota();
        return { status: 201, body: { checked: true } };
      },
    });
    expect((await pipeline.run(selfChecking, request(spent.authorization, { key: "k-self" }), {})).status).toBe(429);
    expect((await pipeline.run(selfChecking, request(open.authorization, { key: "k-self" }), {})).status).toBe(201);
  });
});

describe("the query string, as its schema reads it", () => {
  const Query: TObject = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1 })), name: Type.Optional(Type.String()), include: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false });
  const listing = (handle: Handle) => endpoint({ method: "GET", idempotent: false, query: Query, handle });

  async function query(search: string) {
    const { authorization } = await newApp();
    const { pipeline } = newPipeline();
    const handler = counting({ status: 200, body: {} });
    const response = await pipeline.run(listing(handler.handle), request(authorization, { method: "GET", path: `/v1/things?${search}` }), {});
    return { status: response.status, query: handler.calls[0]?.query, error: response.status === 200 ? null : await errorOf(response) };
  }

  test("an integer parameter's digits are a number; a string parameter's digits stay text; an array takes every value", async () => {
    expect(await query("limit=20&name=12&include=a,b&include=c")).toMatchObject({ status: 200, query: { limit: 20, name: "12", include: ["a", "b", "c"] } });
    expect((await query("limit=-3")).error?.code).toBe("VALIDATION_ERROR");
  });

  test.each([
    ["a repeated parameter that is not an array", "limit=1&limit=2"],
    ["an integer of 16 digits (past what a double keeps exactly)", "limit=1234567890123456"],
    ["an integer with text after its digits", "limit=2x"],
    ["an integer with text before its digits", "limit=x2"],
  ])("%s is refused 400", async (_, search) => {
    const { status, error } = await query(search);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(error!.message).toStartWith("The query string is invalid");
  });
});

test("prepare compiles every body and query schema once, up front", async () => {
  const { pipeline } = newPipeline();
  const Body = Type.Object({ a: Type.String() });
  const Query = Type.Object({ b: Type.Optional(Type.String()) });
  const handle = async () => ({ status: 200, body: {} });
  pipeline.prepare([endpoint({ body: Body, handle }), endpoint({ query: Query, handle }), endpoint({ body: Body, query: Query, handle }), endpoint({ handle })]);
  // The cache itself, read as the one witness that nothing is compiled on a first request.
  const compiled = pipeline["validators"];
  expect([...compiled.keys()]).toEqual([Body, Query]);
  const bodyValidator = compiled.get(Body);
  const { authorization } = await newApp();
  await pipeline.run(endpoint({ body: Body, idempotent: false, handle }), request(authorization, { body: { a: "x" } }), {});
  expect(compiled.get(Body)).toBe(bodyValidator);
});
