/**
 * The list endpoints, one shared suite for every collection (charts, casts, Plans, Sessions, Responses):
 * newest first, cursor pages both ways, the filters, tenancy and capabilities, and the query
 * string's refusals. Runs on SQLite and, under `npm run test:postgresql`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectErrorShape, startServer, uniqueKey, type TestServer, type TestTenant } from "../helpers/server.ts";
import { ANCHOR_BIRTH, INTERVIEW_CAST } from "../helpers/responses.ts";
import { calmPlan } from "../helpers/healing.ts";

/** The server's clock, moved by the tests: each item is created a second after the one before. */
let now = Date.parse("2026-03-01T00:00:00Z");
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ clock: () => now });
});
afterAll(() => s.stop());

interface Collection {
  name: string;
  path: string;
  prefix: string;
  capability: "bazi" | "liuyao" | "healing";
  /** Creates one item for the tenant and end user; resolves to its id. */
  create(t: TestTenant, endUserId: string | null): Promise<string>;
}

const post = async (t: TestTenant, path: string, body: Record<string, unknown>) => {
  now += 1000;
  const res = await s.request("POST", path, { key: t.key, body, idempotencyKey: uniqueKey("list") });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.json.id as string;
};
const withUser = (endUserId: string | null) => (endUserId ? { end_user_id: endUserId } : {});

/** One chart per tenant for its Responses, one Plan for its Sessions. */
const chartOf = new Map<string, string>();
async function chartFor(t: TestTenant): Promise<string> {
  if (!chartOf.has(t.key)) chartOf.set(t.key, await post(t, "/v1/bazi/charts", { birth: ANCHOR_BIRTH }));
  return chartOf.get(t.key)!;
}
const planOf = new Map<string, string>();
async function planFor(t: TestTenant): Promise<string> {
  if (!planOf.has(t.key)) planOf.set(t.key, await post(t, "/v1/healing/plans", calmPlan()));
  return planOf.get(t.key)!;
}

const COLLECTIONS: Collection[] = [
  { name: "charts", path: "/v1/bazi/charts", prefix: "bzc", capability: "bazi", create: (t, u) => post(t, "/v1/bazi/charts", { birth: ANCHOR_BIRTH, ...withUser(u) }) },
  { name: "casts", path: "/v1/liuyao/casts", prefix: "lyc", capability: "liuyao", create: (t, u) => post(t, "/v1/liuyao/casts", { ...INTERVIEW_CAST, ...withUser(u) }) },
  { name: "Plans", path: "/v1/healing/plans", prefix: "hpl", capability: "healing", create: (t, u) => post(t, "/v1/healing/plans", { ...calmPlan(), ...withUser(u) }) },
  {
    name: "Sessions",
    path: "/v1/healing/sessions",
    prefix: "hsn",
    capability: "healing",
    create: async (t, u) => post(t, "/v1/healing/sessions", { plan_id: await planFor(t), playback_mode: "minimal", ...withUser(u) }),
  },
  {
    name: "Responses",
    path: "/v1/responses",
    prefix: "resp",
    capability: "bazi",
    create: async (t, u) => post(t, "/v1/responses", { capability: "bazi", subject_id: await chartFor(t), input: "我的事业怎么样？", ...withUser(u) }),
  },
];

const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((item) => item.id);

