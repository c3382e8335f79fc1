/**
 * LiuYao casts over HTTP: input rules, dayan draws stored fixed, reading and
 * deleting, tenancy, capability, idempotency on a real resource.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { LIUYAO, elementPairs, withoutPairs } from "../unit/bazi/element-pairs.ts";
import { responsesClient } from "../helpers/responses.ts";

let s: TestServer;
const now = Date.parse("2025-06-15T10:00:00Z");
beforeAll(async () => {
  s = await startServer({ clock: () => now });
});
afterAll(() => s.stop());

const post = (body: unknown, key?: string, idem = uniqueKey()) => s.request("POST", "/v1/liuyao/casts", { body, key, idempotencyKey: idem });
const manual = { question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8] };

describe("input rules", () => {
  test.each([
    [{ question: "q", method: "manual_lines" }, "lines", "is required when method is manual_lines"],
    [{ question: "q", method: "dayan", lines: [7, 7, 7, 7, 7, 7] }, "lines", "must not be sent when method is dayan; the service draws the lines"],
    [{ ...manual, lines: [7, 8, 9, 7, 6] }, "lines", "must have at least 6 items"],
    [{ ...manual, lines: [7, 8, 9, 7, 6, 8, 7] }, "lines", "must have at most 6 items"],
    [{ ...manual, lines: [7, 8, 9, 7, 6, 5] }, "lines[5]", "must be one of 6, 7, 8, 9"],
    [{ ...manual, lines: [7, 8, 9, 7, 6, "8"] }, "lines[5]", "must be one of 6, 7, 8, 9"],
    [{ ...manual, cast_at: "2024-05-01T09:30:00" }, "cast_at", "must be an RFC 3339 date-time with an offset, e.g. 2024-05-01T09:30:00+08:00"],
    [{ ...manual, cast_at: "2024-02-30T09:30:00+08:00" }, "cast_at", "must be an RFC 3339 date-time with an offset, e.g. 2024-05-01T09:30:00+08:00"],
    [{ ...manual, question: "x".repeat(1001) }, "question", "must be at most 1000 characters"],
    [{ ...manual, question: "" }, "question", "must be at least 1 character"],
    [{ ...manual, method: "coins" }, "method", 'must be one of "dayan", "manual_lines"'],
    [{ ...manual, end_user_id: "u".repeat(129) }, "end_user_id", "must be at most 128 characters"],
    [{ ...manual, metadata: { order: 42 } }, "metadata.order", "must be a string"],
    [{ ...manual, extra: true }, "extra", "is not an allowed property"],
  ])("%j → 400 at %s", async (body, path, message) => {
    const error = expectErrorShape(await post(body), 400, "VALIDATION_ERROR");
    expect(error.details).toContainEqual({ path, message });
  });
  test("the spec's limits are accepted at the boundary", async () => {
    const res = await post({ ...manual, question: "问".repeat(1000), end_user_id: "u".repeat(128), metadata: { a: "b" } });
    expect(res.status).toBe(201);
    expect(res.json.question).toBe("问".repeat(1000));
  });
  test("cast_at out of the supported years is refused", async () => {
    const error = expectErrorShape(await post({ ...manual, cast_at: "1850-01-01T00:00:00+08:00" }), 400, "VALIDATION_ERROR");
    expect(error.details[0].path).toBe("cast_at");
  });
});

describe("casts", () => {
  test("manual_lines: the reading, the question verbatim, defaults to the server's time, record fields", async () => {
    const res = await post({ ...manual, end_user_id: "u1", metadata: { ref: "x" } });
    expect(res.status).toBe(201);
    const c = res.json;
    expect(c.id).toMatch(/^lyc_/);
    expect(c).toMatchObject({ object: "liuyao.cast", question: manual.question, method: "manual_lines", lines: manual.lines, end_user_id: "u1", metadata: { ref: "x" } });
    expect(c.cast_at).toBe("2025-06-15T18:00:00+08:00");
    expect(c.created_at).toBe("2025-06-15T10:00:00.000Z");
    expect(c.moving_lines).toEqual([3, 5]);
    expect(c.changed).not.toBeNull();
    expect(c.calendar.conventions).toBeDefined();
    expect(c.primary.lines).toHaveLength(6);
  });
  test("cast_at is read in its own offset: New York 22:30 on 06-20 is a cast on 06-20, written back in that offset", async () => {
    const ny = (await post({ ...manual, cast_at: "2026-06-20T22:30:00-04:00" })).json;
    const beijingSameDay = (await post({ ...manual, cast_at: "2026-06-20T12:00:00+08:00" })).json;
    const beijingSameInstant = (await post({ ...manual, cast_at: "2026-06-21T10:30:00+08:00" })).json;
    expect(ny.cast_at).toBe("2026-06-20T22:30:00-04:00");
    expect(ny.calendar.day_pillar).toBe(beijingSameDay.calendar.day_pillar);
    expect(ny.calendar.day_pillar).not.toBe(beijingSameInstant.calendar.day_pillar);
    expect(ny.calendar.month_pillar).toBe(beijingSameInstant.calendar.month_pillar);
    expect(ny.calendar.conventions.timezone).toBe("UTC-04:00");
  });
  test("dayan: the service draws six lines once, records their provenance, and a GET returns them unchanged", async () => {
    const res = await post({ question: "Will the project ship?", method: "dayan" });
    expect(res.status).toBe(201);
    expect(res.json.lines).toHaveLength(6);
    for (const v of res.json.lines) expect([6, 7, 8, 9]).toContain(v);
    expect(res.json.dayan).toBeDefined();
    const again = await s.request("GET", `/v1/liuyao/casts/${res.json.id}`);
    expect(again.status).toBe(200);
    expect(again.text).toBe(res.text);
  });
  test("20 concurrent identical requests create exactly one cast (and one draw)", async () => {
    const idem = uniqueKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ question: "one matter", method: "dayan" }, undefined, idem)));
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.json.id));
    expect(ids.size).toBe(1);
    expect(await s.db.count("casts", "record LIKE ?", '%"question":"one matter"%')).toBe(1);
    for (const a of answers) if (a.status === 201) expect(a.text).toBe(answers.find((x) => x.status === 201)!.text);
  });
  test("another App's cast reads 404 exactly like a missing one", async () => {
    const mine = (await post(manual)).json;
    const other = await s.newTenant();
    const theirs = await s.request("GET", `/v1/liuyao/casts/${mine.id}`, { key: other.key });
    const missing = await s.request("GET", "/v1/liuyao/casts/lyc_doesnotexist", { key: other.key });
    expectErrorShape(theirs, 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(missing, 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("DELETE", `/v1/liuyao/casts/${mine.id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expect((await s.request("GET", `/v1/liuyao/casts/${mine.id}`)).status).toBe(200);
  });
  test("DELETE → 204, then the cast reads 404 and no row remains", async () => {
    const c = (await post(manual)).json;
    const del = await s.request("DELETE", `/v1/liuyao/casts/${c.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expectErrorShape(await s.request("GET", `/v1/liuyao/casts/${c.id}`), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("DELETE", `/v1/liuyao/casts/${c.id}`), 404, "RESOURCE_NOT_FOUND");
    expect(await s.db.count("casts", "id = ?", c.id)).toBe(0);
  });
  test("the liuyao capability is required", async () => {
    const t = await s.newTenant({ capabilities: ["bazi"] });
    expectErrorShape(await post(manual, t.key), 403, "CAPABILITY_NOT_GRANTED");
    expectErrorShape(await s.request("GET", "/v1/liuyao/casts/lyc_x", { key: t.key }), 403, "CAPABILITY_NOT_GRANTED");
  });
});

describe("element names in both forms: each Chinese element field has its English `_en` beside it", () => {
  test("a created cast answers both forms on every element field, and GET answers the same", async () => {
    // 雷火丰 → 泽雷随 on 2026-03-10: moving lines, so the changed hexagram and its transforms too.
    const created = await post({ ...manual, cast_at: "2026-03-10T09:30:00+08:00" });
    expect(created.status).toBe(201);
    const { paths, problems } = elementPairs(created.json, LIUYAO);
    expect(problems).toEqual([]);
    for (const path of ["$.primary.palace_element", "$.primary.lines[].element", "$.changed.palace_element", "$.changed.lines[].element", "$.changed.transforms[].from_element", "$.changed.transforms[].to_element"]) {
      expect(paths).toContain(path);
    }
    expect((await s.request("GET", `/v1/liuyao/casts/${created.json.id}`)).text).toBe(created.text);
  });

  test("a hidden spirit (伏神) has both forms, on the hexagram and as the useful god", async () => {
    // 天风姤 has no 妻财 line: its 妻财 is the hidden spirit 甲寅 from 乾为天, the useful god of a money question.
    const created = await post({ question: "钱包丢了能找回来吗", method: "manual_lines", lines: [8, 7, 7, 7, 7, 7], cast_at: "2025-06-15T18:00:00+08:00" });
    expect(created.status).toBe(201);
    const { paths, problems } = elementPairs(created.json, LIUYAO);
    expect(problems).toEqual([]);
    expect(paths).toContain("$.primary.hidden[].element");
    expect(paths).toContain("$.useful_god.hidden.element");
  });

  test("a cast stored before the pairs existed is answered as stored, and Responses read it as a new one", async () => {
    const created = await post({ ...manual, cast_at: "2026-03-10T09:30:00+08:00" });
    const id = `${created.json.id}O`;
    const old = JSON.stringify({ ...withoutPairs(created.json, LIUYAO), id });
    expect(old).not.toContain("_en\"");
    await s.db.run("INSERT INTO casts (id, app_id, end_user_id, created_at, record) VALUES (?, ?, NULL, ?, ?)", id, s.tenant.app.id, 0, old);
    expect((await s.request("GET", `/v1/liuyao/casts/${id}`)).text).toBe(old);

    const r = responsesClient(s);
    for (const input of ["这卦怎么看？", "What does the changed hexagram say?", "用神旺衰如何？"]) {
      const [before, now] = await Promise.all([r.first("liuyao", id, input), r.first("liuyao", created.json.id, input)]);
      expect(before.output_text).toBe(now.output_text);
    }
  });
});
