/**
 * Healing Sessions on PostgreSQL with two instances (two pools) writing at once:
 * event appends to one Session are serialised (no gap, no duplicate, no lost
 * transition), the checkout lands exactly once, a Session cannot be created on a
 * Plan being deleted, and a Plan delete removes every downstream row in one
 * transaction.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import type { IdempotencyCompletion } from "../../src/db/types.ts";
import { newId } from "../../src/ids.ts";

let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
let a: PostgresStore;
let b: PostgresStore;
const APP = "app_sessions";
const T0 = Date.UTC(2026, 2, 1, 8);

async function newPlan(store: PostgresStore): Promise<string> {
  const id = newId("plan");
  await store.subjects.plan.insert({ id, appId: APP, endUserId: null, createdAt: T0, record: JSON.stringify({ id }) });
  return id;
}

async function newSession(store: PostgresStore, planId: string): Promise<string> {
  const id = newId("session");
  const ok = await store.sessions.insertSession({ id, appId: APP, planId, endUserId: "u", state: "created", elapsedSeconds: 0, createdAt: T0, updatedAt: T0, record: JSON.stringify({ id, planId }) });
  expect(ok).toBe(true);
  return id;
}

/** An idempotent answer under a fresh claimed key, as the pipeline makes one. */
async function claimed(store: PostgresStore, status = 200, body = "{}"): Promise<IdempotencyCompletion> {
  const key = `k-${Math.random()}`;
  const requestId = newId("request");
  await store.idempotency.claim({ appId: APP, key, fingerprint: "f", requestId, now: T0, ttlMs: 86_400_000, lockMs: 30_000 });
  return { appId: APP, key, requestId, status, body };
}

async function rows(store: PostgresStore, query: string, ...params: unknown[]): Promise<number> {
  const [row] = await store.sql.unsafe(query, params);
  return Number(row.n);
}