describe.each(COLLECTIONS)("GET $path", (c) => {
  let t: TestTenant;
  /** Created oldest first: a, b (end user "u-1"), c, d (u-1), e. */
  let made: string[] = [];
  const list = (query = "", key = t.key) => s.request("GET", `${c.path}${query ? `?${query}` : ""}`, { key });

  beforeAll(async () => {
    t = await s.newTenant();
    made = [];
    for (const u of [null, "u-1", null, "u-1", null]) made.push(await c.create(t, u));
  });

  test("newest first, as stored, in a list object; 20 by default", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect({ object: res.json.object, url: res.json.url, has_more: res.json.has_more }).toEqual({ object: "list", url: c.path, has_more: false });
    expect(ids(res)).toEqual([...made].reverse());
    // Each item is the resource exactly as its GET answers it.
    const one = await s.request("GET", `${c.path}/${made[4]}`, { key: t.key });
    expect(JSON.stringify(res.json.data[0])).toBe(one.text);
  });

  test("pages older with starting_after, newer with ending_before; has_more says whether more lie that way", async () => {
    const first = await list("limit=2");
    expect([ids(first), first.json.has_more]).toEqual([[made[4], made[3]], true]);
    const second = await list(`limit=2&starting_after=${made[3]}`);
    expect([ids(second), second.json.has_more]).toEqual([[made[2], made[1]], true]);
    const last = await list(`limit=2&starting_after=${made[1]}`);
    expect([ids(last), last.json.has_more]).toEqual([[made[0]], false]);
    const back = await list(`limit=2&ending_before=${made[0]}`);
    expect([ids(back), back.json.has_more]).toEqual([[made[2], made[1]], true]);
    const top = await list(`limit=2&ending_before=${made[2]}`);
    expect([ids(top), top.json.has_more]).toEqual([[made[4], made[3]], false]);
  });

  test("filters: end_user_id, created[gte] and created[lt] (each item a second after the last)", async () => {
    expect(ids(await list("end_user_id=u-1"))).toEqual([made[3], made[1]]);
    const createdOf = async (id: string) => (await s.request("GET", `${c.path}/${id}`, { key: t.key })).json.created_at as string;
    const [from, to] = [await createdOf(made[1]!), await createdOf(made[3]!)];
    expect(ids(await list(`created[gte]=${from}&created[lt]=${to}`))).toEqual([made[2], made[1]]);
    expect(ids(await list(`created[gte]=${from}&end_user_id=u-1&limit=1`))).toEqual([made[3]]);
  });

  test("another App's items are never listed; a cursor from it finds nothing of this App's beyond", async () => {
    const other = await s.newTenant();
    const theirs = await c.create(other, null);
    expect(ids(await list("", other.key))).toEqual([theirs]);
    expect(ids(await list(`starting_after=${theirs}`))).toEqual([...made].reverse());
  });

  test(`the ${c.capability} capability is required`, async () => {
    const without = await s.newTenant({ capabilities: (["bazi", "liuyao", "healing"] as const).filter((x) => x !== c.capability) });
    if (c.name === "Responses") {
      // Responses of a capability the App no longer has read as missing: none are listed.
      expect(ids(await list("", without.key))).toEqual([]);
    } else {
      expectErrorShape(await list("", without.key), 403, "CAPABILITY_NOT_GRANTED");
    }
  });

  test.each([
    ["limit=0", "limit", "must be at least 1"],
    ["limit=101", "limit", "must be at most 100"],
    ["limit=ten", "limit", "must be an integer"],
    [`starting_after=xyz_1`, "starting_after", undefined],
    [`starting_after=${c.prefix}_a&ending_before=${c.prefix}_b`, "ending_before", "must not be sent with starting_after: page one way at a time"],
    ["created[gte]=yesterday", "created[gte]", undefined],
    ["sort=asc", "sort", "is not an allowed property"],
  ])("?%s → 400 VALIDATION_ERROR at %s", async (query, path, message) => {
    const error = expectErrorShape(await list(query), 400, "VALIDATION_ERROR");
    expect(error.message).toStartWith("The query string is invalid");
    expect(error.details[0].path).toBe(path);
    if (message) expect(error.details[0].message).toBe(message);
  });
});

test("Responses: subject_id narrows to one Subject's", async () => {
  const t = await s.newTenant();
  const [a, b] = [await post(t, "/v1/bazi/charts", { birth: ANCHOR_BIRTH }), await post(t, "/v1/bazi/charts", { birth: ANCHOR_BIRTH })];
  const ask = (subject: string) => post(t, "/v1/responses", { capability: "bazi", subject_id: subject, input: "我的事业怎么样？" });
  const [ra, rb, ra2] = [await ask(a), await ask(b), await ask(a)];
  const res = await s.request("GET", `/v1/responses?subject_id=${a}`, { key: t.key });
  expect(ids(res)).toEqual([ra2, ra]);
  expect(ids(await s.request("GET", `/v1/responses?subject_id=${b}`, { key: t.key }))).toEqual([rb]);
});

test("a follow-up is listed under its parent's end user", async () => {
  const t = await s.newTenant();
  const chart = await post(t, "/v1/bazi/charts", { birth: ANCHOR_BIRTH });
  const first = await post(t, "/v1/responses", { capability: "bazi", subject_id: chart, input: "我的事业怎么样？", end_user_id: "u-9" });
  const follow = await post(t, "/v1/responses", { previous_response_id: first, input: "那明年呢？" });
  expect(ids(await s.request("GET", "/v1/responses?end_user_id=u-9", { key: t.key }))).toEqual([follow, first]);
});

test("Sessions: plan_id narrows to one Plan's; each is listed as its GET answers it, events and all", async () => {
  const t = await s.newTenant();
  const [a, b] = [await post(t, "/v1/healing/plans", calmPlan()), await post(t, "/v1/healing/plans", calmPlan())];
  const start = (plan: string) => post(t, "/v1/healing/sessions", { plan_id: plan, playback_mode: "guided" });
  const [sa, sb, sa2] = [await start(a), await start(b), await start(a)];
  const moved = await s.request("PATCH", `/v1/healing/sessions/${sa}`, {
    key: t.key,
    body: { client_event_id: "e-1", event_type: "started", elapsed_seconds: 0, occurred_at: new Date(now).toISOString() },
    idempotencyKey: uniqueKey("list"),
  });
  expect(moved.status).toBe(200);
  const ofA = await s.request("GET", `/v1/healing/sessions?plan_id=${a}`, { key: t.key });
  expect(ids(ofA)).toEqual([sa2, sa]);
  expect(ofA.json.data[1].events.length).toBe(1);
  expect(JSON.stringify(ofA.json.data[1])).toBe((await s.request("GET", `/v1/healing/sessions/${sa}`, { key: t.key })).text);
  expect(ids(await s.request("GET", `/v1/healing/sessions?plan_id=${b}`, { key: t.key }))).toEqual([sb]);
  expectErrorShape(await s.request("GET", "/v1/healing/sessions?plan_id=bzc_1", { key: t.key }), 400, "VALIDATION_ERROR");
});
