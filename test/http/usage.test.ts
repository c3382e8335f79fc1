/**
 * GET /v1/usage: the calling App's month as the limits see it, against the store's own counts.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { expectErrorShape, startServer, type TestServer } from "../helpers/server.ts";
import { responsesClient } from "../helpers/responses.ts";

const NOW = Date.parse("2026-11-20T08:00:00Z");
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ clock: () => NOW });
});
afterAll(() => s.stop());

test("billing units against the quota, requests (this one included), the rate limits and when the month resets", async () => {
  const t = await s.newTenant({ monthlyQuota: 5, rpm: 120, concurrency: 7 });
  const r = responsesClient(s);
  const chart = await r.subject("bazi", t.key);
  await r.first("bazi", chart.id, "我的事业怎么样？", t.key);
  const res = await s.request("GET", "/v1/usage", { key: t.key });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({
    object: "usage",
    app_id: t.app.id,
    month: "2026-11",
    billing_units: 1,
    monthly_quota: 5,
    remaining: 4,
    // The chart, the Response and this read.
    requests: 3,
    rate_limit: { requests_per_minute: 120, concurrency: 7 },
    resets_at: "2026-12-01T00:00:00.000Z",
  });
  // The operator's own count of units agrees.
  expect((await s.operator.usage(t.app.id, "2026-11")).billing_units).toBe(1);
});

test("remaining never goes below 0; another App sees only its own usage; without a key it is 401", async () => {
  const spent = await s.newTenant({ monthlyQuota: 1 });
  const r = responsesClient(s);
  const chart = await r.subject("bazi", spent.key);
  await r.first("bazi", chart.id, "我的事业怎么样？", spent.key);
  // A crisis answer is never refused for quota and still counts its unit: past the quota.
  await r.first("bazi", chart.id, "我想自杀", spent.key);
  expect((await s.request("GET", "/v1/usage", { key: spent.key })).json).toMatchObject({ billing_units: 2, monthly_quota: 1, remaining: 0 });
  const other = await s.newTenant();
  expect((await s.request("GET", "/v1/usage", { key: other.key })).json).toMatchObject({ app_id: other.app.id, billing_units: 0, requests: 1 });
  expectErrorShape(await s.request("GET", "/v1/usage", { key: null }), 401, "INVALID_API_KEY");
});
