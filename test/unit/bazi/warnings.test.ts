/**
 * Warnings and approximate-time alternatives, worked by hand. 白露 1949 = 1949-09-08 07:54:12 and
 * 立春 1984 = 1984-02-04 23:18:45 (golden file meta; our ephemeris may differ by a second or two).
 * Month pillars around 白露 in a 己 year by 五虎遁: 寅丙 … 申壬 (before), 酉癸 (after).
 * The two-hour boundary needs a 节 on a whole minute: 立春 1990 is 10:14:00 by lunar-typescript (the
 * source of our term table; 10:14:01 in the golden file) and 惊蛰 2026 is 21:59:00 (21:58:58 in the
 * golden file); each boundary case below has the same answer under both.
 */
import { describe, expect, test } from "bun:test";
import { Lunar } from "lunar-typescript";
import type { ChartBody } from "../../../src/bazi/chart.ts";
import type { ChartWarning } from "../../../src/bazi/warnings.ts";
import { chartOf as chart, warningOf } from "./chart-helpers.ts";

const codes = (c: ChartBody) => c.warnings.map((w) => w.code);
const find = <C extends ChartWarning["code"]>(c: ChartBody, code: C) => warningOf(c, code)!;

describe("NEAR_SOLAR_TERM", () => {
  test("08:00, 5 min 48 s after 白露: month 癸酉, other side 壬申, same year", () => {
    const c = chart({ year: 1949, month: 9, day: 8, hour: 8, gender: "男" });
    expect(c.pillars.month.ganzhi).toBe("癸酉");
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w).toMatchObject({ term: "白露", other_side: { year: "己丑", month: "壬申" } });
    expect(w.term_time).toMatch(/^1949-09-08 07:54:\d\d$/);
    expect(Math.abs(w.seconds_from_term - 348)).toBeLessThan(10);
    expect(w.message).toContain("after 白露");
  });

  test("06:00, 1 h 54 min before 白露: month 壬申, other side 癸酉", () => {
    const c = chart({ year: 1949, month: 9, day: 8, hour: 6, gender: "男" });
    expect(c.pillars.month.ganzhi).toBe("壬申");
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w.other_side).toEqual({ year: "己丑", month: "癸酉" });
    expect(w.seconds_from_term).toBeLessThan(0);
  });

  test("more than two hours away: no warning (05:50 and 10:00)", () => {
    expect(codes(chart({ year: 1949, month: 9, day: 8, hour: 5, minute: 50, gender: "男" }))).toEqual([]);
    expect(codes(chart({ year: 1949, month: 9, day: 8, hour: 10, gender: "男" }))).toEqual([]);
  });

  test("at 立春 both year and month change: 1984-02-04 22:00 is 癸亥 乙丑, other side 甲子 丙寅", () => {
    const c = chart({ year: 1984, month: 2, day: 4, hour: 22, gender: "女" });
    expect([c.pillars.year.ganzhi, c.pillars.month.ganzhi]).toEqual(["癸亥", "乙丑"]);
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w.other_side).toEqual({ year: "甲子", month: "丙寅" });
    expect(w.message).toContain("year pillar would be 甲子");
  });
});

