/**
 * Cross-check against lunar-typescript 1.8.6 (an independent implementation we depend on only for
 * astronomy): for thousands of random births — and hand-picked edge cases — every field the
 * library also computes must agree: pillars (both day-change schools), nayin, ten gods, hidden
 * stems, growth stages, xun/void, 胎元/命宫/身宫, luck (direction, start age and date, ten
 * pillars with years and ages), solar/lunar dates and the lunar text. The library is run the
 * slow, naive way (Solar → Lunar → EightChar → Yun), which is exactly what the engine replaces.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { Lunar, Solar } from "lunar-typescript";
import { almanac, jieEntry } from "../../../src/bazi/almanac.ts";
import type { NormalizedBirth } from "../../../src/bazi/birth.ts";
import { DAY_SECONDS, ymdFromJdn } from "../../../src/bazi/civil-date.ts";
import type { Pillar } from "../../../src/bazi/pillar-view.ts";
import { validateBirth } from "../../../src/bazi/validate-birth.ts";
import { chartOf, warningOf } from "./chart-helpers.ts";

type Input = Record<string, unknown>;

function ours(input: Input) {
  const c = chartOf(input);
  const view = (p: Pillar) => [p.ganzhi, p.nayin, p.ten_god, p.hidden_stems.map((h) => h.stem + h.ten_god).join(","), p.growth_stage, p.xun, p.void.join("")];
  const zi = warningOf(c, "ZI_HOUR_DAY_BOUNDARY");
  return {
    solar: c.solar.date,
    lunar: c.lunar.text,
    pillars: [view(c.pillars.year), view(c.pillars.month), view(c.pillars.day), view(c.pillars.hour)],
    sect1Day: zi ? zi.sect1_day_pillar : c.pillars.day.ganzhi,
    palaces: [c.tai_yuan, c.ming_gong, c.shen_gong].map((p) => p.ganzhi + p.nayin),
    luck: [c.luck.direction, c.luck.start_age.years, c.luck.start_age.months, c.luck.start_age.days, c.luck.start_date],
    luckPillars: c.luck.pillars.map((p) => [p.ganzhi, p.start_year, p.end_year, p.start_age, p.end_age].join(" ")),
  };
}

function library(b: NormalizedBirth) {
  const lunar =
    b.calendar_type === "lunar"
      ? Lunar.fromYmdHms(b.year, b.is_leap_month ? -b.month : b.month, b.day, b.hour, b.minute, 0)
      : Solar.fromYmdHms(b.year, b.month, b.day, b.hour, b.minute, 0).getLunar();
  const ec = lunar.getEightChar();
  const join = (gans: string[], gods: string[]) => gans.map((g, i) => g + gods[i]).join(",");
  const pillars = [
    [ec.getYear(), ec.getYearNaYin(), ec.getYearShiShenGan(), join(ec.getYearHideGan(), ec.getYearShiShenZhi()), ec.getYearDiShi(), ec.getYearXun(), ec.getYearXunKong()],
    [ec.getMonth(), ec.getMonthNaYin(), ec.getMonthShiShenGan(), join(ec.getMonthHideGan(), ec.getMonthShiShenZhi()), ec.getMonthDiShi(), ec.getMonthXun(), ec.getMonthXunKong()],
    [ec.getDay(), ec.getDayNaYin(), ec.getDayShiShenGan(), join(ec.getDayHideGan(), ec.getDayShiShenZhi()), ec.getDayDiShi(), ec.getDayXun(), ec.getDayXunKong()],
    [ec.getTime(), ec.getTimeNaYin(), ec.getTimeShiShenGan(), join(ec.getTimeHideGan(), ec.getTimeShiShenZhi()), ec.getTimeDiShi(), ec.getTimeXun(), ec.getTimeXunKong()],
  ];
  const yun = ec.getYun(b.gender === "男" ? 1 : 0); // the library reads 1 as male, anything else as female
  const palaces = [ec.getTaiYuan() + ec.getTaiYuanNaYin(), ec.getMingGong() + ec.getMingGongNaYin(), ec.getShenGong() + ec.getShenGongNaYin()];
  const daYun = yun.getDaYun(11).slice(1); // [0] is the pre-luck period with an empty 干支
  ec.setSect(1);
  return {
    solar: lunar.getSolar().toYmd(),
    lunar: lunar.toString(),
    pillars,
    sect1Day: ec.getDay(),
    palaces,
    luck: [yun.isForward() ? "forward" : "backward", yun.getStartYear(), yun.getStartMonth(), yun.getStartDay(), yun.getStartSolar().toYmd()],
    luckPillars: daYun.map((d) => [d.getGanZhi(), d.getStartYear(), d.getEndYear(), d.getStartAge(), d.getEndAge()].join(" ")),
  };
}

/** Compare one birth; false if it is not a real date (validateBirth has its own tests). */
function agree(input: Input): boolean {
  const v = validateBirth(input);
  if (!v.ok) return false;
  expect({ input, ...ours(input) }).toEqual({ input, ...library(v.birth) });
  return true;
}

