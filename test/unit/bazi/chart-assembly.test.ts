/**
 * How computeChart puts a chart together: what it refuses, the neighbouring hours of an approximate
 * time, the lunar month-start dispute for a lunar-date birth, the true-solar-time comparison and the
 * day master's polarity. Expected values are worked by hand from the conventions (day changes at
 * 00:00; 23:00–23:59 is the 子 hour with the next day's stem; 五鼠遁 甲己还加甲, 乙庚丙作初, 戊癸何方发
 * 壬子是真途), from published calendar facts, or read from lunar-typescript and astronomy-engine.
 * Day anchors: 1949-10-01 is 甲子 (chart.test.ts), so 09-30 is 癸亥 and 10-02 乙丑.
 */
import { describe, expect, test } from "bun:test";
import { MakeTime, SearchMoonPhase } from "astronomy-engine";
import { LunarMonth, Solar } from "lunar-typescript";
import type { NormalizedBirth } from "../../../src/bazi/birth.ts";
import { computeChart } from "../../../src/bazi/chart.ts";
import { chartOf as chart, warningOf } from "./chart-helpers.ts";

/** A birth as validateBirth would normalise it, but never validated (what computeChart must refuse). */
const unvalidated = (fields: Partial<NormalizedBirth>): NormalizedBirth => ({
  year: 2000, month: 1, day: 1, hour: 12, minute: 0, gender: "男", calendar_type: "solar", is_leap_month: false, time_confidence: "exact", time_basis: "civil", ...fields,
});

/** lunar-typescript's four pillars at a civil (UTC+08:00) time. */
function library(y: number, m: number, d: number, h: number, min: number) {
  const e = Solar.fromYmdHms(y, m, d, h, min, 0).getLunar().getEightChar();
  return { year: e.getYear(), month: e.getMonth(), day: e.getDay(), hour: e.getTime() };
}

describe("computeChart refuses a birth validateBirth would reject, saying why", () => {
  test("a lunar date that does not exist (2024 has no leap month): named, with the way out", () => {
    // Published calendars: lunar 2024 has no leap month (2023 had 闰二月).
    expect(() => computeChart(unvalidated({ year: 2024, month: 2, day: 1, calendar_type: "lunar", is_leap_month: true }))).toThrow(
      /^invalid lunar date 2024-2-1 \(use validateBirth first\)$/,
    );
  });

  test("a solar date outside 1900-01-01 … 2100-12-31, on either side (lunar input's later end is not solar input's)", () => {
    const outside = /^birth outside 1900-01-01\.\.2100-12-31/;
    expect(() => computeChart(unvalidated({ year: 1899, month: 12, day: 31 }))).toThrow(outside);
    // 2101-01-01 is before lunar input's last day (2101-01-28, lunar 2100-12-29) but after solar input's.
    expect(() => computeChart(unvalidated({ year: 2101, month: 1, day: 1 }))).toThrow(outside);
  });

  test("a clock validateBirth refuses (true solar time without a birthplace): a RangeError naming the field", () => {
    const call = () => computeChart(unvalidated({ time_basis: "true_solar" }));
    expect(call).toThrow(RangeError);
    expect(call).toThrow(/^birth\.time_basis: .*needs a birthplace.*\(use validateBirth first\)$/);
  });
});

describe("approximate time: the neighbouring periods are read two hours before and after, across midnight", () => {
  const alternatives = (hour: number) => {
    const c = chart({ year: 1949, month: 10, day: 1, hour, minute: 30, gender: "男", time_confidence: "approximate" });
    return c.pillars.hour.alternatives!.map((a) => ({ time_range: a.time_range, ganzhi: a.ganzhi, day_pillar: a.day_pillar }));
  };

  test("02:30 (丑): two hours before is 00:30, the same 甲子 day's 子 hour 甲子 (甲己还加甲)", () => {
    expect(alternatives(2)[0]).toEqual({ time_range: "23:00–00:59", ganzhi: "甲子", day_pillar: "甲子" });
  });

  test("21:30 (亥): two hours after is 23:30, still the 甲子 day, 子 hour with the next day's (乙) stem: 丙子", () => {
    expect(alternatives(21)[1]).toEqual({ time_range: "23:00–00:59", ganzhi: "丙子", day_pillar: "甲子" });
  });

  test("22:30 (亥): two hours after is 00:30 on 10-02, the 乙丑 day, 子 hour 丙子 (乙庚丙作初)", () => {
    expect(alternatives(22)[1]).toEqual({ time_range: "23:00–00:59", ganzhi: "丙子", day_pillar: "乙丑" });
  });

  test("the warning names both neighbours: 15:00 on a 甲 day is 壬申, could be 辛未 or 癸酉", () => {
    const c = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男", time_confidence: "approximate" });
    expect(warningOf(c, "APPROXIMATE_BIRTH_TIME")!.message).toContain("the hour pillar 壬申 could also be 辛未 or 癸酉");
  });
});

