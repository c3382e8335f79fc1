/**
 * DELETE /v1/end_users/{end_user_id}: everything of one end user goes, with what hangs off it, in
 * one transaction, and the answer counts it; nothing of anyone else is touched. Runs on SQLite and,
 * under `npm run test:postgresql`, on PostgreSQL.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { expectErrorShape, startServer, uniqueKey, type TestServer, type TestTenant } from "../helpers/server.ts";
import { ANCHOR_BIRTH, INTERVIEW_CAST } from "../helpers/responses.ts";
import { calmPlan, checkoutPayload } from "../helpers/healing.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const ERASED = "用户 42/α";
const path = (endUserId: string) => `/v1/end_users/${encodeURIComponent(endUserId)}`;

async function created(t: TestTenant, method: string, url: string, body: Record<string, unknown>, key = uniqueKey("erase")): Promise<any> {
  const res = await s.request(method, url, { key: t.key, body, idempotencyKey: key });
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.json;
}

/** One end user's footprint: a chart with two Responses (one with feedback), a cast, a Plan with a finished Session, and their own Response and Session on someone else's Subjects. */
async function footprint(t: TestTenant, endUserId: string, others: { chart: string; plan: string }) {
  const chartKey = uniqueKey("erase-chart");
  const chart = await created(t, "POST", "/v1/bazi/charts", { birth: ANCHOR_BIRTH, end_user_id: endUserId }, chartKey);
  const r1 = await created(t, "POST", "/v1/responses", { capability: "bazi", subject_id: chart.id, input: "我的事业怎么样？" });
  const r2 = await created(t, "POST", "/v1/responses", { previous_response_id: r1.id, input: "那明年呢？" });
  await created(t, "POST", "/v1/feedback", { response_id: r2.id, rating: "negative", comment: "private words of the end user" });
  const cast = await created(t, "POST", "/v1/liuyao/casts", { ...INTERVIEW_CAST, end_user_id: endUserId });
  const plan = await created(t, "POST", "/v1/healing/plans", { ...calmPlan(), end_user_id: endUserId });
  const session = await created(t, "POST", "/v1/healing/sessions", { plan_id: plan.id, playback_mode: "guided" });
  for (const [i, event_type] of ["started", "completed"].entries()) {
    await created(t, "PATCH", `/v1/healing/sessions/${session.id}`, { client_event_id: `e${i}`, event_type, elapsed_seconds: i * 60, occurred_at: "2026-01-02T03:04:05Z" });
  }
  await created(t, "POST", `/v1/healing/sessions/${session.id}/checkout`, checkoutPayload({ comment: "felt calmer, private" }));
  // Their own on someone else's Subjects.
  const elsewhere = await created(t, "POST", "/v1/responses", { capability: "bazi", subject_id: others.chart, input: "我妈的身体怎么样？", end_user_id: endUserId });
  const theirSession = await created(t, "POST", "/v1/healing/sessions", { plan_id: others.plan, playback_mode: "guided", end_user_id: endUserId });
  return { chart, chartKey, r1, r2, cast, plan, session, elsewhere, theirSession };
}

test("erases one end user's data and everything downstream, answers the counts, and leaves everyone else's", async () => {
  const t = await s.newTenant();
  const keep = { chart: (await created(t, "POST", "/v1/bazi/charts", { birth: ANCHOR_BIRTH, end_user_id: "keep" })).id, plan: (await created(t, "POST", "/v1/healing/plans", { ...calmPlan(), end_user_id: "keep" })).id };
  const keptResponse = await created(t, "POST", "/v1/responses", { capability: "bazi", subject_id: keep.chart, input: "我的财运怎么样？" });
  const mine = await footprint(t, ERASED, keep);
  // The same end_user_id in another App is another person.
  const otherApp = await s.newTenant();
  const theirs = await created(otherApp, "POST", "/v1/bazi/charts", { birth: ANCHOR_BIRTH, end_user_id: ERASED });

  const key = uniqueKey("erasure");
  const res = await s.request("DELETE", path(ERASED), { key: t.key, idempotencyKey: key });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ object: "end_user_erasure", deleted: { charts: 1, casts: 1, plans: 1, sessions: 2, session_events: 2, checkouts: 1, responses: 3, feedback: 1 } });

  const read = (url: string, tenant = t) => s.request("GET", url, { key: tenant.key });
  for (const url of [`/v1/bazi/charts/${mine.chart.id}`, `/v1/liuyao/casts/${mine.cast.id}`, `/v1/healing/plans/${mine.plan.id}`, `/v1/healing/sessions/${mine.session.id}`, `/v1/healing/sessions/${mine.theirSession.id}`, `/v1/responses/${mine.r1.id}`, `/v1/responses/${mine.r2.id}`, `/v1/responses/${mine.elsewhere.id}`]) {
    expectErrorShape(await read(url), 404, "RESOURCE_NOT_FOUND");
  }
  for (const url of [`/v1/bazi/charts/${keep.chart}`, `/v1/healing/plans/${keep.plan}`, `/v1/responses/${keptResponse.id}`]) expect((await read(url)).status).toBe(200);
  expect((await read(`/v1/bazi/charts/${theirs.id}`, otherApp)).status).toBe(200);
  // No row of theirs remains, and no stored answer holds what they wrote.
  expect(await s.db.count("feedback", "response_id = ?", mine.r2.id)).toBe(0);
  expect(await s.db.count("checkouts", "session_id = ?", mine.session.id)).toBe(0);
  expect(await s.db.count("session_events", "session_id = ?", mine.session.id)).toBe(0);
  for (const words of ["private words of the end user", "felt calmer, private", "我妈的身体怎么样", "那明年呢"]) {
    expect({ words, stored: await s.db.count("idempotency_records", "body LIKE ?", `%${words}%`) }).toEqual({ words, stored: 0 });
  }

  // The same key replays the answer; the chart's own key does not bring the chart back.
  const replay = await s.request("DELETE", path(ERASED), { key: t.key, idempotencyKey: key });
  expect({ status: replay.status, replayed: replay.headers.get("idempotent-replayed"), text: replay.text }).toEqual({ status: 200, replayed: "true", text: res.text });
  const recreate = await s.request("POST", "/v1/bazi/charts", { key: t.key, body: { birth: ANCHOR_BIRTH, end_user_id: ERASED }, idempotencyKey: mine.chartKey });
  expectErrorShape(recreate, 404, "RESOURCE_NOT_FOUND");
  // A second erasure finds nothing.
  expect((await s.request("DELETE", path(ERASED), { key: t.key, idempotencyKey: uniqueKey("again") })).json.deleted).toEqual({ charts: 0, casts: 0, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 0, feedback: 0 });
});

test("an Idempotency-Key is required; an id over 128 characters reads as not found", async () => {
  expectErrorShape(await s.request("DELETE", path("someone"), { idempotencyKey: null }), 400, "IDEMPOTENCY_KEY_REQUIRED");
  expectErrorShape(await s.request("DELETE", path("x".repeat(129)), { idempotencyKey: uniqueKey() }), 404, "RESOURCE_NOT_FOUND");
});
