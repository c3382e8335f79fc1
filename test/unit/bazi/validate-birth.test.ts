/**
 * validateBirth: defaults, every field rule, and the exact wording of the calendar messages.
 */
import { describe, expect, test } from "bun:test";
import { validateBirth } from "../../../src/bazi/validate-birth.ts";

const base = { year: 1990, month: 5, day: 17, hour: 8, gender: "男" as const };
const problems = (input: unknown) => {
  const v = validateBirth(input);
  return v.ok ? [] : v.details;
};

describe("normalisation", () => {
  test("fills defaults", () => {
    expect(validateBirth(base)).toEqual({
      ok: true,
      birth: { ...base, minute: 0, calendar_type: "solar", is_leap_month: false, time_confidence: "exact", time_basis: "civil" },
    });
  });

  test("a birth without a birthplace has no birthplace key at all (not one set to undefined)", () => {
    // toStrictEqual, unlike toEqual, tells a missing key from one holding undefined.
    expect(validateBirth(base)).toStrictEqual({ ok: true, birth: { ...base, minute: 0, calendar_type: "solar", is_leap_month: false, time_confidence: "exact", time_basis: "civil" } });
  });

  test("keeps given optional fields, including birthplace", () => {
    const input = { ...base, minute: 5, calendar_type: "lunar", is_leap_month: false, time_confidence: "approximate", birthplace: "北京" };
    expect(validateBirth(input)).toEqual({ ok: true, birth: { ...base, minute: 5, calendar_type: "lunar", is_leap_month: false, time_confidence: "approximate", birthplace: "北京", time_basis: "civil" } });
  });
});

describe("field rules", () => {
  test("not an object", () => {
    expect(problems(null)).toEqual([{ path: "birth", message: "must be an object (got null)" }]);
    expect(problems([1])).toEqual([{ path: "birth", message: "must be an object (got array)" }]);
    expect(problems(42)).toEqual([{ path: "birth", message: "must be an object (got number)" }]);
    expect(problems("1990-05-17 08:00")).toEqual([{ path: "birth", message: "must be an object (got string)" }]);
    expect(problems(undefined)).toEqual([{ path: "birth", message: "must be an object (got undefined)" }]);
  });

  test("required fields", () => {
    expect(problems({})).toEqual(["year", "month", "day", "hour", "gender"].map((f) => ({ path: `birth.${f}`, message: "is required" })));
  });

  test("integers only, no strings, no null", () => {
    expect(problems({ ...base, hour: 7.5 })).toEqual([{ path: "birth.hour", message: "must be an integer" }]);
    expect(problems({ ...base, year: "1990" })).toEqual([{ path: "birth.year", message: "must be an integer (got string)" }]);
    expect(problems({ ...base, day: null })).toEqual([{ path: "birth.day", message: "must be an integer (got null)" }]);
    expect(problems({ ...base, minute: Number.NaN })).toEqual([{ path: "birth.minute", message: "must be an integer" }]);
  });

  test("ranges", () => {
    expect(problems({ ...base, year: 1899 })).toEqual([{ path: "birth.year", message: "must be between 1900 and 2100" }]);
    expect(problems({ ...base, year: 2101 })).toEqual([{ path: "birth.year", message: "must be between 1900 and 2100" }]);
    expect(problems({ ...base, month: 13 })).toEqual([{ path: "birth.month", message: "must be between 1 and 12" }]);
    expect(problems({ ...base, day: 0 })).toEqual([{ path: "birth.day", message: "must be between 1 and 31" }]);
    expect(problems({ ...base, day: 31, calendar_type: "lunar" })).toEqual([{ path: "birth.day", message: "must be between 1 and 30" }]);
    expect(problems({ ...base, hour: 24 })).toEqual([{ path: "birth.hour", message: "must be between 0 and 23" }]);
    expect(problems({ ...base, minute: 60 })).toEqual([{ path: "birth.minute", message: "must be between 0 and 59" }]);
  });

  test("enums, booleans, strings", () => {
    expect(problems({ ...base, gender: "male" })).toEqual([{ path: "birth.gender", message: 'must be one of "男", "女"' }]);
    expect(problems({ ...base, calendar_type: "gregorian" })).toEqual([{ path: "birth.calendar_type", message: 'must be one of "solar", "lunar"' }]);
    expect(problems({ ...base, time_confidence: "rough" })).toEqual([{ path: "birth.time_confidence", message: 'must be one of "exact", "approximate"' }]);
    expect(problems({ ...base, is_leap_month: "no" })).toEqual([{ path: "birth.is_leap_month", message: "must be a boolean (got string)" }]);
    expect(problems({ ...base, birthplace: 7 })).toEqual([{ path: "birth.birthplace", message: "must be a string (got number)" }]);
  });

  test("birthplace: at most 120 characters, counted as code points", () => {
    expect(problems({ ...base, birthplace: "京".repeat(120) })).toEqual([]);
    expect(problems({ ...base, birthplace: "😀".repeat(120) })).toEqual([]); // 240 UTF-16 units, 120 characters
    expect(problems({ ...base, birthplace: "a".repeat(121) })).toEqual([{ path: "birth.birthplace", message: "must be at most 120 characters" }]);
  });

  test("unknown properties and a leap flag on a solar date", () => {
    expect(problems({ ...base, name: "x" })).toEqual([{ path: "birth.name", message: "is not an allowed property" }]);
    expect(problems({ ...base, is_leap_month: true })).toEqual([{ path: "birth.is_leap_month", message: 'is only allowed with calendar_type "lunar"' }]);
  });

  test("reports every field problem at once", () => {
    expect(problems({ ...base, year: 1800, hour: -1 }).map((d) => d.path)).toEqual(["birth.year", "birth.hour"]);
  });
});

