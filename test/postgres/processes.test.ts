/**
 * Issue #8 with real processes: two compiled binaries (test/helpers/binary.ts), each its own
 * process with its own pool, on one fresh PostgreSQL database, driven over HTTP only and
 * checked in the database. instances.test.ts checks the same rules with two in-process
 * servers; here nothing is shared but the database.
 *
 * - idempotency exactly once: 20 concurrent identical creations alternating between the
 *   processes make one chart; every other answer replays it or is 409 IDEMPOTENCY_IN_PROGRESS;
 * - requests per minute, requests in flight and the monthly quota are counted once for both,
 *   with the 429 codes and retry_after_ms of one process; a burst at a larger rpm, where each
 *   process takes tokens in batches, stays within the limit and short of it by at most the spares;
 * - Session events sent to both at once are serialised (no lost, duplicated or reordered
 *   event), and the checkout lands once;
 * - a delete on one process removes everything downstream (rows and stored answers), the other
 *   answers 404 at once, and Sessions created meanwhile on the other process are not orphaned;
 * - a key revoked or an App suspended with one process's CLI is refused by both within the
 *   caller cache's bound (CALLER_CACHE_MS), though both had cached the caller.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase, describePostgres, postgresTestDatabase, type TestDatabase as PostgresTestDatabase } from "./helpers.ts";
import { LingshuBinary, errorShapeProblem, type HttpAnswer, type Tenant, type TenantOptions } from "../helpers/binary.ts";
import type { TestDatabase } from "../helpers/database.ts";
import { calmPlan, checkoutPayload } from "../helpers/healing.ts";
import { ANCHOR_BIRTH } from "../helpers/responses.ts";
import { CALLER_CACHE_MS } from "../../src/db/postgres/keys.ts";
import { spareTokensOf } from "../../src/db/postgres/limits.ts";

const CHART = { birth: ANCHOR_BIRTH };
const GENEROUS: TenantOptions = { rpm: 1_000_000, concurrency: 1000, monthlyQuota: 1_000_000 };

describePostgres("two lingshu processes on one PostgreSQL database", () => {
  let database: PostgresTestDatabase;
  let sql: SQL;
  /** The database as the test reads it. */
  let db: TestDatabase;
  let a: LingshuBinary;
  let b: LingshuBinary;
  /** The process for the i-th request: alternating, so any burst is split across both. */
  const via = (i: number) => (i % 2 === 0 ? a : b);
  let idem = 0;
  const freshKey = (label: string) => `${label}-${++idem}`;

  beforeAll(async () => {
    database = await createTestDatabase("processes");
    sql = new SQL(database.url, { max: 2 });
    db = postgresTestDatabase(sql);
    // Started together on the empty database: both run the migrator, under its lock.
    [a, b] = await Promise.all([0, 1].map(() => LingshuBinary.start({ databaseUrl: database.url, tenant: false })));
  }, 60_000);
  afterAll(async () => {
    for (const bin of [a, b]) {
      if (bin?.errorLines.length) console.log(`error log lines of a process:\n${bin.errorLines.slice(0, 10).join("\n")}`);
      await bin?.dispose();
    }
    await sql?.close();
    await database?.drop();
  });

  /** An App and key made with one process's CLI: the other process knows it at once (same database). */
  const tenant = (options: TenantOptions = GENEROUS) => a.createTenant({ ...GENEROUS, ...options });

  function expect429(res: HttpAnswer, code: string, retryable: boolean): any {
    expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status: 429, code });
    expect(errorShapeProblem(res)).toBeNull();
    const error = res.json.error;
    expect(error.retryable).toBe(retryable);
    expect(error.retry_after_ms).toBeGreaterThan(0);
    return error;
  }

  test("two separate processes, both ready on PostgreSQL, one migration history", async () => {
    expect(a.proc!.pid).not.toBe(b.proc!.pid);
    for (const bin of [a, b]) expect((await bin.request("GET", "/ready")).json).toMatchObject({ status: "ready", database: "postgresql" });
    expect(await db.count("__lingshu_migrations")).toBe((await a.request("GET", "/ready")).json.migrations);
  });

  test("20 concurrent identical creations spread over both processes: one chart; the rest replay it or answer 409 IDEMPOTENCY_IN_PROGRESS", async () => {
    const t = tenant();
    const outcome = { replayed: 0, inProgress: 0 };
    for (let round = 0; round < 3; round++) {
      const key = freshKey("burst");
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => via(i).request("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: key, body: CHART })));
      const created = answers.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
      expect(created).toHaveLength(1);
      for (const r of answers) {
        if (r === created[0]) continue;
        if (r.status === 201) {
          expect({ replayed: r.headers.get("idempotent-replayed"), same: r.text === created[0]!.text }).toEqual({ replayed: "true", same: true });
          outcome.replayed += 1;
        } else {
          expect({ status: r.status, code: r.json?.error?.code }).toEqual({ status: 409, code: "IDEMPOTENCY_IN_PROGRESS" });
          expect(r.json.error.retry_after_ms).toBeGreaterThan(0);
          outcome.inProgress += 1;
        }
      }
      expect(await db.count("charts", "app_id = ? AND id = ?", t.appId, created[0]!.json.id)).toBe(1);
    }
    expect(await db.count("charts", "app_id = ?", t.appId)).toBe(3);
    console.log(`idempotency across processes: 3 × 20 requests, 3 charts; ${outcome.replayed} replays, ${outcome.inProgress} in progress`);
  }, 30_000);

  test("requests per minute are counted once for both processes: RATE_LIMITED with retry_after_ms from either", async () => {
    const t = tenant({ rpm: 10 });
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => via(i).request("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: freshKey("rpm"), body: CHART })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(10);
    expect(await db.count("charts", "app_id = ?", t.appId)).toBe(10);
    // Spent for both: the next request on each process is refused the same way.
    for (const bin of [a, b]) {
      const refused = await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: t.key });
      const error = expect429(refused, "RATE_LIMITED", true);
      // One token comes back every 6 s at 10 per minute.
      expect(error.retry_after_ms).toBeLessThanOrEqual(6_000);
      expect(refused.headers.get("retry-after")).toBe(String(Math.ceil(error.retry_after_ms / 1000)));
      expect(refused.headers.get("ratelimit-policy")).toBe('"rpm";q=10;w=60');
    }
    for (const r of burst.filter((x) => x.status !== 201)) expect429(r, "RATE_LIMITED", true);
  }, 30_000);

  test("a burst over both processes at a larger rpm: never more than the limit (plus what refills meanwhile), short by at most each process's spare tokens", async () => {
    const rpm = 480;
    const t = tenant({ rpm });
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: 600 }, (_, i) => via(i).request("GET", "/v1/bazi/charts/bzc_missing", { key: t.key })));
    const seconds = (performance.now() - started) / 1000;
    const admitted = burst.filter((r) => r.status === 404).length;
    for (const r of burst.filter((x) => x.status !== 404)) expect429(r, "RATE_LIMITED", true);
    const refilled = Math.ceil((seconds * rpm) / 60);
    console.log(`rpm across processes: a burst of 600 at rpm ${rpm} admitted ${admitted} in ${seconds.toFixed(2)} s (spare ${spareTokensOf(rpm)} per process, ≤ ${refilled} refilled meanwhile)`);
    expect(admitted).toBeLessThanOrEqual(rpm + refilled);
    expect(admitted).toBeGreaterThanOrEqual(rpm - 2 * spareTokensOf(rpm));
  }, 30_000);

  test("requests in flight are counted once for both processes: CONCURRENCY_LIMITED until a held request ends", async () => {
    const t = tenant({ concurrency: 2 });
    // One request held halfway through its body on each process: each holds a slot (taken before the body is read).
    const held = [a, b].map((bin, i) => bin.hold("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: `held-${i}`, body: CHART }));
    const deadline = Date.now() + 5_000;
    while ((await db.count("limit_leases", "app_id = ?", t.appId)) < 2) {
      if (Date.now() > deadline) throw new Error("the held requests never took their slots");
      await Bun.sleep(10);
    }
    for (const bin of [a, b]) {
      const error = expect429(await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: t.key }), "CONCURRENCY_LIMITED", true);
      expect(error.retry_after_ms).toBe(250);
    }
    const finished = await Promise.all(held.map((h) => h.finish()));
    expect(finished.map((r) => r.status)).toEqual([201, 201]);
    // Both slots are free again, on either process.
    expect(await db.count("limit_leases", "app_id = ?", t.appId)).toBe(0);
    expect((await b.request("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: freshKey("after"), body: CHART })).status).toBe(201);
  }, 30_000);

  test("the monthly quota is spent once across both processes: exactly the quota in Responses, then MONTHLY_QUOTA_EXCEEDED", async () => {
    const quota = 3;
    const t = tenant({ monthlyQuota: quota });
    const chart = await a.request("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: freshKey("subject"), body: CHART });
    expect(chart.status).toBe(201);
    const keys = Array.from({ length: 10 }, () => freshKey("resp"));
    const body = { capability: "bazi", subject_id: chart.json.id, input: "What does my day pillar say?" };
    const answers = await Promise.all(keys.map((key, i) => via(i).request("POST", "/v1/responses", { key: t.key, idempotencyKey: key, body })));
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(quota);
    for (const r of answers.filter((x) => x.status !== 201)) {
      const error = expect429(r, "MONTHLY_QUOTA_EXCEEDED", false);
      // Retry at the next UTC month: within a month from now.
      expect(error.retry_after_ms).toBeLessThanOrEqual(31 * 86_400_000);
    }
    expect(await db.count("responses", "app_id = ?", t.appId)).toBe(quota);
    expect(b.cliJson(["usage", t.appId]).billing_units).toBe(quota);
    // A replay is free, and answered even with the quota spent; a refused key stored nothing (retryable with the same key).
    const first = keys[answers.indexOf(created[0]!)]!;
    const replay = await b.request("POST", "/v1/responses", { key: t.key, idempotencyKey: first, body });
    expect({ status: replay.status, replayed: replay.headers.get("idempotent-replayed"), same: replay.text === created[0]!.text }).toEqual({ status: 201, replayed: "true", same: true });
    const refusedKeys = keys.filter((_, i) => answers[i]!.status !== 201);
    expect(await db.count("idempotency_records", `app_id = ? AND key IN (${refusedKeys.map(() => "?").join(", ")})`, t.appId, ...refusedKeys)).toBe(0);
    expect(a.cliJson(["usage", t.appId]).billing_units).toBe(quota);
  }, 30_000);

  /** PATCHes one event; retried with a new Idempotency-Key while another event wins the race (409 CONCURRENT_UPDATE). */
  async function sendEvent(t: Tenant, sessionId: string, i: number, event: Record<string, unknown>): Promise<{ answer: HttpAnswer; races: number }> {
    for (let races = 0; ; races++) {
      const answer = await via(i + races).request("PATCH", `/v1/healing/sessions/${sessionId}`, { key: t.key, idempotencyKey: freshKey("event"), body: { occurred_at: "2026-01-02T03:04:05Z", ...event } });
      if (answer.json?.error?.reason !== "CONCURRENT_UPDATE") return { answer, races };
      expect(answer.json.error.code).toBe("SESSION_STATE_CONFLICT");
    }
  }

  test("Session events sent to both processes at once are serialised; the checkout lands once", async () => {
    const t = tenant();
    const plan = await a.request("POST", "/v1/healing/plans", { key: t.key, idempotencyKey: freshKey("plan"), body: calmPlan() });
    expect(plan.status).toBe(201);
    const session = await b.request("POST", "/v1/healing/sessions", { key: t.key, idempotencyKey: freshKey("session"), body: { plan_id: plan.json.id, playback_mode: "guided" } });
    expect(session.status).toBe(201);
    const id = session.json.id;
    expect((await sendEvent(t, id, 0, { client_event_id: "start", event_type: "started", elapsed_seconds: 0 })).answer.status).toBe(200);

    // Four writers (two per process) each send their own progress events in order, all at once.
    const writers = 4;
    const perWriter = 6;
    const accepted: HttpAnswer[] = [];
    let races = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let n = 0; n < perWriter; n++) {
          const sent = await sendEvent(t, id, w, { client_event_id: `w${w}-${n}`, event_type: "progressed", elapsed_seconds: 30 });
          expect(sent.answer.status).toBe(200);
          accepted.push(sent.answer);
          races += sent.races;
        }
      }),
    );
    // Two endings at once, one per process: exactly one lands, and the Session ends in its state.
    const endings = await Promise.all(["completed", "stopped"].map((type, i) => sendEvent(t, id, i, { client_event_id: `end-${type}`, event_type: type, elapsed_seconds: 60 })));
    const ended = endings.filter((e) => e.answer.status === 200);
    expect(ended).toHaveLength(1);
    const lost = endings.find((e) => e.answer.status !== 200)!.answer;
    expect({ status: lost.status, code: lost.json?.error?.code, reason: lost.json?.error?.reason }).toEqual({ status: 409, code: "SESSION_STATE_CONFLICT", reason: "SESSION_FINISHED" });

    const final = await a.request("GET", `/v1/healing/sessions/${id}`, { key: t.key });
    const events: { seq: number; client_event_id: string; event_type: string }[] = final.json.events;
    // Every accepted event once, numbered without gap; each writer's events in the order it sent them.
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 2 + writers * perWriter }, (_, i) => i + 1));
    for (let w = 0; w < writers; w++) expect(events.filter((e) => e.client_event_id.startsWith(`w${w}-`)).map((e) => e.client_event_id)).toEqual(Array.from({ length: perWriter }, (_, n) => `w${w}-${n}`));
    expect(final.json.state).toBe(events.at(-1)!.event_type);
    expect(events.at(-1)!.event_type).toBe(ended[0]!.answer.json.state);
    // No answer saw a history that was later rewritten: what each 200 showed is a prefix of what is stored.
    for (const r of [...accepted, ended[0]!.answer]) expect(events.slice(0, r.json.events.length)).toEqual(r.json.events);
    expect(await db.count("session_events", "session_id = ?", id)).toBe(events.length);

    // Ten checkouts at once over both processes: one is stored, the rest are told it already was.
    const checkouts = await Promise.all(Array.from({ length: 10 }, (_, i) => via(i).request("POST", `/v1/healing/sessions/${id}/checkout`, { key: t.key, idempotencyKey: freshKey("checkout"), body: checkoutPayload() })));
    const stored = checkouts.filter((r) => r.status === 201);
    expect(stored).toHaveLength(1);
    for (const r of checkouts.filter((x) => x.status !== 201)) expect({ status: r.status, code: r.json?.error?.code }).toEqual({ status: 409, code: "CHECKOUT_ALREADY_SUBMITTED" });
    expect(await db.count("checkouts", "session_id = ?", id)).toBe(1);
    for (const bin of [a, b]) expect((await bin.request("GET", `/v1/healing/sessions/${id}`, { key: t.key })).json.checkout).toEqual(stored[0]!.json);
    console.log(`Session events across processes: ${events.length} events stored in order after ${races} lost races (409 CONCURRENT_UPDATE, resent)`);
  }, 60_000);

  /** Rows of the App that still name any of `ids`: the business tables, and stored answers that refer to or copy them. */
  async function leftovers(appId: string, ids: string[]): Promise<Record<string, number>> {
    const list = ids.map(() => "?").join(", ");
    const mentions = ids.map(() => "body LIKE ?").join(" OR ");
    return {
      charts: await db.count("charts", `id IN (${list})`, ...ids),
      plans: await db.count("plans", `id IN (${list})`, ...ids),
      sessions: await db.count("sessions", `id IN (${list}) OR plan_id IN (${list})`, ...ids, ...ids),
      session_events: await db.count("session_events", `session_id IN (${list})`, ...ids),
      checkouts: await db.count("checkouts", `session_id IN (${list})`, ...ids),
      responses: await db.count("responses", `id IN (${list}) OR subject_id IN (${list})`, ...ids, ...ids),
      feedback: await db.count("feedback", `response_id IN (${list})`, ...ids),
      idempotency_records: await db.count("idempotency_records", `app_id = ? AND (resource_id IN (${list}) OR ${mentions})`, appId, ...ids, ...ids.map((id) => `%${id}%`)),
    };
  }
  const NOTHING_LEFT = { charts: 0, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 0, feedback: 0, idempotency_records: 0 };

  test("deleting a Plan on one process removes everything downstream; the other answers 404 at once", async () => {
    const t = tenant();
    const post = async (bin: LingshuBinary, path: string, body: unknown) => {
      const res = await bin.request("POST", path, { key: t.key, idempotencyKey: freshKey("down"), body });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.json;
    };
    const plan = await post(a, "/v1/healing/plans", calmPlan());
    const session = await post(b, "/v1/healing/sessions", { plan_id: plan.id, playback_mode: "guided" });
    expect((await sendEvent(t, session.id, 0, { client_event_id: "s", event_type: "started", elapsed_seconds: 0 })).answer.status).toBe(200);
    expect((await sendEvent(t, session.id, 1, { client_event_id: "c", event_type: "completed", elapsed_seconds: 60 })).answer.status).toBe(200);
    await post(b, `/v1/healing/sessions/${session.id}/checkout`, checkoutPayload());
    const response = await post(a, "/v1/responses", { capability: "healing", subject_id: plan.id, input: "How should I breathe?" });
    const followUp = await post(b, "/v1/responses", { previous_response_id: response.id, input: "And after that?" });
    expect((await b.request("POST", "/v1/feedback", { key: t.key, body: { response_id: followUp.id, rating: "positive" } })).status).toBe(201);
    const ids = [plan.id, session.id, response.id, followUp.id];
    // What the cascade has to remove (stored answers: the creations and events, each a copy or a reference).
    const before = await leftovers(t.appId, ids);
    expect(before).toMatchObject({ plans: 1, sessions: 1, session_events: 2, checkouts: 1, responses: 2, feedback: 1 });
    expect(before.idempotency_records).toBeGreaterThanOrEqual(6);

    expect((await b.request("DELETE", `/v1/healing/plans/${plan.id}`, { key: t.key, idempotencyKey: freshKey("delete") })).status).toBe(204);
    expect(await leftovers(t.appId, ids)).toEqual(NOTHING_LEFT);
    for (const path of [`/v1/healing/plans/${plan.id}`, `/v1/healing/sessions/${session.id}`, `/v1/responses/${response.id}`, `/v1/responses/${followUp.id}`]) {
      expect({ path, status: (await a.request("GET", path, { key: t.key })).status }).toEqual({ path, status: 404 });
    }
    expect((await a.request("DELETE", `/v1/healing/plans/${plan.id}`, { key: t.key, idempotencyKey: freshKey("delete") })).status).toBe(404);
  }, 30_000);

  test("deleting a chart on one process removes its Responses and feedback; the other answers 404 at once", async () => {
    const t = tenant();
    const chart = await b.request("POST", "/v1/bazi/charts", { key: t.key, idempotencyKey: freshKey("chart"), body: CHART });
    const response = await a.request("POST", "/v1/responses", { key: t.key, idempotencyKey: freshKey("resp"), body: { capability: "bazi", subject_id: chart.json.id, input: "My career?" } });
    expect([chart.status, response.status]).toEqual([201, 201]);
    expect((await b.request("POST", "/v1/feedback", { key: t.key, body: { response_id: response.json.id, rating: "negative" } })).status).toBe(201);
    const ids = [chart.json.id, response.json.id];
    expect(await leftovers(t.appId, ids)).toMatchObject({ charts: 1, responses: 1, feedback: 1, idempotency_records: 2 });

    expect((await a.request("DELETE", `/v1/bazi/charts/${chart.json.id}`, { key: t.key })).status).toBe(204);
    expect(await leftovers(t.appId, ids)).toEqual(NOTHING_LEFT);
    expect((await b.request("GET", `/v1/bazi/charts/${chart.json.id}`, { key: t.key })).status).toBe(404);
    expect((await b.request("GET", `/v1/responses/${response.json.id}`, { key: t.key })).status).toBe(404);
  }, 30_000);

  test("a Plan deleted on one process while the other creates Sessions on it leaves no Session behind", async () => {
    const t = tenant();
    let created = 0;
    const rounds = 8;
    const perRound = 8;
    for (let round = 0; round < rounds; round++) {
      const plan = await a.request("POST", "/v1/healing/plans", { key: t.key, idempotencyKey: freshKey("plan"), body: calmPlan() });
      expect(plan.status).toBe(201);
      // Creations staggered over a few milliseconds around the delete, so some are in flight as it commits.
      const sessions = Array.from({ length: perRound }, (_, i) =>
        Bun.sleep(i).then(() => b.request("POST", "/v1/healing/sessions", { key: t.key, idempotencyKey: freshKey("session"), body: { plan_id: plan.json.id, playback_mode: "script_only" } })),
      );
      const deletion = Bun.sleep(2).then(() => a.request("DELETE", `/v1/healing/plans/${plan.json.id}`, { key: t.key, idempotencyKey: freshKey("delete") }));
      const answers = await Promise.all(sessions);
      expect((await deletion).status).toBe(204);
      // Each creation either landed before the delete (and went with it) or found the Plan gone.
      for (const r of answers) expect([201, 404]).toContain(r.status);
      created += answers.filter((r) => r.status === 201).length;
      expect(await db.count("sessions", "plan_id = ?", plan.json.id)).toBe(0);
      for (const r of answers.filter((x) => x.status === 201)) expect((await b.request("GET", `/v1/healing/sessions/${r.json.id}`, { key: t.key })).status).toBe(404);
    }
    console.log(`delete racing creation: ${created} of ${rounds * perRound} Sessions were created before their Plan's delete, none left behind`);
  }, 30_000);

  test("a key revoked and an App suspended with one process's CLI are refused by both processes within the caller cache's bound", async () => {
    const t = tenant();
    const u = tenant();
    // Each process has served (and cached) both callers.
    for (const bin of [a, b]) for (const who of [t, u]) expect((await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: who.key })).status).toBe(404);
    const changed = performance.now();
    a.cliJson(["key", "revoke", t.keyId]);
    a.cliJson(["app", "suspend", u.appId]);
    const cliDone = performance.now() - changed;
    const seenAfter: number[] = [];
    for (const bin of [a, b]) {
      for (const [who, status] of [[t, 401], [u, 403]] as const) {
        const start = performance.now();
        while ((await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: who.key })).status !== status) {
          if (performance.now() - start > CALLER_CACHE_MS + 500) throw new Error(`still served ${Math.round(performance.now() - start)} ms after the change`);
          await Bun.sleep(5);
        }
        seenAfter.push(Math.round(performance.now() - start));
      }
    }
    console.log(`caller cache across processes: the CLI took ${Math.round(cliDone)} ms; then refused after ${seenAfter.join(", ")} ms (bound ${CALLER_CACHE_MS} ms)`);
  }, 30_000);
});
