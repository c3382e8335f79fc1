/**
 * BaZi charts over HTTP: strict dates with exact messages, the record, reading,
 * deletion, tenancy, capability and idempotency on the real resource.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { CONVENTIONS_JSON } from "../../src/bazi/index.ts";
import { recordFragment } from "../../src/db/record-fragments.ts";
import { openSqliteStore } from "../../src/db/sqlite/store.ts";
import { openPostgresStore } from "../../src/db/postgres/store.ts";
import { BAZI, elementPairs, withoutPairs } from "../unit/bazi/element-pairs.ts";
import { responsesClient } from "../helpers/responses.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ clock: () => Date.parse("2026-01-02T03:04:05Z") });
});
afterAll(() => s.stop());

const birth = { year: 1990, month: 5, day: 17, hour: 8, gender: "女" };
const post = (body: unknown, key?: string, idem = uniqueKey()) => s.request("POST", "/v1/bazi/charts", { body, key, idempotencyKey: idem });

describe("validation says exactly what is wrong", () => {
  test("U+0000 in a stored text is refused on every backend (PostgreSQL cannot store it); an id holding it reads as missing", async () => {
    const chart = await post({ birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" }, end_user_id: "u\u0000" });
    expect(expectErrorShape(chart, 400, "VALIDATION_ERROR").details).toEqual([{ path: "end_user_id", message: "must be free of the NUL character U+0000" }]);
    for (const [method, path] of [["GET", "/v1/bazi/charts/bzc_%00"], ["DELETE", "/v1/bazi/charts/bzc_a%00b"], ["GET", "/v1/liuyao/casts/lyc_%00"], ["GET", "/v1/responses/resp_%00"]] as const) {
      expectErrorShape(await s.request(method, path), 404, "RESOURCE_NOT_FOUND");
    }
  });
  test.each([
    [{ ...birth, year: 2023, month: 2, day: 30 }, "birth.day", "2023-02 has 28 days"],
    [{ ...birth, year: 2024, month: 2, day: 1, calendar_type: "lunar", is_leap_month: true }, "birth.is_leap_month", "lunar 2024 has no leap month 2"],
    [{ ...birth, year: 2023, month: 6, day: 30, calendar_type: "lunar" }, "birth.day", "lunar 2023 month 6 has 29 days"],
    [{ ...birth, year: "1990" }, "birth.year", "must be an integer"],
    [{ ...birth, year: 1990.5 }, "birth.year", "must be an integer"],
    [{ ...birth, year: 1899 }, "birth.year", "must be at least 1900"],
    [{ ...birth, hour: 24 }, "birth.hour", "must be at most 23"],
    [{ ...birth, gender: 1 }, "birth.gender", 'must be one of "男", "女"'],
    [{ ...birth, gender: "male" }, "birth.gender", 'must be one of "男", "女"'],
    [{ ...birth, is_leap_month: true }, "birth.is_leap_month", undefined],
    [{ ...birth, birthplace: "地".repeat(121) }, "birth.birthplace", "must be at most 120 characters"],
    [{ ...birth, zodiac: "horse" }, "birth.zodiac", "is not an allowed property"],
    [{ ...birth, time_basis: "solar" }, "birth.time_basis", undefined],
    [{ ...birth, time_basis: "true_solar" }, "birth.time_basis", '"true_solar" needs a birthplace'],
    [{ year: 1990, month: 4, day: 1, hour: 2, minute: 30, gender: "女", birthplace: "New York, NY" }, "birth.hour", "1990-04-01 02:30 never showed on a clock in New York (America/New_York): the clocks were put forward over it"],
  ])("%j → 400 at %s", async (b, path, message) => {
    const error = expectErrorShape(await post({ birth: b }), 400, "VALIDATION_ERROR");
    const detail = error.details.find((d: { path: string }) => d.path === path);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
  });
  test("top-level limits: end_user_id, metadata values, unknown properties", async () => {
    expect(expectErrorShape(await post({ birth, end_user_id: "u".repeat(129) }), 400, "VALIDATION_ERROR").details[0].path).toBe("end_user_id");
    expect(expectErrorShape(await post({ birth, metadata: { a: 1 } }), 400, "VALIDATION_ERROR").details[0].path).toBe("metadata.a");
    expect(expectErrorShape(await post({ birth, x: 1 }), 400, "VALIDATION_ERROR").details[0].path).toBe("x");
    expect(expectErrorShape(await post({}), 400, "VALIDATION_ERROR").details[0]).toEqual({ path: "birth", message: "is required" });
  });
});

describe("a birthplace", () => {
  test("a recognised one gives place and true_solar_time, and reads the time in its zone", async () => {
    const res = await post({ birth: { year: 1990, month: 7, day: 1, hour: 8, gender: "女", birthplace: "New York" } });
    expect(res.status).toBe(201);
    expect(res.json.place).toMatchObject({ name: "New York", country: "US", time_zone: "America/New_York", approximate: false });
    expect(res.json.true_solar_time.time).toBe("1990-07-01 07:00");
    expect(res.json.pillars.hour.ganzhi.endsWith("辰")).toBe(true); // 07:00 EST, not 08:00 EDT
    expect(res.json.warnings.map((w: { code: string }) => w.code)).toContain("DAYLIGHT_SAVING_TIME_APPLIED");
    expect(res.json.birth.time_basis).toBe("civil");
  });
  test("an unknown one is read as Beijing time, said in a warning; none gives null place", async () => {
    const unknown = await post({ birth: { ...birth, birthplace: "Atlantis" } });
    expect([unknown.status, unknown.json.place, unknown.json.warnings[0].code]).toEqual([201, null, "BIRTHPLACE_NOT_RECOGNISED"]);
    expect((await post({ birth })).json.true_solar_time).toBeNull();
  });
});

describe("charts", () => {
  test("the record: id, object, created_at, birth with defaults filled, the binding fields", async () => {
    const res = await post({ birth, end_user_id: "user-1", metadata: { source: "test" } });
    expect(res.status).toBe(201);
    const c = res.json;
    expect(c.id).toMatch(/^bzc_/);
    expect(c).toMatchObject({ object: "bazi.chart", created_at: "2026-01-02T03:04:05.000Z", end_user_id: "user-1", metadata: { source: "test" } });
    expect(c.birth).toMatchObject({ ...birth, minute: 0, calendar_type: "solar", is_leap_month: false, time_confidence: "exact" });
    for (const k of ["solar", "lunar", "pillars", "day_master", "five_elements", "tai_yuan", "ming_gong", "shen_gong", "luck", "conventions", "warnings"]) expect(c).toHaveProperty(k);
    expect(c.luck.pillars).toHaveLength(10);
    expect(c.pillars.hour.uncertain).toBe(false);
  });
  test("lunar input runs to the last day of lunar 2100 (solar 2101-01-28); its 30th day is a 400", async () => {
    const last = await post({ birth: { year: 2100, month: 12, day: 29, hour: 8, gender: "男", calendar_type: "lunar" } });
    expect(last.status).toBe(201);
    expect(last.json.solar.date).toBe("2101-01-28");
    expectErrorShape(await post({ birth: { year: 2100, month: 12, day: 30, hour: 8, gender: "男", calendar_type: "lunar" } }), 400, "VALIDATION_ERROR");
  });

  test("approximate time: the hour is marked uncertain with its neighbouring hour pillars", async () => {
    const c = (await post({ birth: { ...birth, time_confidence: "approximate" } })).json;
    expect(c.pillars.hour.uncertain).toBe(true);
    expect(c.pillars.hour.alternatives.length).toBeGreaterThanOrEqual(2);
  });
  test("GET returns the chart byte for byte; another App's id reads 404 like a missing one", async () => {
    const created = await post({ birth });
    const read = await s.request("GET", `/v1/bazi/charts/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.text).toBe(created.text);
    const other = await s.newTenant();
    expectErrorShape(await s.request("GET", `/v1/bazi/charts/${created.json.id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("DELETE", `/v1/bazi/charts/${created.json.id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
  });
  test("DELETE → 204; afterwards 404 and no row remains", async () => {
    const c = (await post({ birth })).json;
    expect((await s.request("DELETE", `/v1/bazi/charts/${c.id}`)).status).toBe(204);
    expectErrorShape(await s.request("GET", `/v1/bazi/charts/${c.id}`), 404, "RESOURCE_NOT_FOUND");
    expect(await s.db.count("charts", "id = ?", c.id)).toBe(0);
  });
  test("20 concurrent identical requests create exactly one chart", async () => {
    const idem = uniqueKey();
    const marker = { birth, end_user_id: `burst-${idem}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(marker, undefined, idem)));
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.json.id)).size).toBe(1);
    expect(await s.db.count("charts", "end_user_id = ?", `burst-${idem}`)).toBe(1);
  });
  test("the bazi capability is required", async () => {
    const t = await s.newTenant({ capabilities: ["liuyao"] });
    expectErrorShape(await post({ birth }, t.key), 403, "CAPABILITY_NOT_GRANTED");
  });
});

describe("annual pillars on request: GET ?include=luck.years", () => {
  test("each luck pillar gets its ten years and the chart its 小运; everything else is the stored chart", async () => {
    const created = await post({ birth });
    const read = await s.request("GET", `/v1/bazi/charts/${created.json.id}?include=luck.years`);
    expect(read.status).toBe(200);
    const { luck, ...rest } = read.json;
    const { luck: storedLuck, ...storedRest } = created.json;
    expect(rest).toEqual(storedRest);
    for (const [i, pillar] of luck.pillars.entries()) {
      const { years, ...stored } = pillar;
      expect(stored).toEqual(storedLuck.pillars[i]);
      expect(years.map((y: { year: number }) => y.year)).toEqual(Array.from({ length: 10 }, (_, k) => pillar.start_year + k));
      expect(years.map((y: { age: number }) => y.age)).toEqual(Array.from({ length: 10 }, (_, k) => pillar.start_age + k));
    }
    // 小运 from the birth year until the first luck pillar starts, at ages 1, 2, …
    const first = luck.pillars[0].start_year;
    expect(luck.xiao_yun.map((y: { year: number; age: number }) => [y.year, y.age])).toEqual(Array.from({ length: first - 1990 }, (_, k) => [1990 + k, k + 1]));
    const years2026 = luck.pillars.flatMap((p: { years: unknown[] }) => p.years).filter((y: { year: number }) => y.year === 2026);
    expect(years2026).toEqual([expect.objectContaining({ ganzhi: "丙午", age: 37 })]);
  });
  test.each([
    ["include=luck.years,luck.years", 200],
    ["include=luck.years&include=luck.years", 200],
    ["include=", 400],
    ["include=luck.months", 400],
    ["expand=luck.years", 400],
  ])("?%s → %d", async (query, status) => {
    const created = await post({ birth });
    const res = await s.request("GET", `/v1/bazi/charts/${created.json.id}?${query}`);
    if (status === 200) expect(res.json.luck.pillars[0].years).toHaveLength(10);
    else expect(expectErrorShape(res, 400, "VALIDATION_ERROR").message).toStartWith("The query string is invalid");
  });
  test("another App's chart is a 404 with the query as without it", async () => {
    const created = await post({ birth });
    const other = await s.newTenant();
    expectErrorShape(await s.request("GET", `/v1/bazi/charts/${created.json.id}?include=luck.years`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("the idempotency record of a chart keeps a reference, not a copy", () => {
  const row = (key: string) => s.db.get<{ body: string | null; resource_id: string | null }>("SELECT body, resource_id FROM idempotency_records WHERE key = ?", key);

  test("the replay is still byte for byte the first answer", async () => {
    const key = uniqueKey("ref");
    const first = await post({ birth }, undefined, key);
    expect(first.status).toBe(201);
    expect(await row(key)).toEqual({ body: null, resource_id: first.json.id });
    const again = await post({ birth }, undefined, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
  });

  test("the key of a created chart, sent again with a birth the engine refuses: 409 IDEMPOTENCY_CONFLICT, not the refusal; nothing is stored", async () => {
    const key = uniqueKey("reused");
    const first = await post({ birth }, undefined, key);
    expect(first.status).toBe(201);
    // Past the schema, refused by the engine (an impossible date): the key's earlier use decides first.
    expectErrorShape(await post({ birth: { ...birth, year: 2023, month: 2, day: 30 } }, undefined, key), 409, "IDEMPOTENCY_CONFLICT");
    expect(await row(key)).toEqual({ body: null, resource_id: first.json.id });
    // Under a new key the same body is the engine's 400, and the key stays free for the corrected body.
    const fresh = uniqueKey("refused");
    expectErrorShape(await post({ birth: { ...birth, year: 2023, month: 2, day: 30 } }, undefined, fresh), 400, "VALIDATION_ERROR");
    expect(await row(fresh)).toBeNull();
    expect((await post({ birth }, undefined, fresh)).status).toBe(201);
  });

  test("deleting the chart leaves only a tombstone: the birth data is nowhere else, and the key does not create the chart again", async () => {
    const key = uniqueKey("erase");
    const first = await post({ birth, end_user_id: key }, undefined, key);
    expect((await s.request("DELETE", `/v1/bazi/charts/${first.json.id}`)).status).toBe(204);
    const kept = await s.db.get<{ body: string; resource_id: string | null }>("SELECT body, resource_id FROM idempotency_records WHERE key = ?", key);
    expect(kept!.resource_id).toBeNull();
    expect(kept!.body).not.toContain(first.json.id);
    expect(kept!.body).not.toContain("1990");
    // The client's retry: the stored 404 saying so, under the first request's id; nothing is created.
    const retry = await post({ birth, end_user_id: key }, undefined, key);
    const error = expectErrorShape(retry, 404, "RESOURCE_NOT_FOUND");
    expect(error.message).toContain("has been deleted; it is not created again");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(await s.db.count("charts", "end_user_id = ?", key)).toBe(0);
    // Another body under the key is still a conflict; a new key creates a new chart.
    expectErrorShape(await post({ birth: { ...birth, hour: 9 } }, undefined, key), 409, "IDEMPOTENCY_CONFLICT");
    expect((await post({ birth, end_user_id: key })).status).toBe(201);
  });
});

describe("a chart is stored without its conventions block (src/db/record-fragments.ts)", () => {
  const storedRecord = async (id: string) => (await s.db.get<{ record: string }>("SELECT record FROM charts WHERE id = ?", id))!.record;

  test("the row holds a reference and fits a 4 KiB page; POST, GET and the replay answer the same whole chart", async () => {
    // Registered by createApp too; awaited here because on PostgreSQL that runs in the background.
    await s.store.registerRecordFragment(CONVENTIONS_JSON);
    const key = uniqueKey("compact");
    const created = await post({ birth }, undefined, key);
    expect(created.status).toBe(201);
    expect(created.text).toContain(`"conventions":${CONVENTIONS_JSON}`);
    const stored = await storedRecord(created.json.id);
    const { id } = recordFragment(CONVENTIONS_JSON);
    expect(stored).toBe(created.text.replace(CONVENTIONS_JSON, `\u0001${id}\u0001`));
    // Why: the conventions block (~4.5 KB) would double every row. Rows of ~4–5 KB now spill into an
    // overflow page; measured, that costs no throughput (docs/benchmarks.md), and 8 KiB pages made
    // every creation slower. The bound catches a block stored whole again.
    expect(Buffer.byteLength(stored)).toBeLessThan(5000);
    expect(await s.db.count("record_fragments", "id = ?", id)).toBe(1);
    expect((await s.request("GET", `/v1/bazi/charts/${created.json.id}`)).text).toBe(created.text);
    expect((await post({ birth }, undefined, key)).text).toBe(created.text);
  });

  test("a chart stored whole (before fragments existed) is answered as stored", async () => {
    const created = await post({ birth });
    const whole = created.text.replace('"bazi.chart"', '"bazi.chart" ').replace(created.json.id, `${created.json.id}W`);
    await s.db.run("INSERT INTO charts (id, app_id, end_user_id, created_at, record) VALUES (?, ?, NULL, ?, ?)", `${created.json.id}W`, s.tenant.app.id, 0, whole);
    expect((await s.request("GET", `/v1/bazi/charts/${created.json.id}W`)).text).toBe(whole);
  });

  test("a store that has not registered the block (another process, an older binary) reads the chart whole", async () => {
    const created = await post({ birth });
    const other = s.config.databaseUrl ? await openPostgresStore(s.config.databaseUrl) : openSqliteStore(s.config.databasePath);
    try {
      expect(await other.subjects.chart.get(s.tenant.app.id, created.json.id)).toBe(created.text);
    } finally {
      await other.close();
    }
  });
});

describe("element names in both forms: each English element field has its Chinese `_zh` beside it", () => {
  // 1949-10-01 15:00 with an approximate time: combinations among the pillars and neighbouring hours.
  const anchor = { year: 1949, month: 10, day: 1, hour: 15, gender: "男", time_confidence: "approximate" };
  const fields = (answer: unknown) => elementPairs(answer, BAZI);

  test("a created chart answers both forms on every element field, and GET answers the same", async () => {
    const created = await post({ birth: anchor });
    expect(created.status).toBe(201);
    const { paths, problems } = fields(created.json);
    expect(problems).toEqual([]);
    for (const path of ["$.pillars.day.stem_element", "$.pillars.hour.hidden_stems[].element", "$.pillars.hour.alternatives[].branch_element", "$.day_master.element", "$.five_elements.favorable_elements", "$.five_elements.unfavorable_elements", "$.relations[].element"]) {
      expect(paths).toContain(path);
    }
    expect((await s.request("GET", `/v1/bazi/charts/${created.json.id}`)).text).toBe(created.text);
    const withYears = await s.request("GET", `/v1/bazi/charts/${created.json.id}?include=luck.years`);
    expect(fields(withYears.json).problems).toEqual([]);
    expect(fields(withYears.json).paths).toContain("$.luck.pillars[].years[].relations[].element");
  });

  test("a chart stored before the pairs existed is answered as stored, gets its annual pillars with both forms, and Responses read it as a new one", async () => {
    const created = await post({ birth: anchor });
    const id = `${created.json.id}O`;
    const old = JSON.stringify({ ...withoutPairs(created.json, BAZI), id });
    expect(old).not.toContain('_zh"');
    await s.db.run("INSERT INTO charts (id, app_id, end_user_id, created_at, record) VALUES (?, ?, NULL, ?, ?)", id, s.tenant.app.id, 0, old);
    expect((await s.request("GET", `/v1/bazi/charts/${id}`)).text).toBe(old);

    const read = await s.request("GET", `/v1/bazi/charts/${id}?include=luck.years`);
    expect(read.status).toBe(200);
    const fresh = (await s.request("GET", `/v1/bazi/charts/${created.json.id}?include=luck.years`)).json;
    expect(read.json.luck).toEqual(fresh.luck);
    expect(read.json.day_master.element_zh).toBeUndefined();

    const r = responsesClient(s);
    for (const input of ["我的五行喜用是什么？", "What are my favorable elements?", "今年运势如何？"]) {
      const [before, now] = await Promise.all([r.first("bazi", id, input), r.first("bazi", created.json.id, input)]);
      expect(before.output_text).toBe(now.output_text);
    }
  });
});
