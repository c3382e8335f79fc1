/**
 * birthClock (birth-clock.ts) read directly: the clock the pillars read, the birth instant, and the
 * summer-time, repeated-hour and unrecognised-place flags, for births in China and abroad.
 */
import { describe, expect, test } from "bun:test";
import type { NormalizedBirth } from "../../../src/bazi/birth.ts";
import { birthClock } from "../../../src/bazi/birth-clock.ts";
import { civilSecondsOfEpochMs, jdnFromYmd } from "../../../src/bazi/civil-date.ts";

const birth = (fields: Partial<NormalizedBirth>): NormalizedBirth => ({
  year: 1992, month: 5, day: 17, hour: 8, minute: 0, gender: "男", calendar_type: "solar", is_leap_month: false, time_confidence: "exact", time_basis: "civil", ...fields,
});
/** The clock of an accepted birth; throws if refused. */
function clockOf(b: NormalizedBirth, jdn = jdnFromYmd(b.year, b.month, b.day)) {
  const r = birthClock(b, jdn);
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r.clock;
}

describe("the clock follows the solar day it is asked for", () => {
  test("the same birth object asked for another day gets that day's clock, not the first day's", () => {
    // Beijing, 1992: no summer time after 1991, so the day and hour read are the entered ones.
    const b = birth({ birthplace: "北京" });
    expect(clockOf(b, jdnFromYmd(1992, 5, 17)).day).toEqual({ jdn: jdnFromYmd(1992, 5, 17), hour: 8, minute: 0 });
    expect(clockOf(b, jdnFromYmd(1992, 5, 18)).day).toEqual({ jdn: jdnFromYmd(1992, 5, 18), hour: 8, minute: 0 });
  });
});

describe("the unrecognised-place flag", () => {
  test("set only when a birthplace was given and the gazetteer does not know it", () => {
    expect(clockOf(birth({ birthplace: "火星" })).unrecognisedPlace).toBe("火星");
    expect(clockOf(birth({ birthplace: "北京" })).unrecognisedPlace).toBeNull();
    expect(clockOf(birth({})).unrecognisedPlace).toBeNull();
  });
});

describe("summer time and the repeated hour", () => {
  test("Beijing 1992-07-01 12:00 is standard time (China's summer time ended in 1991): no summer flag, read as entered", () => {
    const c = clockOf(birth({ year: 1992, month: 7, day: 1, hour: 12, birthplace: "北京" }));
    expect([c.summer, c.repeated]).toEqual([null, null]);
    expect(c.standard).toEqual({ jdn: jdnFromYmd(1992, 7, 1), hour: 12, minute: 0 });
  });

  test("New York 1990-01-15 12:00 is EST (US summer time 1990 ran 04-01 … 10-28): no summer flag, the instant is 17:00 UTC", () => {
    const c = clockOf(birth({ year: 1990, month: 1, day: 15, hour: 12, birthplace: "New York" }));
    expect([c.summer, c.repeated]).toEqual([null, null]);
    expect(c.standard).toEqual({ jdn: jdnFromYmd(1990, 1, 15), hour: 12, minute: 0 });
    expect(c.instant).toBe(civilSecondsOfEpochMs(Date.UTC(1990, 0, 15, 17, 0)));
  });

  test("Beijing 1991-09-15 01:30 showed twice (clocks back from 02:00 to 01:00 that night): the first is 00:30 standard, the second 01:30 standard", () => {
    const c = clockOf(birth({ year: 1991, month: 9, day: 15, hour: 1, minute: 30, birthplace: "北京" }));
    // First 01:30 on summer time (UTC+9) = 1991-09-14 16:30 UTC; the second on standard time (UTC+8) = 17:30 UTC.
    expect(c.standard).toEqual({ jdn: jdnFromYmd(1991, 9, 15), hour: 0, minute: 30 });
    expect(c.instant).toBe(civilSecondsOfEpochMs(Date.UTC(1991, 8, 14, 16, 30)));
    expect(c.repeated).toEqual({ reading: { jdn: jdnFromYmd(1991, 9, 15), hour: 1, minute: 30 }, instant: civilSecondsOfEpochMs(Date.UTC(1991, 8, 14, 17, 30)) });
  });
});
