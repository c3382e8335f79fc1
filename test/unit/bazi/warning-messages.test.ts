/**
 * What each warning's message states: the facts a reader acts on (the other pillars, the times,
 * "before"/"after", the minutes and seconds), not the prose. Expected values are worked by hand
 * (五虎遁 for months, 五鼠遁 for hours, day pillars counted from 1949-10-01 甲子) and agree with
 * lunar-typescript; term instants from the golden file (白露 1949 = 1949-09-08 07:54:12; our
 * ephemeris may differ by a few seconds); the lunar dispute from the golden file's `rd` alternative;
 * summer time from China's dates (1991: 04-14 to 09-15, back from 02:00 to 01:00 on the last day;
 * 1986: forward from 02:00 to 03:00 on 05-04) and IANA's America/New_York (EDT 1990-04-01 to 10-28).
 */
import { describe, expect, test } from "bun:test";
import { chartOf, warningOf } from "./chart-helpers.ts";

/** "N min S s <direction> <term>" in a message, as [minutes, seconds]; throws if absent. */
function minutesSeconds(message: string, direction: "before" | "after", term: string): [number, number] {
  const m = message.match(new RegExp(`(\\d+) min (\\d+) s ${direction} ${term}`));
  if (!m) throw new Error(`no "min … s ${direction} ${term}" in: ${message}`);
  return [Number(m[1]), Number(m[2])];
}

describe("NEAR_SOLAR_TERM message", () => {
  test("1949-09-08 08:00 is about 5 min 48 s after 白露 (07:54:12): the message's minutes and seconds add up to seconds_from_term", () => {
    const w = warningOf(chartOf({ year: 1949, month: 9, day: 8, hour: 8, gender: "男" }), "NEAR_SOLAR_TERM")!;
    const [min, s] = minutesSeconds(w.message, "after", "白露");
    expect(min * 60 + s).toBe(w.seconds_from_term);
    expect(min).toBe(5);
    expect(Math.abs(s - 48)).toBeLessThanOrEqual(5);
    expect(w.message).toMatch(/\(1949-09-08 07:54:\d\d UTC\+08:00\)/);
  });

  test("1949-09-08 06:00 is about 114 min 12 s before 白露: 'before', with the minutes and seconds of the distance", () => {
    const w = warningOf(chartOf({ year: 1949, month: 9, day: 8, hour: 6, gender: "男" }), "NEAR_SOLAR_TERM")!;
    const [min, s] = minutesSeconds(w.message, "before", "白露");
    expect(min * 60 + s).toBe(-w.seconds_from_term);
    expect(min).toBe(114);
    expect(Math.abs(s - 12)).toBeLessThanOrEqual(5);
  });

  test("a 节 other than 立春 names only the month on the other side: after 白露 1949 it would be 壬申, the year 己丑 unchanged", () => {
    const w = warningOf(chartOf({ year: 1949, month: 9, day: 8, hour: 8, gender: "男" }), "NEAR_SOLAR_TERM")!;
    expect(w.message).toContain("month pillar would be 壬申");
    expect(w.message).not.toContain("year pillar");
  });

  test("at 立春 it names the year and the month on the other side: 1984-02-04 22:00 would be 甲子 丙寅", () => {
    const w = warningOf(chartOf({ year: 1984, month: 2, day: 4, hour: 22, gender: "女" }), "NEAR_SOLAR_TERM")!;
    expect(w.message).toMatch(/year pillar would be 甲子 and the month pillar 丙寅/);
    expect(minutesSeconds(w.message, "before", "立春")[0]).toBe(78); // 立春 23:18:45
  });
});

describe("ZI_HOUR_DAY_BOUNDARY message", () => {
  test("1984-02-04 23:30 names this chart's day pillar (戊辰) and the 23:00 school's (己巳, the next day's)", () => {
    const w = warningOf(chartOf({ year: 1984, month: 2, day: 4, hour: 23, minute: 30, gender: "男" }), "ZI_HOUR_DAY_BOUNDARY")!;
    expect(w.message).toMatch(/戊辰.*23:00.*己巳/);
  });
});

describe("APPROXIMATE_BIRTH_TIME message", () => {
  test("15:00 on 1949-10-01 (甲子 day): hour 壬申 could also be 辛未 or 癸酉", () => {
    const w = warningOf(chartOf({ year: 1949, month: 10, day: 1, hour: 15, gender: "男", time_confidence: "approximate" }), "APPROXIMATE_BIRTH_TIME")!;
    expect(w.message).toMatch(/壬申 could also be 辛未 or 癸酉/);
  });
});

describe("LUNAR_MONTH_START_DISPUTED message", () => {
  test("lunar 1906-4-15 (1906-05-08, month from 04-24; new moon 04-24 00:06): the other computation starts it on 04-23, making the birth 1906-05-07, 丙午 癸巳 辛亥 甲午 (golden rd)", () => {
    const c = chartOf({ year: 1906, month: 4, day: 15, hour: 12, gender: "女", calendar_type: "lunar" });
    expect(c.solar.date).toBe("1906-05-08");
    const w = warningOf(c, "LUNAR_MONTH_START_DISPUTED")!;
    expect(w.message).toContain("lunar 1906 month 4 starts on 1906-04-24");
    expect(w.message).toContain("new moon 1906-04-24 00:06");
    expect(w.message).toContain("start it on 1906-04-23");
    expect(w.message).toMatch(/1906-05-07 with pillars 丙午 癸巳 辛亥 甲午/);
  });

  test("lunar 2023-4-30 (四月 has 30 days from 05-19; new moon 05-19 23:53): starting it on 05-20 leaves 29 days, so the message says the day would not exist", () => {
    const c = chartOf({ year: 2023, month: 4, day: 30, hour: 12, gender: "女", calendar_type: "lunar" });
    expect(c.solar.date).toBe("2023-06-17");
    const w = warningOf(c, "LUNAR_MONTH_START_DISPUTED")!;
    expect(w.alternative).toBeNull();
    expect(w.message).toContain("lunar 2023 month 4 starts on 2023-05-19");
    expect(w.message).toContain("start it on 2023-05-20");
    expect(w.message).toMatch(/lunar day would not exist/);
  });
});

