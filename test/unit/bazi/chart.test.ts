/**
 * Two complete charts checked by hand. The four pillars are published anchors (1949-10-01 is a
 * widely quoted 甲子 day; 庚午 辛巳 壬午 甲辰 is a textbook example chart); every derived field
 * was then worked out on paper from the classical rules, as noted beside it:
 * - ten gods: element relation to the day master + polarity (same → 偏/比, opposite → 正/劫);
 * - growth stage: count from the day master's 长生 branch (yang forward, yin backward);
 * - xun/void: the 甲 head at or before the pillar in the cycle, and the two branches it misses;
 * - nayin: the 纳音 song (甲子乙丑海中金 …);
 * - 胎元 month stem+1, branch+3; 命宫 14/26 − (month number + hour number) counted from 寅;
 *   身宫 month number + hour number (子 = 1) counted from 寅; palace stems by 五虎遁;
 * - luck: see luck.test.ts for the arithmetic; term instants from the golden file's meta.
 */
import { describe, expect, test } from "bun:test";
import { type ChartBody, computeChart } from "../../../src/bazi/chart.ts";
import type { Element } from "../../../src/bazi/tables.ts";
import { chartOf as chart } from "./chart-helpers.ts";

/** The five elements' Chinese names (the fixed table every `_zh` field follows). */
const ZH = { wood: "木", fire: "火", earth: "土", metal: "金", water: "水" } as const;
const hs = (...pairs: [string, Element, string][]) => pairs.map(([stem, element, ten_god]) => ({ stem, element, element_zh: ZH[element], ten_god }));

