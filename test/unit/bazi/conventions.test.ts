/**
 * The conventions every chart carries (src/bazi/conventions.ts) are what an integrator reads to know
 * which school a chart follows: each statement is checked against what it names — the library and
 * the range the engine supports, the warnings, the stars and tables the engine uses.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ChartWarning } from "../../../src/bazi/chart-schema.ts";
import { CONVENTIONS } from "../../../src/bazi/conventions.ts";
import { SHEN_SHA_NAMES } from "../../../src/bazi/shen-sha.ts";
import { ELEMENT_ZH, ELEMENTS } from "../../../src/bazi/tables.ts";
import { validateBirth } from "../../../src/bazi/validate-birth.ts";
import { chartOf } from "./chart-helpers.ts";

const WARNING_CODES = ChartWarning.anyOf.map((w) => w.properties.code.const as string);
const all = Object.values(CONVENTIONS).join(" ");

describe("the conventions state what the engine does", () => {
  test("every topic has its statement, a sentence", () => {
    for (const [topic, text] of Object.entries(CONVENTIONS)) expect([topic, text.length > 20]).toEqual([topic, true]);
  });

  test("the ephemeris names the installed lunar-typescript and the range a birth is accepted in", () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dir, "../../../node_modules/lunar-typescript/package.json"), "utf8"));
    expect(CONVENTIONS.ephemeris).toContain(`lunar-typescript ${version}`);
    const [, from, to] = CONVENTIONS.ephemeris.match(/Supported: (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/)!;
    const accepted = (date: string) => {
      const [year, month, day] = date.split("-").map(Number);
      return validateBirth({ year, month, day, hour: 12, gender: "女" }).ok;
    };
    expect([accepted(from!), accepted(to!), accepted("1899-12-31"), accepted("2101-01-01")]).toEqual([true, true, false, false]);
  });

  test("each warning code named is one a chart can carry", () => {
    const named = [...all.matchAll(/\b[A-Z][A-Z_]{6,}\b/g)].map(([code]) => code);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const code of named) expect(WARNING_CODES).toContain(code);
  });

  test("every star the engine marks is named in shen_sha", () => {
    for (const star of SHEN_SHA_NAMES) expect(CONVENTIONS.shen_sha).toContain(star);
  });

  test("the elements are listed in the order the engine uses, in English and Chinese", () => {
    expect(CONVENTIONS.elements).toContain(ELEMENTS.join(", "));
    expect(CONVENTIONS.elements).toContain(ELEMENTS.map((e) => ELEMENT_ZH[e]).join(", "));
  });

  test("the day pillar's label for its own stem is the one a chart gives it", () => {
    const c = chartOf({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
    expect(CONVENTIONS.ten_gods).toContain(`labelled ${c.pillars.day.ten_god}`);
  });

  test("the pillars' rules name the boundaries and the stem rules the chart follows", () => {
    expect(CONVENTIONS.year_pillar).toContain("立春");
    expect(CONVENTIONS.month_pillar).toContain("五虎遁");
    expect(CONVENTIONS.day_pillar).toContain("23:00");
    expect(CONVENTIONS.hour_pillar).toContain("五鼠遁");
    expect(CONVENTIONS.luck).toContain("3 days = 1 year");
    expect(CONVENTIONS.palaces).toContain("胎元");
    expect(CONVENTIONS.relations).toContain("自刑 辰午酉亥");
    expect(CONVENTIONS.xun_void).toContain("空亡");
    expect(CONVENTIONS.growth_stage).toContain("十二长生");
  });
});
