/** The chart's documented schemas against the shared contract (test/helpers/schema-contract.ts). */
import { expect, test } from "bun:test";
import { type BirthInput, computeChart, luckWithYears, validateBirth } from "../../../src/bazi/index.ts";
import {
  BirthPayload,
  ChartPayload,
  ChartPlaceSchema,
  ChartReadQuery,
  ChartRecord,
  FiveElementsSection,
  GradedStrength,
  LuckPillarSchema,
  LuckSection,
  Relation,
  ShenShaEntry,
  TrueSolarTimeSchema,
  YearPillarSchema,
} from "../../../src/bazi/model.ts";
import { describeSchemaContract, type SchemaSample } from "../../helpers/schema-contract.ts";

/** The record as the route stores it (src/bazi/routes.ts): the record fields, then the engine's chart, read back as JSON. */
const record = (birth: BirthInput, fields: { end_user_id?: string; metadata?: Record<string, string> } = {}) => {
  const checked = validateBirth(birth);
  if (!checked.ok) throw new Error(`input rejected: ${JSON.stringify(checked.details)}`);
  return JSON.parse(
    JSON.stringify({
      id: "bzc_01JZ0000000000000000000000",
      object: "bazi.chart",
      created_at: "2000-01-01T04:00:00.000Z",
      end_user_id: fields.end_user_id ?? null,
      metadata: fields.metadata ?? null,
      ...computeChart(checked.birth),
    }),
  );
};
/** The record as GET ?include=luck.years answers it: the luck section with its years. */
const withYears = (chart: ReturnType<typeof record>) => ({ ...chart, luck: luckWithYears(chart) });