describe("CHINA_DAYLIGHT_SAVING_TIME message", () => {
  test("summer 1991-07-15 00:30: one hour earlier is 07-14 23:30, with 辛未 乙未 乙酉 戊子 instead of the chart's 辛未 乙未 丙戌 戊子; nothing shows twice", () => {
    const w = warningOf(chartOf({ year: 1991, month: 7, day: 15, hour: 0, minute: 30, gender: "女" }), "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w.message).toContain("1991-07-14 23:30 standard time (one hour earlier)");
    expect(w.message).toContain("辛未 乙未 乙酉 戊子 instead of 辛未 乙未 丙戌 戊子");
    expect(w.message).not.toContain("twice");
  });

  test("repeated 1991-09-15 01:30 (chart 辛未 丁酉 戊子 癸丑): the clock showed it twice; the first was 00:30 standard time, 壬子 hour", () => {
    const w = warningOf(chartOf({ year: 1991, month: 9, day: 15, hour: 1, minute: 30, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w.message).toContain("1991");
    expect(w.message).toContain("twice");
    expect(w.message).toMatch(/first was 1991-09-15 00:30 standard time/);
    expect(w.message).toContain("辛未 丁酉 戊子 壬子 instead of 辛未 丁酉 戊子 癸丑");
    expect(w.message).not.toContain("one hour earlier");
  });

  test("skipped 1986-05-04 02:30: clocks went from 02:00 to 03:00 in 1986, so it is read as standard time UTC+08:00", () => {
    const w = warningOf(chartOf({ year: 1986, month: 5, day: 4, hour: 2, minute: 30, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w.message).toContain("1986");
    expect(w.message).toContain("02:00 to 03:00");
    expect(w.message).toContain("UTC+08:00");
  });
});

describe("birthplace and other zones' messages", () => {
  test("an unknown birthplace (火星) is named, and the time said to be read as Beijing time, UTC+08:00", () => {
    const w = warningOf(chartOf({ year: 1990, month: 5, day: 17, hour: 8, gender: "女", birthplace: "火星" }), "BIRTHPLACE_NOT_RECOGNISED")!;
    expect(w.message).toContain('"火星"');
    expect(w.message).toContain("UTC+08:00");
  });

  test("New York 1990-07-01 08:00 was EDT: the message names the place, the entered time and the standard time 07:00", () => {
    const w = warningOf(chartOf({ year: 1990, month: 7, day: 1, hour: 8, gender: "女", birthplace: "New York" }), "DAYLIGHT_SAVING_TIME_APPLIED")!;
    expect(w.message).toMatch(/1990-07-01 08:00 was summer time in New York/);
    expect(w.message).toContain("standard time, 1990-07-01 07:00");
  });

  test("New York 1990-10-28 01:30 showed twice: first 00:30 EST (read), second 01:30 EST giving 庚午 丙戌 丙寅 己丑", () => {
    // 01:30 EST = 14:30 Beijing, after 寒露 (10-08): 庚 year → 丙戌 month; day 丙寅 at New York; 丙 day → 己丑 hour.
    const w = warningOf(chartOf({ year: 1990, month: 10, day: 28, hour: 1, minute: 30, gender: "女", birthplace: "New York, NY" }), "DAYLIGHT_SAVING_TIME_REPEATED")!;
    expect(w.message).toContain("New York");
    expect(w.message).toMatch(/first \(1990-10-28 00:30 standard time\).*second, 1990-10-28 01:30 standard time, gives 庚午 丙戌 丙寅 己丑/);
  });
});

describe("TRUE_SOLAR_TIME_CHANGES_PILLARS message", () => {
  const urumqi = { year: 1992, month: 7, day: 15, hour: 0, minute: 30, gender: "男", birthplace: "乌鲁木齐" } as const;

  test("civil chart (Ürümqi 1992-07-15 00:30, 壬辰 day): by true solar time, about 22:15 the day before, the day would be 辛卯 and the hour 己亥", () => {
    const w = warningOf(chartOf(urumqi), "TRUE_SOLAR_TIME_CHANGES_PILLARS")!;
    expect(w.message).toMatch(/true solar time \(1992-07-14 22:\d\d\)/);
    expect(w.message).toMatch(/day pillar would be 辛卯 and the hour pillar 己亥/);
    expect(w.message).not.toContain("civil time");
  });

  test("true-solar chart: by civil time (1992-07-15 00:30) the day would be 壬辰 and the hour 庚子", () => {
    const w = warningOf(chartOf({ ...urumqi, time_basis: "true_solar" }), "TRUE_SOLAR_TIME_CHANGES_PILLARS")!;
    expect(w.message).toContain("civil time (1992-07-15 00:30)");
    expect(w.message).toMatch(/day pillar would be 壬辰 and the hour pillar 庚子/);
    expect(w.message).not.toContain("true solar time (");
  });
});