describe("calendar checks", () => {
  test("solar day must exist", () => {
    expect(problems({ ...base, year: 2023, month: 2, day: 29 })).toEqual([{ path: "birth.day", message: "2023-02 has 28 days" }]);
    expect(problems({ ...base, year: 2100, month: 11, day: 31 })).toEqual([{ path: "birth.day", message: "2100-11 has 30 days" }]);
    expect(problems({ ...base, year: 2000, month: 2, day: 29 })).toEqual([]); // 2000 is a leap year
  });

  test("lunar leap month must exist that year", () => {
    const lunar = { ...base, calendar_type: "lunar", is_leap_month: true, day: 1 };
    expect(problems({ ...lunar, year: 2024, month: 2 })).toEqual([{ path: "birth.is_leap_month", message: "lunar 2024 has no leap month 2" }]);
    expect(problems({ ...lunar, year: 2023, month: 3 })).toEqual([{ path: "birth.is_leap_month", message: "lunar 2023 has no leap month 3 (its leap month is 2)" }]);
    expect(problems({ ...lunar, year: 2023, month: 2 })).toEqual([]);
  });

  test("lunar day must exist in that month (2023 六月 has 29 days: 六月初一 2023-07-18, 七月初一 2023-08-16)", () => {
    const lunar = { ...base, calendar_type: "lunar" };
    expect(problems({ ...lunar, year: 2023, month: 6, day: 30 })).toEqual([{ path: "birth.day", message: "lunar 2023 month 6 has 29 days" }]);
    expect(problems({ ...lunar, year: 2023, month: 7, day: 30 })).toEqual([]); // 七月 has 30 (八月初一 2023-09-15)
    expect(problems({ ...lunar, year: 1922, month: 5, day: 30, is_leap_month: true })).toEqual([{ path: "birth.day", message: "lunar 1922 leap month 5 has 29 days" }]);
  });

  test("lunar input runs to the end of lunar 2100: its 腊月 (2100-12-31 … 2101-01-28) is accepted, its 30th day does not exist", () => {
    const lunar = { ...base, calendar_type: "lunar", year: 2100, month: 12 };
    expect(problems({ ...lunar, day: 1 })).toEqual([]);
    expect(problems({ ...lunar, day: 2 })).toEqual([]);
    expect(problems({ ...lunar, day: 29 })).toEqual([]);
    expect(problems({ ...lunar, day: 30 })[0]!.path).toBe("birth.day");
  });
});

describe("the clock checks", () => {
  test('"true_solar" without any birthplace is refused, saying it needs one', () => {
    expect(problems({ ...base, time_basis: "true_solar" })).toEqual([{ path: "birth.time_basis", message: '"true_solar" needs a birthplace' }]);
  });

  test("a lunar date is checked at its solar day: lunar 1986 三月廿六 is 1986-05-04, whose 02:30 Beijing clocks skipped", () => {
    // Perpetual calendar: 1986 三月初一 = 1986-04-09, so 廿六 = 05-04, the first day of 1986's summer time (02:00 → 03:00).
    const lunar = { ...base, calendar_type: "lunar", year: 1986, month: 3, day: 26, hour: 2, minute: 30, birthplace: "北京" };
    expect(problems(lunar)).toEqual([{ path: "birth.hour", message: expect.stringContaining("1986-05-04 02:30 never showed on a clock in China") }]);
    expect(problems({ ...lunar, day: 25 })).toEqual([]); // 1986-05-03, before summer time
  });
});

test("a validated birth is frozen: the clock worked out for it is reused by the chart, so it cannot change under it", () => {
  const v = validateBirth({ year: 1990, month: 5, day: 17, hour: 8, gender: "男", birthplace: "北京" });
  if (!v.ok) throw new Error("refused");
  expect(() => {
    (v.birth as { hour: number }).hour = 20;
  }).toThrow(TypeError);
  expect(v.birth.hour).toBe(8);
});