describe("a lunar-date birth in a month whose first day is disputed", () => {
  // 1916 正月 starts 1916-02-03 and has 30 days (二月初一 = 1916-03-04): lunar-typescript, as in printed
  // almanacs. Its new moon fell at 1916-02-04 00:05 UTC+08:00 (astronomy-engine; the golden file's
  // `utc8` computation starts the month on 02-04), so the other computation's 正月 has 29 days.
  const birth = (day: number) => chart({ year: 1916, month: 1, day, hour: 12, gender: "男", calendar_type: "lunar" });

  test("the month and the new moon as the other sources give them", () => {
    const m = LunarMonth.fromYm(1916, 1)!;
    expect([Solar.fromJulianDay(m.getFirstJulianDay()).toYmd(), m.getDayCount()]).toEqual(["1916-02-03", 30]);
    const moon = SearchMoonPhase(0, MakeTime(new Date(Date.UTC(1916, 1, 1))), 10)!.date.getTime();
    expect(new Date(moon + 8 * 3600_000).toISOString().slice(0, 16)).toBe("1916-02-04T00:05");
  });

  test("day 29 is the other month's last day: 1916-02-04 + 28 = 1916-03-03, with that day's pillars", () => {
    const w = warningOf(birth(29), "LUNAR_MONTH_START_DISPUTED")!;
    expect(w.alternative).toEqual({ solar_date: "1916-03-03", pillars: library(1916, 3, 3, 12, 0) });
    expect(w.message).toMatch(/^lunar 1916 month 1 starts on 1916-02-03 here .* start it on 1916-02-04, making this birth 1916-03-03 /);
  });

  test("day 30 does not exist in the other month: no alternative", () => {
    const c = birth(30);
    expect(c.solar.date).toBe("1916-03-03"); // 02-03 + 29
    const w = warningOf(c, "LUNAR_MONTH_START_DISPUTED")!;
    expect(w.alternative).toBeNull();
    expect(w.message).toEndWith("start it on 1916-02-04, where this lunar day would not exist.");
  });

  test("a leap month says so: lunar 1925 闰四月 (new moon 1925-05-22 23:48 UTC+08:00, 12 min before midnight)", () => {
    const m = LunarMonth.fromYm(1925, -4)!;
    expect(Solar.fromJulianDay(m.getFirstJulianDay()).toYmd()).toBe("1925-05-22");
    const moon = SearchMoonPhase(0, MakeTime(new Date(Date.UTC(1925, 4, 20))), 10)!.date.getTime();
    expect(new Date(moon + 8 * 3600_000).toISOString().slice(0, 16)).toBe("1925-05-22T23:48");
    const c = chart({ year: 1925, month: 4, day: 1, hour: 12, gender: "女", calendar_type: "lunar", is_leap_month: true });
    expect(warningOf(c, "LUNAR_MONTH_START_DISPUTED")!.message).toStartWith("lunar 1925 leap month 4 starts on 1925-05-22 here");
  });
});

describe("true solar time warns exactly when it changes the day or the hour pillar", () => {
  // True solar time = Beijing time + 4 min per degree east of 120°E + the equation of time (−14…+16 min).
  const pillarsWarning = (birth: Record<string, unknown>) => warningOf(chart({ gender: "男", ...birth }), "TRUE_SOLAR_TIME_CHANGES_PILLARS");

  test("Beijing (116.4°E) 2000-06-15 12:30 is about 12:16 true solar time: the same day and 午 hour, no warning", () => {
    const c = chart({ year: 2000, month: 6, day: 15, hour: 12, minute: 30, gender: "男", birthplace: "北京" });
    expect(c.true_solar_time!.time.slice(0, 13)).toBe("2000-06-15 12");
    expect(warningOf(c, "TRUE_SOLAR_TIME_CHANGES_PILLARS")).toBeUndefined();
  });

  test("Ürümqi (87.6°E) 1992-07-15 09:30 is about 07:15 true solar time: the hour alone changes (巳 → 辰)", () => {
    const w = pillarsWarning({ year: 1992, month: 7, day: 15, hour: 9, minute: 30, birthplace: "乌鲁木齐" });
    const lib = library(1992, 7, 15, 7, 15);
    expect(w).toMatchObject({ other_basis: "true_solar", day: lib.day, hour: lib.hour });
    expect(lib.hour.endsWith("辰")).toBe(true);
  });

  test("Chengdu (104.1°E) 2000-06-15 00:30 is about 23:27 on the 14th: the day alone changes (the 子 hour takes the 15th's stem either way)", () => {
    const w = pillarsWarning({ year: 2000, month: 6, day: 15, hour: 0, minute: 30, birthplace: "成都" });
    const civil = library(2000, 6, 15, 0, 30);
    const solar = library(2000, 6, 14, 23, 27);
    expect(solar.hour).toBe(civil.hour);
    expect(w).toMatchObject({ other_basis: "true_solar", day: solar.day, hour: civil.hour });
    expect(w!.day).not.toBe(civil.day);
  });
});

describe("day master polarity follows the stem (甲丙戊庚壬 yang, 乙丁己辛癸 yin)", () => {
  test("1949-10-02 (乙丑 day): 乙, yin; 1990-05-17 (壬午 day, chart.test.ts): 壬, yang", () => {
    expect(chart({ year: 1949, month: 10, day: 2, hour: 12, gender: "男" }).day_master).toMatchObject({ stem: "乙", yin_yang: "yin" });
    expect(chart({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" }).day_master).toMatchObject({ stem: "壬", yin_yang: "yang" });
  });
});
