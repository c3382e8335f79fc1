/**
 * Every case of the independent LiuYao golden file, posted through the HTTP API
 * with manual_lines + cast_at; every field the case gives is compared with the answer.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startServer, uniqueKey, type TestServer } from "../helpers/server.ts";
import { fieldMismatches } from "../unit/liuyao/match-fields.ts";
import { referencePath } from "../helpers/reference.ts";

const GOLDEN = referencePath("golden", "liuyao", "golden.jsonl");
type Rec = Record<string, any>;
const records: Rec[] = readFileSync(GOLDEN, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const ofType = (t: string) => records.filter((r) => r.type === t);
const LINE_ALIASES = { pos: "position" } as const;
const CHANGED_ALIASES = { ...LINE_ALIASES, own_palace: "palace", own_palace_element: "palace_element", own_generation: "generation", own_world: "world", own_response: "response" };
const NOON = "2024-03-01T12:00:00+08:00";
const without = (r: Rec, ...keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));
const dayAfter = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

async function cast(lines: number[], castAt: string): Promise<Rec> {
  const res = await s.request("POST", "/v1/liuyao/casts", { body: { question: "golden", method: "manual_lines", lines, cast_at: castAt }, idempotencyKey: uniqueKey() });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json;
}

describe("hexagram: all 64 over HTTP", () => {
  for (const g of ofType("hexagram")) {
    test(`${g.king_wen} ${g.name}`, async () => {
      const r = await cast(g.lines, NOON);
      const { najia, hu, cuo, zong, ...primary } = without(g, "type", "lines", "bits");
      expect(fieldMismatches(r.primary, primary, LINE_ALIASES)).toEqual([]);
      expect(fieldMismatches(r.primary.lines, najia, LINE_ALIASES)).toEqual([]);
      expect(fieldMismatches({ hu: r.hu, cuo: r.cuo, zong: r.zong }, { hu, cuo, zong })).toEqual([]);
      expect(r.changed).toBeNull();
    });
  }
});

describe("cast: every moving-line case over HTTP", () => {
  for (const [i, g] of ofType("cast").entries()) {
    test(`#${i} ${g.lines.join("")}`, async () => {
      const r = await cast(g.lines, NOON);
      expect(r.lines).toEqual(g.lines);
      expect(r.moving_lines).toEqual(g.moving);
      expect(fieldMismatches(r.primary, g.primary, LINE_ALIASES)).toEqual([]);
      if (g.changed === null) expect(r.changed).toBeNull();
      else expect(fieldMismatches(r.changed, g.changed, CHANGED_ALIASES)).toEqual([]);
    });
  }
});

describe("six spirits and void over HTTP", () => {
  test("every day stem's six spirits", async () => {
    const readings = await Promise.all(Array.from({ length: 10 }, (_, d) => cast([7, 8, 7, 8, 7, 8], dayAfter(NOON, d))));
    for (const g of ofType("six_spirits")) {
      const r = readings.find((x) => x.calendar.day_stem === g.day_stem);
      expect(r?.primary.lines.map((l: Rec) => l.spirit)).toEqual(g.spirits);
    }
  });
  test("all 60 day pillars' xun and void", async () => {
    const readings = await Promise.all(Array.from({ length: 60 }, (_, d) => cast([7, 8, 7, 8, 7, 8], dayAfter(NOON, d))));
    for (const g of ofType("xun_void")) {
      const r = readings.find((x) => x.calendar.day_pillar === g.day_pillar);
      expect(fieldMismatches(r?.calendar, { xun: g.xun, void: g.void })).toEqual([]);
    }
  });
});

describe("calendar cases around 节 boundaries over HTTP", () => {
  const jie = ([name, at]: [string, string]) => ({ name, at: `${at.replace(" ", "T")}+08:00` });
  for (const g of ofType("calendar")) {
    test(g.cast_at, async () => {
      const r = await cast([9, 8, 7, 6, 7, 8], g.cast_at);
      const expected = { ...without(g, "type", "crosscheck", "prev_jie", "next_jie", "cast_at"), prev_jie: jie(g.prev_jie), next_jie: jie(g.next_jie) };
      expect(r.cast_at).toBe(g.cast_at);
      expect(fieldMismatches(r.calendar, expected)).toEqual([]);
    });
  }
});