describe("1949-10-01 15:00, male (己丑 癸酉 甲子 壬申; day master 甲 yang wood)", () => {
  const c = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });

  test("dates", () => {
    expect(c.solar).toEqual({ date: "1949-10-01", time: "15:00", month_term: { name: "白露", time: expect.stringMatching(/^1949-09-08 07:54/) } });
    expect(c.lunar).toEqual({ year: 1949, month: 8, day: 10, is_leap_month: false, text: "一九四九年八月初十" });
  });

  test("pillars", () => {
    expect(c.pillars.year).toEqual({
      ganzhi: "己丑", stem: "己", branch: "丑", stem_element: "earth", stem_element_zh: "土", branch_element: "earth", branch_element_zh: "土",
      nayin: "霹雳火", // 戊子己丑霹雳火
      ten_god: "正财", // earth: 甲 controls it → wealth; 己 yin vs 甲 yang → 正
      hidden_stems: hs(["己", "earth", "正财"], ["癸", "water", "正印"], ["辛", "metal", "正官"]),
      growth_stage: "冠带", // 甲: 亥长生 子沐浴 丑冠带
      xun: "甲申", void: ["午", "未"], // 己丑 is 6th after 甲申; 甲申…癸巳 miss 午未
    });
    expect(c.pillars.month).toEqual({
      ganzhi: "癸酉", stem: "癸", branch: "酉", stem_element: "water", stem_element_zh: "水", branch_element: "metal", branch_element_zh: "金",
      nayin: "剑锋金", ten_god: "正印", // water generates wood → resource, opposite polarity
      hidden_stems: hs(["辛", "metal", "正官"]), growth_stage: "胎", // 亥…申绝 酉胎
      xun: "甲子", void: ["戌", "亥"],
    });
    expect(c.pillars.day).toEqual({
      ganzhi: "甲子", stem: "甲", branch: "子", stem_element: "wood", stem_element_zh: "木", branch_element: "water", branch_element_zh: "水",
      nayin: "海中金", ten_god: "日主", hidden_stems: hs(["癸", "water", "正印"]), growth_stage: "沐浴",
      xun: "甲子", void: ["戌", "亥"],
    });
    expect(c.pillars.hour).toEqual({
      ganzhi: "壬申", stem: "壬", branch: "申", stem_element: "water", stem_element_zh: "水", branch_element: "metal", branch_element_zh: "金",
      nayin: "剑锋金", ten_god: "偏印", // 甲己还加甲: 甲子 乙丑 … 壬申 at 15:00
      hidden_stems: hs(["庚", "metal", "七杀"], ["壬", "water", "偏印"], ["戊", "earth", "偏财"]),
      growth_stage: "绝", xun: "甲子", void: ["戌", "亥"], uncertain: false,
    });
  });

  test("day master, five elements (4 : 4 tie decided by the 酉 month: officer → weak)", () => {
    expect(c.day_master).toEqual({ stem: "甲", element: "wood", element_zh: "木", yin_yang: "yang" });
    // Stems 己 earth 癸 water 甲 wood 壬 water; branches 丑 earth 酉 metal 子 water 申 metal.
    expect(c.five_elements).toEqual({
      counts: { wood: 1, fire: 0, earth: 2, metal: 2, water: 3 },
      // 酉, an autumn month: 秋金旺水相土休火囚木死.
      seasonal_state: { wood: "死", fire: "囚", earth: "休", metal: "旺", water: "相" },
      day_master_strength: "weak",
      // 甲 in 酉 is 死 (no 得令); no wood in 丑 酉 子 申 (no root); 癸 and 壬 stems (得势). Score by hand:
      // month stem 癸 10 + hour stem 壬 10 + 丑's 中气 癸 0.3 × 8 + 子 (癸) 15 + 申's 中气 壬 0.3 × 10 = 40.4.
      strength: {
        score: 40.4, band: "weak", hint: null,
        basis: {
          de_ling: { held: false, month_state: "死" },
          de_di: { held: false, roots: [] },
          de_shi: { held: true, supporting_stems: ["month", "hour"] },
        },
      },
      support: 4, drain: 4,
      favorable_elements: ["water", "wood"], favorable_elements_zh: ["水", "木"],
      unfavorable_elements: ["fire", "earth", "metal"], unfavorable_elements_zh: ["火", "土", "金"],
    });
  });

  test("palaces", () => {
    expect(c.tai_yuan).toEqual({ ganzhi: "甲子", nayin: "海中金" }); // 癸+1 = 甲, 酉+3 = 子
    // 命宫: 酉 = 8, 申 = 7, sum 15 ≥ 14 → 26 − 15 = 11 = 子; 己 year: 寅丙 … 子丙.
    expect(c.ming_gong).toEqual({ ganzhi: "丙子", nayin: "涧下水" });
    // 身宫: 8 + 申 (子 = 1) 9 = 17 − 12 = 5 = 午; 己 year: 午庚.
    expect(c.shen_gong).toEqual({ ganzhi: "庚午", nayin: "路旁土" });
  });

  test("luck: 己 yin year, male → backward from 白露 1949-09-08 07:54 (23 days + 4 periods = 7 y 9 m 10 d)", () => {
    expect(c.luck.direction).toBe("backward");
    expect(c.luck.start_age).toEqual({ years: 7, months: 9, days: 10 });
    expect(c.luck.start_date).toBe("1957-07-11");
    expect(c.luck.pillars.map((p) => p.ganzhi)).toEqual(["壬申", "辛未", "庚午", "己巳", "戊辰", "丁卯", "丙寅", "乙丑", "甲子", "癸亥"]);
    expect(c.luck.pillars[0]).toEqual({ ganzhi: "壬申", start_year: 1957, end_year: 1966, start_age: 9, end_age: 18 });
    expect(c.luck.pillars[9]).toEqual({ ganzhi: "癸亥", start_year: 2047, end_year: 2056, start_age: 99, end_age: 108 });
  });

  test("no warnings, full conventions, birth echoed with defaults", () => {
    expect(c.warnings).toEqual([]);
    expect(Object.keys(c.conventions).length).toBeGreaterThanOrEqual(10);
    expect(c.conventions.time_zone).toContain("UTC+08:00");
    expect(c.birth).toEqual({ year: 1949, month: 10, day: 1, hour: 15, minute: 0, gender: "男", calendar_type: "solar", is_leap_month: false, time_confidence: "exact", time_basis: "civil" });
    expect([c.place, c.true_solar_time]).toEqual([null, null]);
  });

  test("the same birth given as the lunar date 1949 八月初十 gives the same chart", () => {
    const l = chart({ year: 1949, month: 8, day: 10, hour: 15, gender: "男", calendar_type: "lunar" });
    expect({ ...l, birth: null }).toEqual({ ...c, birth: null });
  });
});

