/**
 * The 节 calendar a LiuYao cast reads. Term instants are the golden file's (independent) meta
 * values, to within a minute: 立春 2026-02-04 04:02:07, 惊蛰 2026-03-05 21:58:58. Month pillars by
 * 五虎遁 (丙辛之岁寻庚上): in 丙午 2026 the 寅 month is 庚寅 and the 卯 month 辛卯.
 * 2000-01-01 is a 戊午 day (the golden file's J2000 anchor).
 */
import { describe, expect, test } from "bun:test";
import { DAY_SECONDS, jdnFromYmd } from "../../../src/bazi/civil-date.ts";
import { ganzhiName } from "../../../src/bazi/relations.ts";
import { dayPillarOfDate, termsAt } from "../../../src/bazi/term-calendar.ts";

/** Civil seconds (UTC+08:00) of a Beijing clock time. */
const civil = (y: number, m: number, d: number, hh: number, mm: number, ss: number) => jdnFromYmd(y, m, d) * DAY_SECONDS + hh * 3600 + mm * 60 + ss;
const beijing = (iso: string) => Date.parse(`${iso}+08:00`);
const named = (r: ReturnType<typeof termsAt>) => ({ month: ganzhiName(r.month), monthByDay: ganzhiName(r.monthByDay), prev: r.prev.name, next: r.next.name });

describe("termsAt", () => {
  test("five days after 惊蛰 (2026-03-10): 卯 month by instant and by day, between 惊蛰 and 清明", () => {
    expect(named(termsAt(beijing("2026-03-10T09:30:00")))).toEqual({ month: "辛卯", monthByDay: "辛卯", prev: "惊蛰", next: "清明" });
  });

  test("the morning of 惊蛰's day (2026-03-05 09:30, the term at 21:59): still 庚寅 by instant, already 辛卯 by day", () => {
    expect(named(termsAt(beijing("2026-03-05T09:30:00")))).toEqual({ month: "庚寅", monthByDay: "辛卯", prev: "立春", next: "惊蛰" });
  });

  test("prev and next carry the terms' instants (golden file, within a minute)", () => {
    const r = termsAt(beijing("2026-03-05T09:30:00"));
    expect(Math.abs(r.prev.civilSeconds - civil(2026, 2, 4, 4, 2, 7))).toBeLessThan(60);
    expect(Math.abs(r.next.civilSeconds - civil(2026, 3, 5, 21, 58, 58))).toBeLessThan(60);
  });
});

test("dayPillarOfDate: 2000-01-01 is 戊午, 2000-01-02 己未", () => {
  expect(ganzhiName(dayPillarOfDate(2000, 1, 1))).toBe("戊午");
  expect(ganzhiName(dayPillarOfDate(2000, 1, 2))).toBe("己未");
});
