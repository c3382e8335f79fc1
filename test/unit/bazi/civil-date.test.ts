/**
 * Gregorian arithmetic. Anchors are published Julian Day Numbers (J2000.0 = JD 2451545.0 at
 * 2000-01-01 noon; MJD 0 = 1858-11-17; 1900-01-01 = JDN 2415021) and the Gregorian leap rule.
 */
import { describe, expect, test } from "bun:test";
import { daysInMonth, formatInstant, isLeapYear, jdnFromYmd, ymdFromJdn } from "../../../src/bazi/civil-date.ts";

describe("civil dates", () => {
  test("published JDN anchors", () => {
    expect(jdnFromYmd(2000, 1, 1)).toBe(2451545);
    expect(jdnFromYmd(1858, 11, 17)).toBe(2400001);
    expect(jdnFromYmd(1900, 1, 1)).toBe(2415021);
  });

  test("leap years: divisible by 4, except centuries not divisible by 400", () => {
    expect([1900, 1901, 1904, 2000, 2023, 2024, 2100].map(isLeapYear)).toEqual([false, false, true, true, false, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2100, 11)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  test("every day 1900-01-01 … 2100-12-31 round-trips and consecutive days differ by one", () => {
    let expected = jdnFromYmd(1900, 1, 1);
    for (let y = 1900; y <= 2100; y++) {
      for (let m = 1; m <= 12; m++) {
        for (let d = 1; d <= daysInMonth(y, m); d++) {
          const jdn = jdnFromYmd(y, m, d);
          if (jdn !== expected) throw new Error(`${y}-${m}-${d}: ${jdn} != ${expected}`);
          const back = ymdFromJdn(jdn);
          if (back.year !== y || back.month !== m || back.day !== d) throw new Error(`${y}-${m}-${d} round trip`);
          expected++;
        }
      }
    }
    expect(expected - jdnFromYmd(1900, 1, 1)).toBe(73414); // 201 years, 49 leap days (1904 … 2096; 1900 and 2100 are not)
  });

  test("instants format as UTC+08:00 civil time", () => {
    const t = jdnFromYmd(1984, 2, 4) * 86400 + 23 * 3600 + 18 * 60 + 45;
    expect(formatInstant(t)).toBe("1984-02-04 23:18:45");
  });
});
