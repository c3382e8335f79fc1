/**
 * Element names in both forms: the one English ↔ Chinese table (src/bazi/tables.ts), shared with
 * LiuYao, and on every element-valued field of many charts its `_zh` pair, agreeing with the
 * five-entry table written out in element-pairs.ts. A chart stored before the pairs existed still
 * matches the record schema and still gets its annual pillars.
 */
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import "../../../src/platform/validation.ts"; // registers the date-time format the record schema uses
import { type ChartForYears, luckWithYears } from "../../../src/bazi/index.ts";
import { ChartRecord } from "../../../src/bazi/model.ts";
import { ELEMENT_EN, ELEMENT_ZH, ELEMENTS, ELEMENTS_ZH } from "../../../src/bazi/tables.ts";
import { ELEMENTS as LIUYAO_ELEMENTS, ELEMENT_EN as LIUYAO_ELEMENT_EN } from "../../../src/liuyao/ganzhi.ts";
import { chartOf } from "./chart-helpers.ts";
import { BAZI, elementPairs, EN_OF, pairedElementPaths, withoutPairs, ZH_OF } from "./element-pairs.ts";

type Json = Record<string, any>;

describe("the one table", () => {
  test("English → Chinese is the five-entry table, and Chinese → English reads it backwards", () => {
    expect<Readonly<Record<string, string>>>(ELEMENT_ZH).toEqual(ZH_OF);
    expect<Readonly<Record<string, string>>>(ELEMENT_EN).toEqual(EN_OF);
  });
  test("the Chinese names follow the English ones index for index (the generating order)", () => {
    expect(ELEMENTS_ZH.map((zh) => EN_OF[zh])).toEqual([...ELEMENTS]);
  });
  test("LiuYao's element vocabulary and its English names are that table, not a copy", () => {
    expect(LIUYAO_ELEMENTS).toBe(ELEMENTS_ZH);
    expect(LIUYAO_ELEMENT_EN).toBe(ELEMENT_EN);
  });
});

/** A deterministic spread of births over 1900–2100: both genders, exact and approximate times, solar and lunar input. */
function births(count: number): Json[] {
  let seed = 20240611;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  return Array.from({ length: count }, (_, i) => ({
    year: 1900 + next(200),
    month: 1 + next(12),
    day: 1 + next(28),
    hour: next(24),
    minute: next(60),
    gender: i % 2 ? "男" : "女",
    time_confidence: i % 3 === 0 ? "approximate" : "exact",
    calendar_type: i % 7 === 0 ? "lunar" : "solar",
  }));
}

/** A chart as the route stores it (src/bazi/routes.ts), read back as JSON. */
const recordOf = (birth: Json): Json =>
  JSON.parse(JSON.stringify({ id: "bzc_test", object: "bazi.chart", created_at: "2026-01-02T03:04:05.000Z", end_user_id: null, metadata: null, ...chartOf(birth) }));
const withYears = (record: Json): Json => ({ ...record, luck: luckWithYears(record as ChartForYears) });

const records = births(300).map(recordOf);

const PILLAR_FIELDS = (p: string) => [`$.pillars.${p}.stem_element`, `$.pillars.${p}.branch_element`, `$.pillars.${p}.hidden_stems[].element`];
const STORED_PATHS = [
  ...["year", "month", "day", "hour"].flatMap(PILLAR_FIELDS),
  "$.pillars.hour.alternatives[].stem_element",
  "$.pillars.hour.alternatives[].branch_element",
  "$.day_master.element",
  "$.five_elements.favorable_elements",
  "$.five_elements.unfavorable_elements",
  "$.relations[].element",
];
const DERIVED_PATHS = ["$.luck.pillars[].years[].relations[].element", "$.luck.xiao_yun[].relations[].element"];

describe("every element field of a chart has its Chinese pair", () => {
  test("300 stored charts: each pair agrees with the table; these are all the element fields there are", () => {
    expect(pairedElementPaths(records, BAZI, (r) => r.birth)).toEqual([...STORED_PATHS].sort());
  });

  test("the annual pillars derived on read (include=luck.years) pair their relations' elements too", () => {
    expect(pairedElementPaths(records.slice(0, 60).map(withYears), BAZI, (r) => r.birth)).toEqual([...STORED_PATHS, ...DERIVED_PATHS].sort());
  });

  test("favourable and unfavourable elements keep their order in Chinese", () => {
    for (const { five_elements: f } of records) {
      expect(f.favorable_elements_zh).toEqual(f.favorable_elements.map((e: string) => ZH_OF[e]));
      expect(f.unfavorable_elements_zh).toEqual(f.unfavorable_elements.map((e: string) => ZH_OF[e]));
    }
  });

  test("objects keyed by element stay keyed by the English names, with no Chinese copy", () => {
    for (const { five_elements: f } of records) {
      expect(Object.keys(f.counts)).toEqual(Object.keys(ZH_OF));
      expect(Object.keys(f.seasonal_state)).toEqual(Object.keys(ZH_OF));
      expect(Object.keys(f).filter((k) => k.startsWith("counts") || k.startsWith("seasonal_state"))).toEqual(["counts", "seasonal_state"]);
    }
  });
});

describe("the record schema", () => {
  test("every new chart matches it, and so does its read with the annual pillars", () => {
    for (const record of records) expect(Value.Check(ChartRecord, record)).toBe(true);
    for (const record of records.slice(0, 60)) expect(Value.Check(ChartRecord, withYears(record))).toBe(true);
  });

  test("a chart stored before the pairs existed still matches it, and its annual pillars are derived as for a new one", () => {
    for (const record of records.slice(0, 100)) {
      const old = withoutPairs(record, BAZI);
      expect(JSON.stringify(old)).not.toContain('_zh"');
      expect(Value.Check(ChartRecord, old)).toBe(true);
      const read = withYears(old);
      expect(Value.Check(ChartRecord, read)).toBe(true);
      // The derived years are the same as a new chart's; the stored part stays as stored.
      expect(read.luck).toEqual(withYears(record).luck);
      expect(elementPairs(read.luck, BAZI).problems).toEqual([]);
    }
  });

  test("a pair holds the Chinese name: an English one there, or an unknown field, does not match", () => {
    const record = records[0]!;
    const wrong = structuredClone(record);
    wrong.day_master.element_zh = wrong.day_master.element;
    expect(Value.Check(ChartRecord, wrong)).toBe(false);
    const unknown = structuredClone(record);
    unknown.day_master.element_cn = ZH_OF[unknown.day_master.element];
    expect(Value.Check(ChartRecord, unknown)).toBe(false);
  });
});
