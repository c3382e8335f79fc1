/**
 * Charts with a recognised birthplace: the day and hour from local standard time (or true solar
 * time), the month and year from the instant — checked against lunar-typescript read at the right
 * clock, and true solar time against astronomy-engine's sun.
 */
import { describe, expect, test } from "bun:test";
import { Body, HourAngle, Observer } from "astronomy-engine";
import { Solar } from "lunar-typescript";
import { validateBirth } from "../../../src/bazi/validate-birth.ts";
import { chartOf, warningOf } from "./chart-helpers.ts";

const fourPillars = (c: ReturnType<typeof chartOf>) => [c.pillars.year.ganzhi, c.pillars.month.ganzhi, c.pillars.day.ganzhi, c.pillars.hour.ganzhi];
/** lunar-typescript's year and month at a Beijing wall time, day and hour at a local one. */
function library(beijing: [number, number, number, number, number], local: [number, number, number, number, number]) {
  const at = Solar.fromYmdHms(...beijing, 0).getLunar().getEightChar();
  const here = Solar.fromYmdHms(...local, 0).getLunar().getEightChar();
  return [at.getYear(), at.getMonth(), here.getDay(), here.getTime()];
}

describe("a birth abroad", () => {
  test("New York 1990-07-01 08:00 (summer time): day and hour at 07:00 EST, year and month at 12:00 UTC = 20:00 Beijing", () => {
    const c = chartOf({ year: 1990, month: 7, day: 1, hour: 8, gender: "女", birthplace: "New York" });
    expect(fourPillars(c)).toEqual(library([1990, 7, 1, 20, 0], [1990, 7, 1, 7, 0]));
    expect(c.place).toMatchObject({ name: "New York", country: "US", time_zone: "America/New_York" });
    expect(warningOf(c, "DAYLIGHT_SAVING_TIME_APPLIED")).toMatchObject({ entered_time: "1990-07-01 08:00", standard_time: "1990-07-01 07:00" });
  });

  test("the month follows the instant: New York 1990-05-05 20:00 EDT is 08:00 Beijing on the 6th, after 立夏 (02:35), which 20:00 read as Beijing time is not", () => {
    const c = chartOf({ year: 1990, month: 5, day: 5, hour: 20, gender: "男", birthplace: "New York, USA" });
    expect(fourPillars(c)).toEqual(library([1990, 5, 6, 8, 0], [1990, 5, 5, 19, 0]));
    expect(c.pillars.month.ganzhi).toBe("辛巳");
    expect(chartOf({ year: 1990, month: 5, day: 5, hour: 20, gender: "男" }).pillars.month.ganzhi).toBe("庚辰");
  });

  test("a time the clocks skipped is refused; one they showed twice is read the first time, the second given", () => {
    const skipped = validateBirth({ year: 1990, month: 4, day: 1, hour: 2, minute: 30, gender: "女", birthplace: "New York, NY" });
    expect(skipped.ok ? null : skipped.details).toEqual([{ path: "birth.hour", message: expect.stringContaining("1990-04-01 02:30 never showed on a clock in New York") }]);
    const twice = chartOf({ year: 1990, month: 10, day: 28, hour: 1, minute: 30, gender: "女", birthplace: "New York, NY" });
    expect(twice.pillars.hour.branch).toBe("子"); // 00:30 EST, the first (summer-time) 01:30
    expect(warningOf(twice, "DAYLIGHT_SAVING_TIME_REPEATED")).toMatchObject({ alternative_standard_time: "1990-10-28 01:30" });
    expect(warningOf(twice, "DAYLIGHT_SAVING_TIME_REPEATED")!.alternative.hour.endsWith("丑")).toBe(true);
  });
});

