/**
 * The platform's documented schemas against the shared contract (test/helpers/schema-contract.ts):
 * the usage answer, a list page and its query, the end-user erasure answer, and the shared pieces.
 * The samples are what the real handlers answer, called in process without HTTP; the stores they
 * read are stand-ins (typed as the storage interfaces, so their rows have the real shape).
 */
import { expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { castReading } from "../../../src/liuyao/index.ts";
import { CastRecord } from "../../../src/liuyao/model.ts";
import { JsonText, type HandlerContext } from "../../../src/platform/endpoint.ts";
import { iso, EndUserId, Metadata } from "../../../src/platform/schemas.ts";
import { UsageSchema, usageEndpoint } from "../../../src/platform/usage-endpoint.ts";
import { listEndpoint, listSchema, type ListRoute } from "../../../src/platform/list-endpoint.ts";
import { ErasureSchema, erasureEndpoint } from "../../../src/platform/erasure-endpoint.ts";
import { RequestCounter, utcMonth } from "../../../src/platform/usage.ts";
import { compile } from "../../../src/platform/validation.ts";
import type { ErasureCounts, ListPage, Storage } from "../../../src/db/storage.ts";
import type { AppRecord, UsageRecord } from "../../../src/db/types.ts";
import { describeSchemaContract } from "../../helpers/schema-contract.ts";

const NOW = Date.parse("2026-11-20T08:30:00Z");
const APP: AppRecord = {
  id: "app_9Qb2xk", name: "schema", env: "test", capabilities: ["bazi", "liuyao", "healing"],
  rpm: 600, concurrency: 20, monthlyQuota: 1000, status: "active", createdAt: NOW, updatedAt: NOW,
};
const context = <Q = Record<string, never>>(params: Record<string, string> = {}, query?: Q): HandlerContext<unknown, Q> => ({
  app: APP, requestId: "req_schema", now: NOW, body: undefined, params, query: (query ?? {}) as Q, origin: "https://lingshu.test",
  requireCapability: () => {}, checkMonthlyQuota: async () => {},
});

/** GET /v1/usage: the month's stored counts, plus the requests still buffered in the counter. */
async function usageOf(stored: UsageRecord, buffered: number) {
  const store = { usage: { get: async () => stored, addRequests: async () => {} } } as unknown as Storage;
  const counter = new RequestCounter(store);
  for (let i = 0; i < buffered; i++) counter.count(APP.id, NOW);
  return (await usageEndpoint({ store, counter }).handle(context())).body;
}
const month = utcMonth(NOW);
const usage = await usageOf({ appId: APP.id, month, billingUnits: 240, requests: 5310 }, 3);
/** Units past the quota (an escalation is never refused): `remaining` stays at 0. */
const usageOverQuota = await usageOf({ appId: APP.id, month, billingUnits: 1002, requests: 1100 }, 0);

/** GET on a collection: the casts list, with casts stored as POST /v1/liuyao/casts stores them. */
const cast = (id: string, question: string, lines: (6 | 7 | 8 | 9)[]) =>
  JSON.stringify({ id, object: "liuyao.cast", created_at: iso(NOW), end_user_id: "u-42", metadata: { source: "app" }, ...castReading({ question, method: "manual_lines", lines, castAt: new Date(NOW) }) });
const castRoute = (page: ListPage): ListRoute => ({
  collection: "/v1/liuyao/casts", plural: "casts", prefix: "lyc", capability: "liuyao", tag: "LiuYao", item: CastRecord, list: async () => page,
});
const CastList = listSchema(CastRecord, "/v1/liuyao/casts");
const CastListQuery = listEndpoint(castRoute({ records: [], hasMore: false })).query!;
async function pageOf(page: ListPage) {
  const result = await listEndpoint(castRoute(page)).handle(context({}, { limit: 2 }));
  return JSON.parse((result.body as JsonText).text);
}
const page = await pageOf({
  records: [cast("lyc_0Schema0000000000000002", "这次面试能通过吗？", [7, 8, 9, 7, 6, 8]), cast("lyc_0Schema0000000000000001", "Will the sale of my flat go through?", [7, 8, 7, 7, 8, 8])],
  hasMore: true,
});
const emptyPage = await pageOf({ records: [], hasMore: false });

/** DELETE /v1/end_users/{end_user_id}: the counts the store's erasure reports, answered as the handler answers them. */
async function erasureOf(counts: ErasureCounts) {
  let completed: unknown = null;
  const store = {
    eraseEndUser: async (_app: string, _user: string, completion: (c: ErasureCounts) => unknown) => {
      completion(counts);
      return counts;
    },
  } as unknown as Storage;
  const result = await erasureEndpoint(store).handle(context({ end_user_id: "u-42" }));
  const answer = await result.commitWith!((a) => {
    completed = a;
    return undefined;
  });
  if (JSON.stringify(completed) !== JSON.stringify(answer)) throw new Error("the stored answer differs from the one sent");
  return answer;
}
const erasure = await erasureOf({ charts: 2, casts: 1, plans: 1, sessions: 1, session_events: 4, checkouts: 1, responses: 6, feedback: 1 });
const erasureOfNobody = await erasureOf({ charts: 0, casts: 0, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 0, feedback: 0 });

/** The shared pieces, as a payload carries them. */
const Shared = Type.Object({ end_user_id: EndUserId, metadata: Metadata }, { additionalProperties: false });

describeSchemaContract("Platform", { UsageSchema, ErasureSchema, CastList, CastListQuery, EndUserId, Metadata }, [
  { name: "the App's usage this month", schema: UsageSchema, value: usage },
  { name: "usage past the monthly quota", schema: UsageSchema, value: usageOverQuota },
  { name: "a page of casts with more beyond it", schema: CastList, value: page },
  { name: "an empty page", schema: CastList, value: emptyPage },
  { name: "a list query", schema: CastListQuery, value: { limit: 50, starting_after: "lyc_0Schema0000000000000002", end_user_id: "u-42", "created[gte]": "2026-11-01T00:00:00Z", "created[lt]": "2026-12-01T00:00:00+08:00" } },
  { name: "an end user's erasure", schema: ErasureSchema, value: erasure },
  { name: "the erasure of an end user with nothing", schema: ErasureSchema, value: erasureOfNobody },
  { name: "an end user id and metadata", schema: Shared, value: { end_user_id: "u-42", metadata: { plan: "pro", source: "ios" } } },
], ["EndUserErasure", "Usage", ...["DayanDraw", "HexagramRef", "LiuyaoCalendar", "LiuyaoCast", "LiuyaoChangedHexagram", "LiuyaoChangedLine", "LiuyaoHiddenSpirit", "LiuyaoLine", "LiuyaoLineStrength", "LiuyaoLineTransform", "LiuyaoPrimaryHexagram"]]);

// Our bounds where the spec is silent (src/platform/schemas.ts): 128 characters of end user id,
// 50 metadata keys, 500 characters a value.
test("an end user id and metadata are refused past their bounds, each at its path", () => {
  const problems = (value: unknown) => compile(Shared).check(value).map((d) => d.path);
  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
  expect(problems({ end_user_id: "u".repeat(128), metadata: { ...keys(49), note: "x".repeat(500) } })).toEqual([]);
  expect(problems({ end_user_id: "u".repeat(129), metadata: {} })).toEqual(["end_user_id"]);
  expect(problems({ end_user_id: "u", metadata: { note: "x".repeat(501) } })).toEqual(["metadata.note"]);
  expect(problems({ end_user_id: "u", metadata: keys(51) })).toEqual(["metadata"]);
});