describe("NEAR_SOLAR_TERM at the boundaries: within two hours inclusive, and at the term's own minute", () => {
  /** lunar-typescript's instant of 节 `name` in year `y`, "YYYY-MM-DD HH:MM:SS" UTC+08:00. */
  const libraryTerm = (y: number, name: string) => Lunar.fromYmd(y, 6, 1).getJieQiTable()[name]!.toYmdHms();

  test("1990-02-04 12:14 is two hours after 立春 (10:14:00): warned, 120 min 0 s after, other side 己巳 丁丑; 12:15 is not", () => {
    expect(libraryTerm(1990, "立春")).toBe("1990-02-04 10:14:00");
    const c = chart({ year: 1990, month: 2, day: 4, hour: 12, minute: 14, gender: "男" });
    expect([c.pillars.year.ganzhi, c.pillars.month.ganzhi]).toEqual(["庚午", "戊寅"]);
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w).toMatchObject({ term: "立春", term_time: "1990-02-04 10:14:00", seconds_from_term: 7200, other_side: { year: "己巳", month: "丁丑" } });
    expect(w.message).toContain("120 min 0 s after 立春");
    expect(codes(chart({ year: 1990, month: 2, day: 4, hour: 12, minute: 15, gender: "男" }))).toEqual([]);
  });

  test("2026-03-05 19:59 is two hours before 惊蛰 (21:59:00): warned, 120 min 0 s before, month 庚寅, other side 辛卯; 19:58 is not", () => {
    expect(libraryTerm(2026, "惊蛰")).toBe("2026-03-05 21:59:00");
    const c = chart({ year: 2026, month: 3, day: 5, hour: 19, minute: 59, gender: "男" });
    expect(c.pillars.month.ganzhi).toBe("庚寅");
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w).toMatchObject({ term: "惊蛰", seconds_from_term: -7200, other_side: { year: "丙午", month: "辛卯" } });
    expect(w.message).toContain("120 min 0 s before 惊蛰");
    expect(codes(chart({ year: 2026, month: 3, day: 5, hour: 19, minute: 58, gender: "男" }))).toEqual([]);
  });

  test("born at the 节's instant (2026-03-05 21:59) is after it: month 辛卯, 0 min 0 s after 惊蛰, other side 庚寅", () => {
    const c = chart({ year: 2026, month: 3, day: 5, hour: 21, minute: 59, gender: "男" });
    expect(c.pillars.month.ganzhi).toBe("辛卯");
    const w = find(c, "NEAR_SOLAR_TERM");
    expect(w).toMatchObject({ term: "惊蛰", seconds_from_term: 0, other_side: { year: "丙午", month: "庚寅" } });
    expect(w.message).toContain("0 min 0 s after 惊蛰");
  });
});

describe("ZI_HOUR_DAY_BOUNDARY", () => {
  test("23:30 keeps the day (戊辰) and gives the 23:00 school's day (己巳); hour stem from the next day (甲子)", () => {
    const c = chart({ year: 1984, month: 2, day: 4, hour: 23, minute: 30, gender: "男" });
    expect([c.pillars.day.ganzhi, c.pillars.hour.ganzhi]).toEqual(["戊辰", "甲子"]);
    expect(find(c, "ZI_HOUR_DAY_BOUNDARY").sect1_day_pillar).toBe("己巳");
  });

  test("00:30 is the same day under both schools: no warning", () => {
    expect(codes(chart({ year: 1984, month: 2, day: 5, hour: 0, minute: 30, gender: "男" }))).not.toContain("ZI_HOUR_DAY_BOUNDARY");
  });
});

describe("approximate birth time", () => {
  test("15:00 on a 甲 day: 申 hour 壬申, neighbours 辛未 (13–15) and 癸酉 (17–19), same day", () => {
    const c = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男", time_confidence: "approximate" });
    expect(c.pillars.hour.uncertain).toBe(true);
    expect(c.pillars.hour.alternatives).toEqual([
      { time_range: "13:00–14:59", ganzhi: "辛未", stem: "辛", branch: "未", stem_element: "metal", stem_element_zh: "金", branch_element: "earth", branch_element_zh: "土", nayin: "路旁土", day_pillar: "甲子" },
      { time_range: "17:00–18:59", ganzhi: "癸酉", stem: "癸", branch: "酉", stem_element: "water", stem_element_zh: "水", branch_element: "metal", branch_element_zh: "金", nayin: "剑锋金", day_pillar: "甲子" },
    ]);
    expect(codes(c)).toEqual(["APPROXIMATE_BIRTH_TIME"]);
  });

  test("00:30 on 1949-10-01 (甲子 day, 子 hour 甲子): the previous period is 亥 of 癸亥 day (癸亥 hour)", () => {
    const c = chart({ year: 1949, month: 10, day: 1, hour: 0, minute: 30, gender: "男", time_confidence: "approximate" });
    expect(c.pillars.hour.ganzhi).toBe("甲子");
    const [before, after] = c.pillars.hour.alternatives!;
    // 癸 day: 戊癸何方发, 壬子是真途 → 壬子 … 癸亥; next period 丑 of 甲 day → 乙丑.
    expect([before.time_range, before.ganzhi, before.day_pillar]).toEqual(["21:00–22:59", "癸亥", "癸亥"]);
    expect([after.time_range, after.ganzhi, after.day_pillar]).toEqual(["01:00–02:59", "乙丑", "甲子"]);
  });

  test("exact time: no alternatives", () => {
    const c = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
    expect(c.pillars.hour.uncertain).toBe(false);
    expect(c.pillars.hour.alternatives).toBeUndefined();
  });
});