describePostgres("PostgreSQL Healing Sessions", () => {
  beforeAll(async () => {
    env = await storesOnFreshDatabase("sessions", 2);
    [a, b] = env.stores as [PostgresStore, PostgresStore];
  });
  afterAll(() => env?.close());

  test("concurrent appends from two instances: each seq lands once, in order, and the Session state follows the last", async () => {
    const planId = await newPlan(a);
    const sessionId = await newSession(a, planId);
    let accepted = 0;
    // Each round: 10 writers (5 per instance) race for the next seq; exactly one may win it.
    for (let seq = 1; seq <= 15; seq++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? a : b).sessions.appendEvent({
            appId: APP,
            sessionId,
            seq,
            clientEventId: `ev-${seq}-${i}`,
            record: JSON.stringify({ seq, writer: i }),
            state: `state-${seq}`,
            elapsedSeconds: seq * 10,
            updatedAt: T0 + seq,
          }),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      accepted += 1;
    }
    const session = await b.sessions.getSession(APP, sessionId);
    expect(session?.events.map((e) => JSON.parse(e).seq)).toEqual(Array.from({ length: accepted }, (_, i) => i + 1));
    expect(session).toMatchObject({ state: "state-15", elapsedSeconds: 150, updatedAt: T0 + 15, checkout: null });
    const seqs = await a.sql`SELECT seq FROM session_events WHERE session_id = ${sessionId} ORDER BY seq`;
    expect(seqs.map((r: { seq: number }) => r.seq)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  test("free-running appenders on two instances that retry on a refused guard: no gap, no duplicate, every writer's events kept", async () => {
    const planId = await newPlan(a);
    const sessionId = await newSession(a, planId);
    const perWriter = 8;
    const writer = async (store: PostgresStore, name: string) => {
      for (let i = 0; i < perWriter; ) {
        const current = await store.sessions.getSession(APP, sessionId);
        const seq = current!.events.length + 1;
        const ok = await store.sessions.appendEvent({ appId: APP, sessionId, seq, clientEventId: `${name}-${i}`, record: JSON.stringify({ name, i, seq }), state: `${name}-${i}`, elapsedSeconds: seq, updatedAt: T0 + seq });
        if (ok) i++;
      }
    };
    await Promise.all([writer(a, "a1"), writer(b, "b1"), writer(a, "a2"), writer(b, "b2")]);
    const session = await a.sessions.getSession(APP, sessionId);
    const events = session!.events.map((e) => JSON.parse(e) as { name: string; i: number; seq: number });
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 4 * perWriter }, (_, i) => i + 1));
    for (const name of ["a1", "b1", "a2", "b2"]) expect(events.filter((e) => e.name === name).map((e) => e.i)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
    // The state is the last event's.
    const last = events.at(-1)!;
    expect(session!.state).toBe(`${last.name}-${last.i}`);
  });

  test("a stale append (the handler saw an older seq) is refused and writes nothing, not even its idempotent answer", async () => {
    const planId = await newPlan(a);
    const sessionId = await newSession(a, planId);
    expect(await a.sessions.appendEvent({ appId: APP, sessionId, seq: 1, clientEventId: "x", record: "{}", state: "s1", elapsedSeconds: 1, updatedAt: T0 })).toBe(true);
    const completion = await claimed(b);
    expect(await b.sessions.appendEvent({ appId: APP, sessionId, seq: 1, clientEventId: "y", record: "{}", state: "s2", elapsedSeconds: 2, updatedAt: T0 }, completion)).toBe(false);
    expect((await a.idempotency.get(APP, completion.key))?.state).toBe("in_progress");
    expect((await a.sessions.getSession(APP, sessionId))?.state).toBe("s1");
    expect(await a.sessions.appendEvent({ appId: APP, sessionId: "hsn_missing", seq: 1, clientEventId: "z", record: "{}", state: "s", elapsedSeconds: 0, updatedAt: T0 })).toBe(false);
  });

  test("20 concurrent checkouts of one Session from two instances: exactly one lands", async () => {
    const planId = await newPlan(a);
    const sessionId = await newSession(b, planId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).sessions.insertCheckout({ sessionId, appId: APP, createdAt: T0 + i, record: JSON.stringify({ writer: i }) })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect((await a.sessions.getSession(APP, sessionId))?.checkout).toBe(JSON.stringify({ writer: winner }));
    expect(await rows(a, "SELECT count(*) AS n FROM checkouts WHERE session_id = $1", sessionId)).toBe(1);
  });

  test("a Session on a missing Plan (or another App's) is refused", async () => {
    const planId = await newPlan(a);
    expect(await a.sessions.insertSession({ id: newId("session"), appId: APP, planId: "hpl_missing", endUserId: null, state: "created", elapsedSeconds: 0, createdAt: T0, updatedAt: T0, record: "{}" })).toBe(false);
    expect(await a.sessions.insertSession({ id: newId("session"), appId: "app_other", planId, endUserId: null, state: "created", elapsedSeconds: 0, createdAt: T0, updatedAt: T0, record: "{}" })).toBe(false);
  });

  test("Plan delete racing Session creations on another instance leaves no orphan Session", async () => {
    for (let round = 0; round < 10; round++) {
      const planId = await newPlan(a);
      const creations = Array.from({ length: 6 }, () =>
        b.sessions.insertSession({ id: newId("session"), appId: APP, planId, endUserId: null, state: "created", elapsedSeconds: 0, createdAt: T0, updatedAt: T0, record: "{}" }),
      );
      const deletion = a.subjects.plan.delete(APP, planId);
      await Promise.all([...creations, deletion]);
      expect(await deletion).toBe(true);
      expect(await rows(a, "SELECT count(*) AS n FROM sessions WHERE plan_id = $1", planId)).toBe(0);
    }
  });

  test("deleting a Plan removes its Sessions, events, checkouts, Responses, feedback and every stored answer about them, in one transaction", async () => {
    const planId = await newPlan(a);
    const s1 = await newSession(a, planId);
    const s2 = await newSession(b, planId);
    await a.sessions.appendEvent({ appId: APP, sessionId: s1, seq: 1, clientEventId: "e1", record: "{}", state: "running", elapsedSeconds: 5, updatedAt: T0 }, await claimed(a));
    await b.sessions.insertCheckout({ sessionId: s2, appId: APP, createdAt: T0, record: "{}" }, await claimed(b, 201, '{"checkout":1}'));
    const responseId = newId("response");
    await a.responses.insert(
      { id: responseId, appId: APP, capability: "healing", subjectId: planId, previousResponseId: null, createdAt: T0, summary: "s", record: "{}" },
      { month: "2026-03", units: 1 },
      await claimed(a, 201, "{}"),
    );
    await b.responses.insertFeedback({ id: newId("feedback"), appId: APP, responseId, createdAt: T0, record: "{}" });
    // Another Plan's data stays.
    const otherPlan = await newPlan(b);
    const otherSession = await newSession(b, otherPlan);

    expect(await b.subjects.plan.delete(APP, planId, await claimed(b, 204, ""))).toBe(true);
    expect(await a.subjects.plan.get(APP, planId)).toBeNull();
    for (const [query, param] of [
      ["SELECT count(*) AS n FROM sessions WHERE plan_id = $1", planId],
      ["SELECT count(*) AS n FROM session_events WHERE session_id IN ($1)", s1],
      ["SELECT count(*) AS n FROM checkouts WHERE session_id = $1", s2],
      ["SELECT count(*) AS n FROM responses WHERE subject_id = $1", planId],
      ["SELECT count(*) AS n FROM feedback WHERE response_id = $1", responseId],
      ["SELECT count(*) AS n FROM idempotency_records WHERE resource_id IN ($1)", s1],
      ["SELECT count(*) AS n FROM idempotency_records WHERE resource_id = $1", s2],
      ["SELECT count(*) AS n FROM idempotency_records WHERE resource_id = $1", planId],
    ] as const) {
      expect({ query, n: await rows(a, query, param) }).toEqual({ query, n: 0 });
    }
    expect(await a.sessions.getSession(APP, otherSession)).not.toBeNull();
    // A second delete finds nothing.
    expect(await a.subjects.plan.delete(APP, planId)).toBe(false);
  });
});
