/**
 * China's 1986–1991 summer time: the periods against ICU's Asia/Shanghai history (through Intl), and
 * the chart's warning with the standard-time alternative.
 */
import { describe, expect, test } from "bun:test";
import { jdnFromYmd, ymdFromJdn } from "../../../src/bazi/civil-date.ts";
import { summerTimeKind } from "../../../src/bazi/summer-time.ts";
import { chartOf, warningOf } from "./chart-helpers.ts";

const shanghai = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Shanghai", timeZoneName: "longOffset" });
const offsetHours = (ms: number) => (shanghai.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName")!.value === "GMT+09:00" ? 9 : 8);

/** The local clock time of a UTC instant at a given offset, as JDN, hour, minute. */
function wallClock(ms: number, offset: number) {
  const local = new Date(ms + offset * 3_600_000);
  return { jdn: jdnFromYmd(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

describe("the periods agree with ICU's Asia/Shanghai", () => {
  test("every half hour 1985–1992: a clock on summer time shows a summer (or the first repeated) time; one on standard time shows none, a skipped one or the second repeated", () => {
    let summerHours = 0;
    for (let ms = Date.UTC(1985, 0, 1); ms < Date.UTC(1993, 0, 1); ms += 1_800_000) {
      const offset = offsetHours(ms);
      const w = wallClock(ms, offset);
      const kind = summerTimeKind(w.jdn, w.hour, w.minute);
      if (offset === 9) {
        summerHours++;
        expect({ at: new Date(ms).toISOString(), kind }).toEqual({ at: new Date(ms).toISOString(), kind: kind === "repeated" ? "repeated" : "summer" });
      } else {
        expect({ at: new Date(ms).toISOString(), ok: kind === null || kind === "skipped" || kind === "repeated" }).toEqual({ at: new Date(ms).toISOString(), ok: true });
      }
    }
    expect(summerHours).toBeGreaterThan(6 * 140 * 48); // six periods of ~150 days
  });

  test("the edges: 1986-05-04 02:00–02:59 skipped, 1991-09-15 01:00–01:59 repeated, 02:00 after it standard", () => {
    expect(summerTimeKind(jdnFromYmd(1986, 5, 4), 1, 59)).toBeNull();
    expect(summerTimeKind(jdnFromYmd(1986, 5, 4), 2, 30)).toBe("skipped");
    expect(summerTimeKind(jdnFromYmd(1986, 5, 4), 3, 0)).toBe("summer");
    expect(summerTimeKind(jdnFromYmd(1991, 9, 15), 0, 59)).toBe("summer");
    expect(summerTimeKind(jdnFromYmd(1991, 9, 15), 1, 30)).toBe("repeated");
    expect(summerTimeKind(jdnFromYmd(1991, 9, 15), 2, 0)).toBeNull();
    expect(summerTimeKind(jdnFromYmd(1992, 7, 1), 12, 0)).toBeNull();
    expect(ymdFromJdn(jdnFromYmd(1988, 4, 17))).toEqual({ year: 1988, month: 4, day: 17 });
  });

  test("the first day's 02:00 itself is already skipped (clocks jumped from 02:00 to 03:00), 01:59 is not", () => {
    // State Council: 1987 summer time began 1987-04-12 at 02:00.
    expect(summerTimeKind(jdnFromYmd(1987, 4, 12), 1, 59)).toBeNull();
    expect(summerTimeKind(jdnFromYmd(1987, 4, 12), 2, 0)).toBe("skipped");
  });

  test("01:00–01:59 repeats only on the last day: mid-period 01:30 is an ordinary summer time", () => {
    // 1988's period ran 04-17 … 09-11 (State Council); 07-01 is inside it, 09-11 is its last day.
    expect(summerTimeKind(jdnFromYmd(1988, 7, 1), 1, 30)).toBe("summer");
    expect(summerTimeKind(jdnFromYmd(1988, 4, 17), 3, 30)).toBe("summer");
    expect(summerTimeKind(jdnFromYmd(1988, 9, 11), 1, 30)).toBe("repeated");
  });
});

describe("the chart's CHINA_DAYLIGHT_SAVING_TIME warning", () => {
  test("1991-07-15 00:30 on a summer-time clock is 1991-07-14 23:30 standard time: the day pillar 丙戌 becomes 乙酉", () => {
    const c = chartOf({ year: 1991, month: 7, day: 15, hour: 0, minute: 30, gender: "女" });
    expect(c.pillars.day.ganzhi).toBe("丙戌");
    const w = warningOf(c, "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w).toMatchObject({ kind: "summer", standard_time: "1991-07-14 23:30", pillars_change: true });
    expect(w.alternative!.day).toBe("乙酉");
    expect(w.message).toContain("1991-07-14 23:30 standard time");
  });

  test("a summer time whose hour earlier stays in the same two-hour period says the pillars do not change", () => {
    const w = warningOf(chartOf({ year: 1988, month: 7, day: 1, hour: 12, minute: 10, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w).toMatchObject({ kind: "summer", standard_time: "1988-07-01 11:10", pillars_change: false });
    expect(w.message).toContain("with the same pillars");
  });

  test("1986-05-04 02:30 never showed on a summer-time clock: read as standard time, no alternative", () => {
    const w = warningOf(chartOf({ year: 1986, month: 5, day: 4, hour: 2, minute: 30, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w).toMatchObject({ kind: "skipped", standard_time: null, alternative: null, pillars_change: false });
  });

  test("1991-09-15 01:30 showed twice: the chart reads the second; the first was 00:30 standard time (丑 → 子 hour)", () => {
    const c = chartOf({ year: 1991, month: 9, day: 15, hour: 1, minute: 30, gender: "男" });
    const w = warningOf(c, "CHINA_DAYLIGHT_SAVING_TIME")!;
    expect(w).toMatchObject({ kind: "repeated", standard_time: "1991-09-15 00:30", pillars_change: true });
    expect(c.pillars.hour.branch).toBe("丑");
    expect(w.alternative!.hour.endsWith("子")).toBe(true);
  });

  test("outside the periods, and for lunar input inside them, as for solar", () => {
    expect(warningOf(chartOf({ year: 1992, month: 7, day: 1, hour: 12, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")).toBeUndefined();
    expect(warningOf(chartOf({ year: 1985, month: 7, day: 1, hour: 12, gender: "男" }), "CHINA_DAYLIGHT_SAVING_TIME")).toBeUndefined();
    // lunar 1990 六月初一 = 1990-07-22
    expect(warningOf(chartOf({ year: 1990, month: 6, day: 1, hour: 9, gender: "男", calendar_type: "lunar" }), "CHINA_DAYLIGHT_SAVING_TIME")?.kind).toBe("summer");
  });
});
