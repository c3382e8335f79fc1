/**
 * Luck pillars worked by hand. Term instants are the golden file's (independent) meta values.
 * Arithmetic (lunar-typescript Yun sect 1, which we reproduce): whole calendar days between the
 * two dates × 4 months, plus two-hour periods × 10 days, where a period index is 00:xx → 0,
 * 01–02 → 1 … 21–22 → 11 and 23:xx → 11; if the end period is earlier, borrow a day (12 periods).
 */
import { describe, expect, test } from "bun:test";
import { chartOf } from "./chart-helpers.ts";

const luckOf = (input: Record<string, unknown>) => chartOf(input).luck;

describe("1910-02-04 23:27 (己酉 丁丑 庚子 戊子): 小寒 1910-01-06 12:38:03, 立春 1910-02-05 00:27:28", () => {
  test("female, yin year → forward to 立春: 1 day, periods 11 → 0 = −11 → borrow: 0 days + 1 period = 10 days", () => {
    const l = luckOf({ year: 1910, month: 2, day: 4, hour: 23, minute: 27, gender: "女" });
    expect(l.direction).toBe("forward");
    expect(l.start_age).toEqual({ years: 0, months: 0, days: 10 });
    expect(l.start_date).toBe("1910-02-14");
    expect(l.pillars[0]).toEqual({ ganzhi: "戊寅", start_year: 1910, end_year: 1919, start_age: 1, end_age: 10 });
  });

  test("male, yin year → backward from 小寒: 29 days, periods 6 → 11 = 5 → 116 + 1 months, 20 days = 9 y 9 m 20 d", () => {
    const l = luckOf({ year: 1910, month: 2, day: 4, hour: 23, minute: 27, gender: "男" });
    expect(l.direction).toBe("backward");
    expect(l.start_age).toEqual({ years: 9, months: 9, days: 20 });
    expect(l.start_date).toBe("1919-11-24"); // +9 y → 1919-02-04, +9 m → 1919-11-04, +20 d
    expect(l.pillars.map((p) => p.ganzhi).slice(0, 3)).toEqual(["丙子", "乙亥", "甲戌"]);
    expect(l.pillars[0]).toEqual({ ganzhi: "丙子", start_year: 1919, end_year: 1928, start_age: 10, end_age: 19 });
  });
});

test("1905-02-04 19:05 male (甲辰 yang → forward), 11 min before 立春 19:15:54: same day and period → starts at once", () => {
  const l = luckOf({ year: 1905, month: 2, day: 4, hour: 19, minute: 5, gender: "男" });
  expect(l.start_age).toEqual({ years: 0, months: 0, days: 0 });
  expect(l.start_date).toBe("1905-02-04");
  expect(l.pillars[0]).toEqual({ ganzhi: "戊寅", start_year: 1905, end_year: 1914, start_age: 1, end_age: 10 });
  expect(l.pillars).toHaveLength(10);
  expect(l.pillars[9].start_year).toBe(1995);
});
