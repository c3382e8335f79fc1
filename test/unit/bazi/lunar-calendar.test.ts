/**
 * Lunar conversions. Expected dates come from published calendars: 春节 2024 = 2024-02-10 (so
 * 2024-02-09 is 腊月三十 of 2023 and 2024-02-24 is 正月十五, 元宵); 2023 has 闰二月 starting
 * 2023-03-22; 中秋 2024 (八月十五) = 2024-09-17; 1922 闰五月 starts 1922-06-25.
 */
import { describe, expect, test } from "bun:test";
import { almanac } from "../../../src/bazi/almanac.ts";
import { formatInstant, formatJdn, jdnFromYmd } from "../../../src/bazi/civil-date.ts";
import { lunarDateOf, lunarDateText, monthStartDispute, resolveLunarDate } from "../../../src/bazi/lunar-calendar.ts";

const a = almanac();
const lunarOf = (y: number, m: number, d: number) => lunarDateOf(a, jdnFromYmd(y, m, d));
const solarOf = (y: number, m: number, leap: boolean, d: number) => {
  const r = resolveLunarDate(a, y, m, leap, d);
  return r.ok ? formatJdn(r.jdn) : r;
};

describe("solar → lunar", () => {
  test("published dates", () => {
    expect(lunarOf(2024, 2, 10)).toEqual({ year: 2024, month: 1, day: 1, isLeap: false });
    expect(lunarOf(2024, 2, 9)).toEqual({ year: 2023, month: 12, day: 30, isLeap: false });
    expect(lunarOf(2024, 2, 24)).toEqual({ year: 2024, month: 1, day: 15, isLeap: false });
    expect(lunarOf(2024, 9, 17)).toEqual({ year: 2024, month: 8, day: 15, isLeap: false });
    expect(lunarOf(2023, 3, 22)).toEqual({ year: 2023, month: 2, day: 1, isLeap: true });
    expect(lunarOf(1922, 6, 25)).toEqual({ year: 1922, month: 5, day: 1, isLeap: true });
  });
});

describe("lunar → solar", () => {
  test("published dates, including a leap month and the month after it", () => {
    expect(solarOf(2024, 1, false, 1)).toBe("2024-02-10");
    expect(solarOf(2024, 8, false, 15)).toBe("2024-09-17");
    expect(solarOf(2023, 2, true, 1)).toBe("2023-03-22");
    expect(solarOf(2023, 2, false, 1)).toBe("2023-02-20");
    expect(solarOf(2023, 3, false, 1)).toBe("2023-04-20");
  });

  test("problems: missing leap month, day past the month's end, out of range", () => {
    expect(resolveLunarDate(a, 2024, 2, true, 1)).toEqual({ ok: false, problem: "no_such_leap_month", leapMonth: 0 });
    expect(resolveLunarDate(a, 2023, 3, true, 1)).toEqual({ ok: false, problem: "no_such_leap_month", leapMonth: 2 });
    expect(resolveLunarDate(a, 2024, 1, false, 30)).toEqual({ ok: false, problem: "day_out_of_month", days: 29 });
    expect(resolveLunarDate(a, 1899, 12, false, 1)).toEqual({ ok: false, problem: "out_of_range" });
    expect(resolveLunarDate(a, 2023, 13, false, 1)).toEqual({ ok: false, problem: "out_of_range" });
  });

  test("out of range at each documented bound: lunar year 2101, month 0, day 0", () => {
    // The documented domain is lunar years 1900–2100, months 1–12, days ≥ 1.
    expect(resolveLunarDate(a, 2101, 1, false, 1)).toEqual({ ok: false, problem: "out_of_range" });
    expect(resolveLunarDate(a, 2024, 0, false, 1)).toEqual({ ok: false, problem: "out_of_range" });
    expect(resolveLunarDate(a, 2024, 1, false, 0)).toEqual({ ok: false, problem: "out_of_range" });
  });
});

describe("text", () => {
  test("lunar-typescript's Lunar.toString() style", () => {
    expect(lunarDateText({ year: 1922, month: 5, day: 1, isLeap: true })).toBe("一九二二年闰五月初一");
    expect(lunarDateText({ year: 1999, month: 11, day: 25, isLeap: false })).toBe("一九九九年冬月廿五");
    expect(lunarDateText({ year: 2000, month: 12, day: 30, isLeap: false })).toBe("二〇〇〇年腊月三十");
    expect(lunarDateText({ year: 2024, month: 1, day: 10, isLeap: false })).toBe("二〇二四年正月初十");
    expect(lunarDateText({ year: 2024, month: 10, day: 20, isLeap: false })).toBe("二〇二四年十月二十");
  });
});

describe("disputed month starts", () => {
  const monthIndex = (y: number, m: number) => {
    const r = resolveLunarDate(a, y, m, false, 1);
    if (!r.ok) throw new Error("bad month");
    return r.monthIndex;
  };

  test("1916 正月: new moon 1916-02-04 00:05 (UTC+08:00), the historical almanac starts the month on 02-03", () => {
    const d = monthStartDispute(a, monthIndex(1916, 1));
    expect(d && formatInstant(d.newMoon).slice(0, 16)).toBe("1916-02-04 00:05");
    expect(d && formatJdn(d.alternativeStart)).toBe("1916-02-04");
  });

  test("1906 四月: new moon 1906-04-24 00:06 UTC+08:00 — before midnight in Beijing local time", () => {
    const d = monthStartDispute(a, monthIndex(1906, 4));
    expect(d && formatJdn(d.alternativeStart)).toBe("1906-04-23");
  });

  test("2023 四月: new moon 2023-05-19 23:53 UTC+08:00 (15:53 UTC, NASA's phase tables) — after midnight the month would start on 05-20", () => {
    const d = monthStartDispute(a, monthIndex(2023, 4));
    expect(d && formatInstant(d.newMoon).slice(0, 16)).toBe("2023-05-19 23:53");
    expect(d && formatJdn(d.alternativeStart)).toBe("2023-05-20");
  });

  test("the answer is memoised per month: asking twice gives the same object", () => {
    const i = monthIndex(1906, 4);
    const first = monthStartDispute(a, i);
    expect(first).not.toBeNull();
    expect(monthStartDispute(a, i)).toBe(first!);
  });

  test("the memo is the almanac's: another table's month start is judged on its own", () => {
    const i = monthIndex(2024, 1); // 2024 正月 starts on its new moon's day, 2024-02-10
    expect(monthStartDispute(a, i)).toBeNull();
    const monthStart = Int32Array.from(a.monthStart);
    monthStart[i] = monthStart[i]! + 1; // a table starting it a day late
    const other = { ...a, monthStart };
    expect(monthStartDispute(other, i)?.alternativeStart).toBe(a.monthStart[i]);
  });

  test("an ordinary month (2024 正月, new moon 2024-02-10 06:59) is not disputed", () => {
    expect(monthStartDispute(a, monthIndex(2024, 1))).toBeNull();
  });
});
