/**
 * Element names in both forms on a cast: every Chinese element field has its `_en` pair, agreeing
 * with the five-entry table written out in test/unit/bazi/element-pairs.ts, on every one of the
 * 4096 line patterns; a cast stored before the pairs existed still matches the record schema.
 */
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import "../../../src/platform/validation.ts"; // registers the date-time format the record schema uses
import { castReading, type LineValue } from "../../../src/liuyao/index.ts";
import { CastRecord } from "../../../src/liuyao/model.ts";
import { EN_OF, LIUYAO, pairedElementPaths, withoutPairs } from "../bazi/element-pairs.ts";

type Json = Record<string, any>;

/** Questions reading from different relatives (so some useful gods are hidden spirits), and one naming no matter. */
const QUESTIONS = ["这次面试能通过吗？", "今年财运如何", "考试能过吗？", "我妈的病能好吗？", "孩子什么时候能怀上？", "帮我算一卦"];
const DAYS = ["2000-01-01T12:00:00+08:00", "2025-06-15T18:00:00+08:00", "2026-03-10T09:30:00+08:00"];

/** Every pattern of six line values 6/7/8/9, as the route stores the cast (src/liuyao/routes.ts), read back as JSON. */
const records: Json[] = Array.from({ length: 4096 }, (_, n) => {
  const lines = [0, 1, 2, 3, 4, 5].map((i) => (6 + ((n >> (2 * i)) & 3)) as LineValue);
  const reading = castReading({ lines, castAt: new Date(DAYS[n % 3]!), question: QUESTIONS[n % QUESTIONS.length]!, method: "manual_lines" });
  return JSON.parse(JSON.stringify({ id: "lyc_test", object: "liuyao.cast", created_at: "2025-06-15T10:00:00.000Z", end_user_id: null, metadata: null, ...reading }));
});

describe("every element field of a cast has its English pair", () => {
  test("all 4096 line patterns: each pair agrees with the table; these are all the element fields there are", () => {
    expect(pairedElementPaths(records, LIUYAO, (r) => r.lines)).toEqual(
      [
        "$.primary.palace_element",
        "$.primary.lines[].element",
        "$.primary.hidden[].element",
        "$.changed.palace_element",
        "$.changed.lines[].element",
        "$.changed.transforms[].from_element",
        "$.changed.transforms[].to_element",
        "$.useful_god.hidden.element",
      ].sort(),
    );
  });

  test("the pairs are the English names of the table's five", () => {
    const english = new Set(records.flatMap((r) => r.primary.lines.map((l: Json) => l.element_en)));
    expect([...english].sort()).toEqual(Object.values(EN_OF).sort());
  });
});

describe("the record schema", () => {
  test("every new cast matches it", () => {
    for (const record of records) expect(Value.Check(CastRecord, record)).toBe(true);
  });

  test("a cast stored before the pairs existed still matches it", () => {
    for (const record of records) {
      const old = withoutPairs(record, LIUYAO);
      expect(JSON.stringify(old)).not.toContain("_en\"");
      expect(Value.Check(CastRecord, old)).toBe(true);
    }
  });

  test("a pair holds the English name: a Chinese one there, or an unknown field, does not match", () => {
    const record = records.find((r) => r.changed !== null)!;
    const wrong = structuredClone(record);
    wrong.changed.transforms[0].to_element_en = wrong.changed.transforms[0].to_element;
    expect(Value.Check(CastRecord, wrong)).toBe(false);
    const unknown = structuredClone(record);
    unknown.primary.lines[0].element_english = EN_OF[unknown.primary.lines[0].element];
    expect(Value.Check(CastRecord, unknown)).toBe(false);
  });
});