describe("1990-05-17 08:00, female (庚午 辛巳 壬午 甲辰; day master 壬 yang water)", () => {
  const c = chart({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" });

  test("pillars", () => {
    const brief = (p: ChartBody["pillars"]["year"]) => [p.nayin, p.ten_god, p.hidden_stems.map((h) => h.stem + h.ten_god).join(","), p.growth_stage, p.xun, p.void.join("")];
    // 壬 长生 申: 申长生 酉沐浴 戌冠带 亥临官 子帝旺 丑衰 寅病 卯死 辰墓 巳绝 午胎 未养.
    expect(brief(c.pillars.year)).toEqual(["路旁土", "偏印", "丁正财,己正官", "胎", "甲子", "戌亥"]);
    expect(brief(c.pillars.month)).toEqual(["白蜡金", "正印", "丙偏财,庚偏印,戊七杀", "绝", "甲戌", "申酉"]);
    expect(brief(c.pillars.day)).toEqual(["杨柳木", "日主", "丁正财,己正官", "胎", "甲戌", "申酉"]);
    expect(brief(c.pillars.hour)).toEqual(["覆灯火", "食神", "戊七杀,乙伤官,癸劫财", "墓", "甲辰", "寅卯"]);
    expect(c.lunar.text).toBe("一九九〇年四月廿三");
  });

  test("five elements: metal 2 + water 1 = 3 support → weak, favours metal then water", () => {
    expect(c.five_elements.counts).toEqual({ wood: 1, fire: 3, earth: 1, metal: 2, water: 1 });
    expect(c.five_elements.day_master_strength).toBe("weak");
    expect(c.five_elements.favorable_elements).toEqual(["metal", "water"]);
    expect(c.five_elements.unfavorable_elements).toEqual(["wood", "fire", "earth"]);
  });

  test("palaces", () => {
    expect(c.tai_yuan.ganzhi).toBe("壬申"); // 辛+1, 巳+3
    expect(c.ming_gong.ganzhi).toBe("甲申"); // 巳 4 + 辰 3 = 7 → 14 − 7 = 7 = 申; 庚 year: 寅戊 … 申甲
    expect(c.shen_gong.ganzhi).toBe("丙戌"); // 4 + 辰 (子 = 1) 5 = 9 = 戌; 戌丙
  });

  test("luck: 庚 yang year, female → backward from 立夏 1990-05-06 02:35 (11 days + 3 periods = 3 y 9 m 0 d)", () => {
    expect(c.luck.direction).toBe("backward");
    expect(c.luck.start_age).toEqual({ years: 3, months: 9, days: 0 });
    expect(c.luck.start_date).toBe("1994-02-17");
    expect(c.luck.pillars[0]).toEqual({ ganzhi: "庚辰", start_year: 1994, end_year: 2003, start_age: 5, end_age: 14 });
    expect(c.luck.pillars[9].ganzhi).toBe("辛未");
  });
});

test("computeChart refuses what validateBirth would reject", () => {
  const bad = { year: 2024, month: 2, day: 1, hour: 0, minute: 0, gender: "男", calendar_type: "lunar", is_leap_month: true, time_confidence: "exact", time_basis: "civil" } as const;
  expect(() => computeChart(bad)).toThrow(RangeError);
});
