/**
 * The pillar arithmetic called directly. Expectations:
 * - 2000-01-01 is a 戊午 day (the golden file's J2000 anchor; every perpetual calendar agrees), so
 *   2000-01-02 is 己未; a 己 day's 子 hour is 甲子 (五鼠遁: 甲己还加甲).
 * - 立春 2024 was 2024-02-04 16:27 (golden file meta: 16:27:07, to within a minute): before it the
 *   year is 癸卯 and the month 乙丑 (小寒 month of a 癸 year: 戊癸之年甲寅首 → 乙丑); from it 甲辰 丙寅.
 */
import { describe, expect, test } from "bun:test";
import { almanac } from "../../../src/bazi/almanac.ts";
import { DAY_SECONDS, jdnFromYmd } from "../../../src/bazi/civil-date.ts";
import { computePillars, pillarsOf } from "../../../src/bazi/pillars.ts";
import { ganzhiName } from "../../../src/bazi/relations.ts";

const a = almanac();
const named = (p: { year: number; month: number; day: number; hour: number; daySect1: number }) => ({
  year: ganzhiName(p.year),
  month: ganzhiName(p.month),
  day: ganzhiName(p.day),
  hour: ganzhiName(p.hour),
  daySect1: ganzhiName(p.daySect1),
});
const at = (y: number, m: number, d: number, hour: number, minute: number) => named(computePillars(a, jdnFromYmd(y, m, d), y, m, hour, minute));

describe("computePillars: year and month change at the exact 立春 (2024-02-04 16:27)", () => {
  test("16:25 is still 癸卯 year, 乙丑 month", () => {
    expect(at(2024, 2, 4, 16, 25)).toMatchObject({ year: "癸卯", month: "乙丑" });
  });

  test("16:29 the same day is 甲辰 year, 丙寅 month — the minutes count", () => {
    expect(at(2024, 2, 4, 16, 29)).toMatchObject({ year: "甲辰", month: "丙寅" });
  });

  test("an hour after the term (17:00) is 甲辰 丙寅 — the hours count", () => {
    expect(at(2024, 2, 4, 17, 0)).toMatchObject({ year: "甲辰", month: "丙寅" });
  });
});

describe("the 23:00 子 hour (day changes at 00:00; the other school changes it at 23:00)", () => {
  test("2000-01-01 23:30: day stays 戊午, hour 甲子 from the next day's 己; the 23:00 school's day is 己未", () => {
    expect(at(2000, 1, 1, 23, 30)).toMatchObject({ day: "戊午", hour: "甲子", daySect1: "己未" });
  });

  test("2000-01-01 12:00: both schools agree on the day, 戊午", () => {
    expect(at(2000, 1, 1, 12, 0)).toMatchObject({ day: "戊午", daySect1: "戊午" });
  });
});

describe("pillarsOf: day and hour from one clock, year and month from an instant", () => {
  const instant = (y: number, m: number, d: number, hour: number) => jdnFromYmd(y, m, d) * DAY_SECONDS + hour * 3600;

  test("at 12:00 the 23:00 school's day is the same day (2000-01-01 戊午)", () => {
    const p = named(pillarsOf(a, { jdn: jdnFromYmd(2000, 1, 1), hour: 12 }, instant(2000, 1, 1, 12)));
    expect(p).toMatchObject({ day: "戊午", daySect1: "戊午" });
  });

  test("at 23:00 the 23:00 school's day is the next one (己未)", () => {
    const p = named(pillarsOf(a, { jdn: jdnFromYmd(2000, 1, 1), hour: 23 }, instant(2000, 1, 1, 23)));
    expect(p).toMatchObject({ day: "戊午", hour: "甲子", daySect1: "己未" });
  });
});