const birth = fc.record({
  year: fc.integer({ min: 1900, max: 2100 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
  gender: fc.constantFrom("男", "女"),
  calendar_type: fc.constantFrom("solar", "solar", "lunar"),
  is_leap_month: fc.boolean(),
});

describe("agreement with lunar-typescript", () => {
  test("random births (fixed seed)", () => {
    let compared = 0;
    fc.assert(
      fc.property(birth, (b) => {
        if (agree(b.calendar_type === "solar" ? { ...b, is_leap_month: false } : b)) compared++;
      }),
      { numRuns: 3000, seed: 20240601 },
    );
    expect(compared).toBeGreaterThan(2000);
  });

  test("edge dates: range ends, Feb 29, month ends at 23:xx, leap months, lunar 2100 腊月初一", () => {
    const cases: Input[] = [
      { year: 1900, month: 1, day: 1, hour: 0, minute: 0 },
      { year: 2100, month: 12, day: 31, hour: 23, minute: 59 },
      { year: 2000, month: 2, day: 29, hour: 12, minute: 0 },
      { year: 1904, month: 2, day: 29, hour: 23, minute: 10 },
      { year: 2096, month: 2, day: 29, hour: 0, minute: 5 },
      { year: 1999, month: 12, day: 31, hour: 23, minute: 30 },
      { year: 2100, month: 12, day: 1, hour: 23, minute: 0, calendar_type: "lunar" },
      { year: 1900, month: 1, day: 1, hour: 0, minute: 0, calendar_type: "lunar" },
      { year: 2023, month: 2, day: 29, hour: 6, minute: 0, calendar_type: "lunar", is_leap_month: true },
      { year: 2025, month: 6, day: 29, hour: 23, minute: 45, calendar_type: "lunar", is_leap_month: true }, // 闰六月 has 29 days
    ];
    for (const c of cases) for (const gender of ["男", "女"]) expect(agree({ ...c, gender })).toBe(true);
  });

  test("one minute either side of 80 sampled 节 instants, both genders", () => {
    const a = almanac();
    for (let y = 1900; y <= 2100; y += 5) {
      for (const k of [1, 6]) {
        const t = a.jie[jieEntry(y, k)];
        for (const delta of [-60, 0, 60]) {
          const at = Math.floor((t + delta) / 60) * 60; // whole minutes, as births are given
          const d = ymdFromJdn(Math.floor(at / DAY_SECONDS));
          const sec = at - Math.floor(at / DAY_SECONDS) * DAY_SECONDS;
          const input = { ...d, hour: Math.floor(sec / 3600), minute: Math.floor((sec % 3600) / 60) };
          for (const gender of ["男", "女"]) expect(agree({ ...input, gender })).toBe(true);
        }
      }
    }
  });
});

describe("lunar input runs to the end of lunar 2100 (2101-01-28)", () => {
  test.each([
    [2100, 12, 29, 8, "男"],
    [2100, 12, 29, 23, "女"],
    [2100, 12, 15, 12, "男"],
    [2100, 12, 1, 0, "女"],
  ] as const)("lunar %i-%i-%i %i:00 %s: solar date, pillars and luck as lunar-typescript gives them", (year, month, day, hour, gender) => {
    const c = chartOf({ year, month, day, hour, gender, calendar_type: "lunar" });
    const lunar = Lunar.fromYmdHms(year, month, day, hour, 0, 0);
    const ec = lunar.getEightChar();
    const yun = ec.getYun(gender === "男" ? 1 : 0, 1);
    expect(c.solar.date).toBe(lunar.getSolar().toYmd());
    expect(Object.values(c.pillars).map((p) => p.ganzhi)).toEqual([ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()]);
    expect(c.luck.start_date).toBe(yun.getStartSolar().toYmd());
    expect(c.luck.pillars.map((p) => p.ganzhi)).toEqual(yun.getDaYun(11).slice(1).map((d) => d.getGanZhi()));
  });

  test("lunar 2100-12-29 is 2101-01-28, and solar input still ends on 2100-12-31", () => {
    expect(Lunar.fromYmd(2100, 12, 29).getSolar().toYmd()).toBe("2101-01-28");
    expect(Lunar.fromYmd(2101, 1, 1).getSolar().toYmd()).toBe("2101-01-29");
    expect(() => chartOf({ year: 2101, month: 1, day: 28, hour: 8, gender: "男" })).toThrow();
  });
});
