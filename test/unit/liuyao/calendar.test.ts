import { describe, expect, test } from "bun:test";
import { InputRefused } from "../../../src/input-refused.ts";
import { NEAR_JIE_MS, castCalendar, offsetOf, toOffsetIso } from "../../../src/liuyao/calendar.ts";

// 立春 2024 fell at 2024-02-04 16:27:07 UTC+08:00 (Purple Mountain Observatory tables).
const LICHUN_2024 = Date.parse("2024-02-04T16:27:07+08:00");

describe("castCalendar", () => {
  test("the month changes at the exact 节 second, not at the start of its day", () => {
    const before = castCalendar(new Date(LICHUN_2024 - 1000));
    const at = castCalendar(new Date(LICHUN_2024));
    expect([before.month_pillar, before.month_pillar_by_day, at.month_pillar]).toEqual(["乙丑", "丙寅", "丙寅"]);
    expect(before.convention_sensitive).toEqual(["near_jie_boundary", "month_by_day!=month_exact"]);
    expect(before.notes).toHaveLength(1);
    expect(before.notes[0]).toContain("丙寅");
    expect(at.prev_jie).toEqual({ name: "立春", at: "2024-02-04T16:27:07+08:00" });
    expect(at.convention_sensitive).toEqual(["near_jie_boundary"]);
  });

  test("the day changes at 00:00; 23:xx notes the 子初换日 alternative", () => {
    // 2000-01-01 is 戊午, so 23:30 that evening is still 戊午 here and 己未 under the 23:00 rule.
    const late = castCalendar(new Date("2000-01-01T23:30:00+08:00"));
    expect([late.day_pillar, late.day_pillar_23h_rule]).toEqual(["戊午", "己未"]);
    expect(late.convention_sensitive).toEqual(["zi_hour_23h"]);
    expect(late.notes[0]).toContain("己未");
    expect(castCalendar(new Date("2000-01-02T00:00:00+08:00")).day_pillar).toBe("己未");
    expect(castCalendar(new Date("2000-01-01T22:59:59+08:00")).convention_sensitive).toEqual([]);
  });

  test("states its conventions", () => {
    expect(castCalendar(new Date("2000-01-01T12:00:00+08:00")).conventions).toEqual({
      timezone: "UTC+08:00",
      month_boundary: "exact_jie_instant",
      day_boundary: "00:00",
      void: "day_pillar_xun",
    });
  });

  test("interprets the instant in UTC+08:00 whatever offset it was written with", () => {
    const a = castCalendar(new Date("2000-01-01T16:30:00Z")); // = 2000-01-02 00:30 +08:00
    expect(a.cast_at).toBe("2000-01-02T00:30:00+08:00");
    expect(a.day_pillar).toBe("己未");
  });
});

test("toOffsetIso keeps milliseconds only when there are some, in the offset given (default +08:00)", () => {
  expect(toOffsetIso(Date.parse("2024-02-04T08:27:07Z"))).toBe("2024-02-04T16:27:07+08:00");
  expect(toOffsetIso(Date.parse("2024-02-04T08:27:07.045Z"))).toBe("2024-02-04T16:27:07.045+08:00");
});

describe("cast_at read in its own offset", () => {
  test("offsetOf reads the offset an RFC 3339 date-time is written in", () => {
    expect(offsetOf("2026-06-20T22:30:00-04:00")).toBe(-240);
    expect(offsetOf("2026-06-20T22:30:00+05:45")).toBe(345);
    expect(offsetOf("2026-06-20T22:30:00Z")).toBe(0);
    expect(offsetOf("2026-06-20T22:30:00.123z")).toBe(0);
    expect(offsetOf("2026-06-20T22:30:00")).toBeNull();
  });

  test("New York 2026-06-20 22:30 is on 06-20 there, though Beijing is on 06-21: the day from the local clock, the month from the instant", () => {
    const instant = new Date("2026-06-20T22:30:00-04:00");
    const local = castCalendar(instant, -240);
    const beijing = castCalendar(instant);
    // The day pillars one day apart; 2026-06-20 and 2026-06-21 are consecutive in the sexagenary cycle.
    expect(local.day_pillar).toBe(castCalendar(new Date("2026-06-20T12:00:00+08:00")).day_pillar);
    expect(beijing.day_pillar).toBe(castCalendar(new Date("2026-06-21T12:00:00+08:00")).day_pillar);
    expect(local.month_pillar).toBe(beijing.month_pillar);
    expect(local.cast_at).toBe("2026-06-20T22:30:00-04:00");
    expect(local.conventions.timezone).toBe("UTC-04:00");
    expect(local.prev_jie.at.endsWith("-04:00")).toBe(true);
  });
});

describe("edges of the calendar", () => {
  test("UTC is written +00:00, not -00:00 (RFC 3339's 'offset unknown')", () => {
    expect(toOffsetIso(Date.parse("2024-02-04T08:27:07Z"), 0)).toBe("2024-02-04T08:27:07+00:00");
    expect(castCalendar(new Date("2024-06-01T12:00:00Z"), 0).conventions.timezone).toBe("UTC+00:00");
  });

  test("offsetOf also reads an offset without the colon, and ignores surrounding blanks", () => {
    expect(offsetOf("2026-06-20T22:30:00+0545")).toBe(345);
    expect(offsetOf("2026-06-20T22:30:00-0400")).toBe(-240);
    expect(offsetOf("  2026-06-20T22:30:00-04:00\n")).toBe(-240);
    expect(offsetOf("2026-06-20T22:30:00Z ")).toBe(0);
  });

  test("the first second of 1900 and the last of 2100 (UTC+08:00) are in range", () => {
    // 1899 is a 己 year: 甲己之年丙作首, so its 子 month is 丙子; 2100 is 庚申: 乙庚之岁戊为头, 子 month 戊子.
    expect(castCalendar(new Date("1900-01-01T00:00:00+08:00")).month_pillar).toBe("丙子");
    expect(castCalendar(new Date("2100-12-31T23:59:59+08:00")).month_pillar).toBe("戊子");
  });

  test("a cast after 2100 is refused on cast_at, saying which years are served", () => {
    const refusal = (() => {
      try {
        castCalendar(new Date("2101-01-01T00:00:00+08:00"));
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(InputRefused);
    expect((refusal as InputRefused).details).toEqual([{ path: "cast_at", message: expect.stringContaining("1900–2100") }]);
  });

  test("near_jie_boundary is strictly under an hour from the 节", () => {
    expect(castCalendar(new Date(LICHUN_2024 + NEAR_JIE_MS - 1000)).convention_sensitive).toEqual(["near_jie_boundary"]);
    expect(castCalendar(new Date(LICHUN_2024 + NEAR_JIE_MS)).convention_sensitive).toEqual([]);
    expect(NEAR_JIE_MS).toBe(3600 * 1000);
  });

  test("the month note names the pillar in force and the 节 it changes at", () => {
    const before = castCalendar(new Date(LICHUN_2024 - 1000));
    expect(before.next_jie).toEqual({ name: "立春", at: "2024-02-04T16:27:07+08:00" });
    expect(before.notes[0]).toContain("乙丑");
    expect(before.notes[0]).toContain("立春 2024-02-04T16:27:07+08:00");
  });
});