describe("a birth in China", () => {
  test("Beijing time everywhere, Xinjiang included; summer time taken off: 1991-07-15 00:30 in Hangzhou is 07-14 23:30 (day 乙酉, not 丙戌)", () => {
    const c = chartOf({ year: 1991, month: 7, day: 15, hour: 0, minute: 30, gender: "女", birthplace: "杭州" });
    expect(c.pillars.day.ganzhi).toBe("乙酉");
    expect(warningOf(c, "DAYLIGHT_SAVING_TIME_APPLIED")).toMatchObject({ standard_time: "1991-07-14 23:30" });
    expect(chartOf({ year: 1992, month: 7, day: 15, hour: 12, gender: "女", birthplace: "乌鲁木齐" }).place!.time_zone).toBe("Asia/Shanghai");
  });

  test("1991-09-15 01:30 in Beijing showed twice: the chart reads the first (00:30 standard, 子 hour), the warning gives the second (01:30 standard)", () => {
    // Clocks went back from 02:00 to 01:00 on 1991-09-15, the last day of summer time.
    const c = chartOf({ year: 1991, month: 9, day: 15, hour: 1, minute: 30, gender: "男", birthplace: "北京" });
    expect(c.pillars.hour.branch).toBe("子");
    expect(warningOf(c, "DAYLIGHT_SAVING_TIME_APPLIED")).toBeUndefined();
    const w = warningOf(c, "DAYLIGHT_SAVING_TIME_REPEATED")!;
    expect(w.alternative_standard_time).toBe("1991-09-15 01:30");
    const a = w.alternative;
    expect([a.year, a.month, a.day, a.hour]).toEqual(library([1991, 9, 15, 1, 30], [1991, 9, 15, 1, 30]));
  });

  test("1986-05-04 02:30 never showed on a Chinese clock: refused with the reason; without a birthplace it is read as standard time with a warning", () => {
    const v = validateBirth({ year: 1986, month: 5, day: 4, hour: 2, minute: 30, gender: "男", birthplace: "北京" });
    expect(v.ok ? null : v.details[0]).toEqual({ path: "birth.hour", message: expect.stringContaining("clocks went from 02:00 to 03:00") });
    expect(warningOf(chartOf({ year: 1986, month: 5, day: 4, hour: 2, minute: 30, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")?.kind).toBe("skipped");
  });
});

describe("true solar time", () => {
  /** Local apparent solar time by astronomy-engine: the sun's hour angle + 12 h, in minutes of the day. */
  const sunClock = (utcMs: number, longitude: number) => ((HourAngle(Body.Sun, new Date(utcMs), new Observer(40, longitude, 0)) + 12) % 24) * 60;
  const minutesOf = (hhmm: string) => Number(hhmm.slice(11, 13)) * 60 + Number(hhmm.slice(14, 16));

  test("Ürümqi 1992-07-15 00:30 Beijing time is about 22:20 true solar time the day before: the chart warns with those pillars, and reads them when asked", () => {
    const birth = { year: 1992, month: 7, day: 15, hour: 0, minute: 30, gender: "男", birthplace: "乌鲁木齐" } as const;
    const c = chartOf(birth);
    const t = c.true_solar_time!;
    expect(t.time.slice(0, 10)).toBe("1992-07-14");
    expect(Math.abs(minutesOf(t.time) - sunClock(Date.UTC(1992, 6, 14, 16, 30), c.place!.longitude))).toBeLessThanOrEqual(1);
    const w = warningOf(c, "TRUE_SOLAR_TIME_CHANGES_PILLARS")!;
    expect(w).toMatchObject({ other_basis: "true_solar", other_time: t.time });
    const solar = chartOf({ ...birth, time_basis: "true_solar" });
    expect([solar.pillars.day.ganzhi, solar.pillars.hour.ganzhi]).toEqual([w.day, w.hour]);
    expect(library([1992, 7, 15, 0, 30], [1992, 7, 14, Number(t.time.slice(11, 13)), Number(t.time.slice(14, 16))])).toEqual(fourPillars(solar));
    expect(warningOf(solar, "TRUE_SOLAR_TIME_CHANGES_PILLARS")).toMatchObject({ other_basis: "civil", day: c.pillars.day.ganzhi, hour: c.pillars.hour.ganzhi });
  });

  test("Hangzhou, Taipei, New York: within a minute of the sun's clock", () => {
    for (const [birthplace, utc] of [["杭州", Date.UTC(1995, 2, 10, 2, 0)], ["台北", Date.UTC(1995, 2, 10, 2, 0)], ["New York", Date.UTC(1995, 2, 10, 15, 0)]] as const) {
      const d = new Date(utc);
      const c = chartOf({ year: 1995, month: 3, day: 10, hour: 10, minute: 0, gender: "女", birthplace });
      expect([birthplace, Math.abs(minutesOf(c.true_solar_time!.time) - sunClock(d.getTime(), c.place!.longitude)) <= 1]).toEqual([birthplace, true]);
    }
  });

  test("true_solar needs a recognised birthplace", () => {
    const v = validateBirth({ year: 1990, month: 5, day: 17, hour: 8, gender: "女", time_basis: "true_solar", birthplace: "火星" });
    expect(v.ok ? null : v.details).toEqual([{ path: "birth.time_basis", message: expect.stringContaining("火星") }]);
    const c = chartOf({ year: 1990, month: 5, day: 17, hour: 8, gender: "女", birthplace: "火星" });
    expect([c.place, c.true_solar_time, warningOf(c, "BIRTHPLACE_NOT_RECOGNISED")?.code]).toEqual([null, null, "BIRTHPLACE_NOT_RECOGNISED"]);
  });
});
