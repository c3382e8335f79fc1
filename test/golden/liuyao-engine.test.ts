/**
 * Runs EVERY record of the shared LiuYao golden file against the engine. Expected values
 * come only from the golden file (independent generator), never from our own code.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { castCalendar, castReading, hexagramByBits, type Reading } from "../../src/liuyao/index.ts";
import { sixSpiritsOf, xunOf, type Stem } from "../../src/liuyao/ganzhi.ts";
import { fieldMismatches } from "../unit/liuyao/match-fields.ts";
import { referencePath } from "../helpers/reference.ts";

const GOLDEN = referencePath("golden", "liuyao", "golden.jsonl");
type Rec = Record<string, any>;
const records: Rec[] = readFileSync(GOLDEN, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));
const ofType = (t: string) => records.filter((r) => r.type === t);

/** Golden key → our key. The golden file says `pos`; our structure says `position`. */
const LINE_ALIASES = { pos: "position" } as const;
/** In `cast.changed`, golden's own_* are the changed hexagram's own palace data, which ours names plainly. */
const CHANGED_ALIASES = {
  ...LINE_ALIASES,
  own_palace: "palace",
  own_palace_element: "palace_element",
  own_generation: "generation",
  own_world: "world",
  own_response: "response",
};
const NOON = new Date("2024-03-01T12:00:00+08:00");
const manual = (lines: number[], castAt = NOON): Reading =>
  castReading({ lines, castAt, question: "golden", method: "manual_lines" });
const bitsOf = (lines: number[]) => lines.map((v) => (v === 7 || v === 9 ? "1" : "0")).join("");
const without = (r: Rec, ...keys: string[]) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

test("the golden file has the record types and format we were written for", () => {
  const counts: Record<string, number> = {};
  for (const r of records) counts[r.type] = (counts[r.type] ?? 0) + 1;
  expect(counts).toEqual({ meta: 1, hexagram: 64, cast: 150, six_spirits: 10, xun_void: 60, calendar: 22 });
  expect(ofType("meta")[0].format_version).toBe(1);
});

describe("hexagram: all 64, every field", () => {
  for (const g of ofType("hexagram")) {
    test(`${g.king_wen} ${g.name}`, () => {
      const expected = without(g, "type", "lines");
      expect(bitsOf(g.lines)).toBe(g.bits);
      expect(fieldMismatches(hexagramByBits(g.bits), expected, LINE_ALIASES)).toEqual([]);
      // The same data must reach a reading of the static lines.
      const r = manual(g.lines);
      const { najia, hu, cuo, zong, ...primaryPart } = expected;
      expect(fieldMismatches(r.primary, primaryPart, LINE_ALIASES)).toEqual([]);
      expect(fieldMismatches(r.primary.lines, najia, LINE_ALIASES)).toEqual([]);
      expect(fieldMismatches({ hu: r.hu, cuo: r.cuo, zong: r.zong }, { hu, cuo, zong })).toEqual([]);
      expect(r.changed).toBeNull();
      expect(r.moving_lines).toEqual([]);
    });
  }
});

describe("cast: moving-line casts, changed lines, relatives, transforms", () => {
  for (const [i, g] of ofType("cast").entries()) {
    test(`#${i} ${g.lines.join("")} ${g.primary.name} → ${g.changed?.name}`, () => {
      const r = manual(g.lines);
      expect(r.lines).toEqual(g.lines);
      expect(r.moving_lines).toEqual(g.moving);
      expect(fieldMismatches(r.primary, g.primary, LINE_ALIASES)).toEqual([]);
      if (g.changed === null) expect(r.changed).toBeNull();
      else expect(fieldMismatches(r.changed, g.changed, CHANGED_ALIASES)).toEqual([]);
    });
  }
});

describe("six_spirits: every day stem", () => {
  // Ten consecutive days cover all ten stems; each reading's spirits must match the golden row.
  const readings = Array.from({ length: 10 }, (_, d) => manual([7, 8, 7, 8, 7, 8], new Date(NOON.getTime() + d * 86_400_000)));
  for (const g of ofType("six_spirits")) {
    test(g.day_stem, () => {
      expect(sixSpiritsOf(g.day_stem as Stem)).toEqual(g.spirits);
      const r = readings.find((x) => x.calendar.day_stem === g.day_stem);
      expect(r).toBeDefined();
      expect(r!.primary.lines.map((l) => l.spirit)).toEqual(g.spirits);
      expect(r!.calendar.six_spirits).toEqual(g.spirits);
    });
  }
});

describe("xun_void: all 60 day pillars", () => {
  const calendars = Array.from({ length: 60 }, (_, d) => castCalendar(new Date(NOON.getTime() + d * 86_400_000)));
  for (const g of ofType("xun_void")) {
    test(g.day_pillar, () => {
      expect(fieldMismatches(xunOf(g.day_pillar), { xun: g.xun, void: g.void })).toEqual([]);
      const c = calendars.find((x) => x.day_pillar === g.day_pillar);
      expect(c).toBeDefined();
      expect(fieldMismatches(c, { xun: g.xun, void: g.void })).toEqual([]);
    });
  }
});

/** Golden writes term instants as ["立春", "2024-02-04 16:27:07"] (UTC+08:00); ours as {name, at: ISO+08:00}. */
const jie = ([name, at]: [string, string]) => ({ name, at: `${at.replace(" ", "T")}+08:00` });

describe("calendar: month at the exact 节, day at 00:00, alternatives flagged", () => {
  for (const g of ofType("calendar")) {
    test(g.cast_at, () => {
      // `crosscheck` describes how the golden generator verified itself; it is not a reading field.
      const expected = { ...without(g, "type", "crosscheck", "prev_jie", "next_jie"), prev_jie: jie(g.prev_jie), next_jie: jie(g.next_jie) };
      const cal = castCalendar(new Date(g.cast_at));
      expect(fieldMismatches(cal, expected)).toEqual([]);
      // Notes exist exactly when another convention changes a pillar.
      expect(cal.notes.length).toBe(g.convention_sensitive.filter((f: string) => f !== "near_jie_boundary").length);

      const r = manual([9, 8, 7, 6, 7, 8], new Date(g.cast_at));
      expect(r.cast_at).toBe(g.cast_at);
      expect(r.primary.lines.map((l) => l.spirit)).toEqual(g.six_spirits);
      for (const l of r.primary.lines) {
        expect(l.month_break).toBe(l.branch === g.month_break);
        expect(l.day_clash).toBe(l.branch === g.day_clash);
        expect(l.void).toBe(g.void.includes(l.branch));
      }
    });
  }
});