const plain = record({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
const summer = record({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" }, { end_user_id: "u-42", metadata: { plan: "gold" } });
const approximate = record({ year: 1949, month: 10, day: 1, hour: 0, minute: 30, gender: "女", time_confidence: "approximate" });
const newYork = record({ year: 1990, month: 7, day: 1, hour: 8, gender: "女", birthplace: "New York" });
const urumqiSolar = record({ year: 1992, month: 7, day: 15, hour: 0, minute: 30, gender: "男", birthplace: "乌鲁木齐", time_basis: "true_solar" });

const charts: [string, unknown][] = [
  ["a male birth with no birthplace", plain],
  ["a female birth in China's summer time, with end_user_id and metadata", summer],
  ["an approximate time (hour alternatives)", approximate],
  ["a 子-hour birth beside 立春 (ZI_HOUR_DAY_BOUNDARY, NEAR_SOLAR_TERM)", record({ year: 1984, month: 2, day: 4, hour: 23, minute: 30, gender: "男" })],
  ["a birthplace abroad on summer time (DAYLIGHT_SAVING_TIME_APPLIED)", newYork],
  ["a time shown twice abroad (DAYLIGHT_SAVING_TIME_REPEATED)", record({ year: 1990, month: 10, day: 28, hour: 1, minute: 30, gender: "女", birthplace: "New York, NY" })],
  ["a Chinese birthplace (civil time, TRUE_SOLAR_TIME_CHANGES_PILLARS)", record({ year: 1992, month: 7, day: 15, hour: 0, minute: 30, gender: "男", birthplace: "乌鲁木齐" })],
  ["a Chinese birthplace read by true solar time", urumqiSolar],
  ["an unrecognised birthplace", record({ year: 1990, month: 5, day: 17, hour: 8, gender: "女", birthplace: "火星" })],
  ["a skipped summer-time hour (standard_time null)", record({ year: 1986, month: 5, day: 4, hour: 2, minute: 30, gender: "男" })],
  ["a lunar birth in a leap month", record({ year: 2023, month: 2, day: 29, hour: 6, gender: "女", calendar_type: "lunar", is_leap_month: true })],
  ["a lunar birth in a disputed month", record({ year: 1903, month: 12, day: 1, hour: 10, gender: "女", calendar_type: "lunar" })],
  ["a lunar birth in a disputed month, no alternative day", record({ year: 1903, month: 12, day: 30, hour: 10, gender: "男", calendar_type: "lunar" })],
  ["a chart read with include=luck.years", withYears(plain)],
  ["a chart abroad read with include=luck.years", withYears(newYork)],
];

const samples: SchemaSample[] = [
  ...charts.map(([name, value]) => ({ name: `chart: ${name}`, schema: ChartRecord, value })),
  { name: "its five-element section", schema: FiveElementsSection, value: summer.five_elements },
  { name: "its graded strength", schema: GradedStrength, value: summer.five_elements.strength },
  { name: "its luck section with years", schema: LuckSection, value: withYears(summer).luck },
  { name: "a luck pillar with years", schema: LuckPillarSchema, value: withYears(summer).luck.pillars[0] },
  { name: "an annual pillar", schema: YearPillarSchema, value: withYears(summer).luck.pillars[3].years[0] },
  { name: "a relation", schema: Relation, value: summer.relations[0] },
  { name: "a 神煞", schema: ShenShaEntry, value: summer.shen_sha[0] },
  { name: "a place", schema: ChartPlaceSchema, value: urumqiSolar.place },
  { name: "a true solar time", schema: TrueSolarTimeSchema, value: urumqiSolar.true_solar_time },
  {
    name: "a chart request",
    schema: ChartPayload,
    value: {
      birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 30, gender: "女", calendar_type: "solar", is_leap_month: false, birthplace: "杭州", time_confidence: "approximate", time_basis: "true_solar" },
      end_user_id: "u-42",
      metadata: { plan: "gold" },
    },
  },
  { name: "a minimal chart request", schema: ChartPayload, value: { birth: { year: 1949, month: 8, day: 10, hour: 15, gender: "男", calendar_type: "lunar" } } },
  { name: "a birth", schema: BirthPayload, value: { year: 2023, month: 2, day: 29, hour: 6, gender: "女", calendar_type: "lunar", is_leap_month: true } },
  { name: "a read query", schema: ChartReadQuery, value: { include: ["luck.years"] } },
];

describeSchemaContract(
  "BaZi",
  { ChartPayload, ChartRecord, ChartReadQuery, BirthPayload, ShenShaEntry, Relation, YearPillarSchema, LuckPillarSchema, LuckSection, GradedStrength, FiveElementsSection, ChartPlaceSchema, TrueSolarTimeSchema },
  samples,
  ["BaziBirth", "BaziChart", "BaziConventions", "BaziLunar", "BaziPalace", "BaziPillars", "BaziSolar", "ChartWarning", "DayMaster", "HiddenStem", "Pillar"],
);

test("the request's documented defaults are what validation fills in for an absent field", () => {
  const v = validateBirth({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" });
  if (!v.ok) throw new Error("refused");
  const defaults = Object.entries(BirthPayload.properties).flatMap(([key, property]) => ("default" in property ? [[key, property.default]] : []));
  expect(defaults.map(([key]) => key).sort()).toEqual(["calendar_type", "is_leap_month", "minute", "time_basis", "time_confidence"]);
  for (const [key, value] of defaults) expect([key, (v.birth as unknown as Record<string, unknown>)[key as string]]).toEqual([key, value]);
});

test("the examples the reference shows are the engine's own answers for the births their comments name", async () => {
  const { BaziSolar, DayMaster, Pillar } = await import("../../../src/bazi/chart-schema.ts");
  const { chartOf } = await import("./chart-helpers.ts");
  const only = (schema: { examples?: unknown[] }) => schema.examples?.[0];
  // 1949-10-01 15:00: 己丑 year (己 against a 甲 day master: 正财), 甲 day master, 白露 opened the month.
  const founding = chartOf({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
  expect(only(BaziSolar)).toEqual(founding.solar);
  expect(only(Pillar)).toEqual(founding.pillars.year);
  expect(only(DayMaster)).toEqual(founding.day_master);
  // The luck of 1922-06-25 17:16, male.
  expect(only(LuckSection)).toEqual(chartOf({ year: 1922, month: 6, day: 25, hour: 17, minute: 16, gender: "男" }).luck);
  // 杭州, 1990-11-03 08:00.
  const hangzhou = chartOf({ year: 1990, month: 11, day: 3, hour: 8, gender: "女", birthplace: "杭州" });
  expect(only(ChartPlaceSchema)).toEqual(hangzhou.place);
  expect(only(TrueSolarTimeSchema)).toEqual(hangzhou.true_solar_time);
});

test("a 干支 field takes a stem then a branch and nothing else", async () => {
  const { Pillar } = await import("../../../src/bazi/chart-schema.ts");
  const { ganzhiName } = await import("../../../src/bazi/relations.ts");
  const { Value } = await import("@sinclair/typebox/value");
  for (const field of [Pillar.properties.ganzhi, LuckPillarSchema.properties.ganzhi, YearPillarSchema.properties.ganzhi]) {
    expect(Array.from({ length: 60 }, (_, i) => ganzhiName(i)).filter((name) => !Value.Check(field, name))).toEqual([]);
    expect(["甲S", "Sr", "子甲", "甲子子", "", "甲"].filter((text) => Value.Check(field, text))).toEqual([]);
  }
});

test("an interaction's name follows its grammar: the stems or branches met, then what they do", async () => {
  const { Value } = await import("@sinclair/typebox/value");
  const name = Relation.properties.name;
  const real = ["子午冲", "甲己合土", "申子辰三合水局", "子辰半合水局", "寅卯辰三会木方", "寅巳相刑", "午午自刑", "丑午害", "子酉破", "子丑合土"];
  expect(real.filter((text) => !Value.Check(name, text))).toEqual([]);
  const junk = ["Sr冲", "子午", "子午冲冲", "子午合S", "子辰半合S局", "申子辰三合S局", "寅卯辰三会S方", "子辰半合水方", "子"];
  expect(junk.filter((text) => Value.Check(name, text))).toEqual([]);
});

test("the strength hint is one of its two names or null; a place's province is a name or null, never empty", async () => {
  const { Value } = await import("@sinclair/typebox/value");
  expect(["从弱", "专旺", null].map((hint) => Value.Check(GradedStrength.properties.hint, hint))).toEqual([true, true, true]);
  expect(["", "从旺"].map((hint) => Value.Check(GradedStrength.properties.hint, hint))).toEqual([false, false]);
  expect(["浙江省", null, ""].map((province) => Value.Check(ChartPlaceSchema.properties.province, province))).toEqual([true, true, false]);
});
