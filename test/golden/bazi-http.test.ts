/**
 * Every case of the independent BaZi golden file posted through the HTTP API:
 * the four pillars, the other day-change school's day pillar where given, the
 * solar and lunar dates; and every invalid case answers 400.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { referencePath } from "../helpers/reference.ts";

const dir = referencePath("golden", "bazi");
const read = (f: string) => readFileSync(path.join(dir, f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const golden: any[] = read("golden.jsonl");
const invalid: any[] = read("invalid.jsonl");

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const post = (birth: unknown) => s.request("POST", "/v1/bazi/charts", { body: { birth }, idempotencyKey: uniqueKey() });

describe("golden charts over HTTP", () => {
  test("the file is what we were written for", () => {
    expect(golden.length).toBe(757);
    expect(invalid.length).toBe(35);
  });
  test.each(golden.map((g, i) => [i, g.tags.join(","), g] as const))("#%i %s", async (_i, _tags, g) => {
    const res = await post(g.input);
    expect(res.status).toBe(201);
    const p = res.json.pillars;
    expect({ year: p.year.ganzhi, month: p.month.ganzhi, day: p.day.ganzhi, hour: p.hour.ganzhi }).toEqual(g.expect);
    expect(res.json.solar.date).toBe(g.calendar.solar_date);
    if (!g.tags.includes("disputed_month")) {
      const l = res.json.lunar;
      expect({ year: l.year, month: l.month, day: l.day, is_leap_month: l.is_leap_month }).toEqual(g.calendar.lunar_date);
    }
    if (g.expect_sect1) {
      const zi = res.json.warnings.find((w: any) => w.code === "ZI_HOUR_DAY_BOUNDARY");
      if (g.expect_sect1.day !== g.expect.day) expect(zi?.sect1_day_pillar).toBe(g.expect_sect1.day);
      else expect(zi).toBeUndefined();
    }
  });
});

describe("invalid births over HTTP", () => {
  test.each(invalid.map((c) => [c.category, c.reason, c] as const))("%s: %s", async (_cat, _reason, c) => {
    const error = expectErrorShape(await post(c.input), 400, "VALIDATION_ERROR");
    expect(error.details.length).toBeGreaterThan(0);
    for (const d of error.details) expect(d.path.startsWith("birth")).toBe(true);
  });
});
