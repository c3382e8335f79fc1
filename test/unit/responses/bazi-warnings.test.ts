/**
 * A chart's warnings said in Chinese (src/responses/facts/bazi-warnings.ts), for answers in Chinese:
 * each kind, from a real chart that raises it, states the facts its fields hold (and its English
 * message states), in Chinese and without English words. The births are chosen by known dates: 立春
 * 2024 at 16:27 Beijing time (the golden files: 16:27:07); China's 1990 summer time from 15 April
 * 02:00 to 16 September 02:00; New York's summer time on 1 July 2000 and its end on 29 October 2000
 * at 02:00.
 */
import { describe, expect, test } from "bun:test";
import { type BirthInput, type ChartBody, computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { baziFacts } from "../../../src/responses/facts/index.ts";
import { warningInChinese, type WarningContext } from "../../../src/responses/facts/bazi-warnings.ts";
import { json } from "../../helpers/stored-json.ts";

function chartOf(birth: BirthInput): ChartBody {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error(`invalid birth ${JSON.stringify(birth)}`);
  return json(computeChart(v.birth));
}

/** The chart's warning of `code`, and what the fact sheet says of it in Chinese. */
function warning(birth: BirthInput, code: string) {
  const chart = chartOf(birth);
  const index = chart.warnings.findIndex((w) => w.code === code);
  expect(index).toBeGreaterThanOrEqual(0);
  return { chart, w: chart.warnings[index]!, zh: baziFacts("bzc_w", chart).data.warnings[index]!.zh };
}

/** Chinese through and through: no English word, apart from UTC, a field's name and the gazetteer's examples. */
function expectChinese(text: string) {
  expect(text.replace(/UTC|birth\.time_basis|Vancouver BC/g, "")).not.toMatch(/[A-Za-z]{2,}/);
}

describe("each warning in Chinese", () => {
  test("子时: the chart's day pillar and the 23:00 school's", () => {
    const { chart, w, zh } = warning({ year: 2000, month: 3, day: 10, hour: 23, minute: 30, gender: "男" }, "ZI_HOUR_DAY_BOUNDARY");
    expect(zh).toBe(`生于23:00–23:59（子时）：本盘在00:00换日，日柱为${chart.pillars.day.ganzhi}；以23:00换日的流派则为${(w as { sect1_day_pillar: string }).sect1_day_pillar}。`);
    expectChinese(zh);
  });

  test("near 立春: the term, its time, how long before, and the year and month pillars on the other side", () => {
    const { w, zh } = warning({ year: 2024, month: 2, day: 4, hour: 16, minute: 0, gender: "女" }, "NEAR_SOLAR_TERM");
    const near = w as { term: string; term_time: string; other_side: { year: string; month: string } };
    expect(near.term).toBe("立春");
    expect(near.term_time).toStartWith("2024-02-04 16:27:");
    // Born 27 min and some seconds before 立春: on the other side it is already 甲辰 year, 丙寅 month.
    expect(zh).toMatch(/^出生时间在立春（北京时间2024-02-04 16:27:\d\d）之前27分\d+秒；在它的另一侧，年柱为甲辰、月柱为丙寅。请核对出生时间。$/);
    expectChinese(zh);
  });

  test("an approximate time: the hour pillar and its two neighbours", () => {
    const { chart, zh } = warning({ year: 1949, month: 10, day: 1, hour: 15, gender: "男", time_confidence: "approximate" }, "APPROXIMATE_BIRTH_TIME");
    const [before, after] = chart.pillars.hour.alternatives!.map((a) => a.ganzhi);
    expect(zh).toBe(`出生时间是约数：时柱${chart.pillars.hour.ganzhi}也可能是相邻的${before}或${after}。`);
    expectChinese(zh);
  });

  test("China's 1990 summer time: an ordinary summer day, the skipped hour and the repeated one", () => {
    const summer = warning({ year: 1990, month: 7, day: 1, hour: 0, minute: 30, gender: "女" }, "CHINA_DAYLIGHT_SAVING_TIME");
    // 00:30 on summer time is 23:30 the day before in standard time: another day, so other pillars.
    expect(summer.zh).toStartWith("出生在1990年中国夏令时期间：若时间读自夏令时的钟，标准时间是1990-06-30 23:30（早一小时），四柱为");
    expect(summer.zh).toEndWith("本盘把所填的时间当作标准时间（UTC+08:00）读取。");
    const skipped = warning({ year: 1990, month: 4, day: 15, hour: 2, minute: 30, gender: "男" }, "CHINA_DAYLIGHT_SAVING_TIME");
    expect(skipped.zh).toBe("1990年中国实行夏令时，当夜时钟从02:00拨到03:00：这个时间不曾出现在夏令时的钟上，因此按所填的标准时间（UTC+08:00）读取；若它读自夏令时的钟，请核对。");
    const repeated = warning({ year: 1990, month: 9, day: 16, hour: 1, minute: 30, gender: "男" }, "CHINA_DAYLIGHT_SAVING_TIME");
    expect(repeated.zh).toStartWith("1990年中国夏令时在当夜结束，01:00–01:59出现了两次。本盘按第二次（标准时间，即所填）读取；第一次是标准时间1990-09-16 00:30，");
    for (const { zh } of [summer, skipped, repeated]) expectChinese(zh);
  });

  test("a birthplace the gazetteer does not know, named as entered", () => {
    const { zh } = warning({ year: 1990, month: 7, day: 1, hour: 12, gender: "女", birthplace: "亚特兰蒂斯" }, "BIRTHPLACE_NOT_RECOGNISED");
    expect(zh).toStartWith("出生地“亚特兰蒂斯”不在地名库中，所以按北京时间（UTC+08:00）读取，也不给出真太阳时。");
    expectChinese(zh);
  });

  test("summer time at the birthplace, taken off; and a time its clocks showed twice", () => {
    const applied = warning({ year: 2000, month: 7, day: 1, hour: 12, gender: "男", birthplace: "New York" }, "DAYLIGHT_SAVING_TIME_APPLIED");
    const a = applied.w as { entered_time: string; standard_time: string };
    expect(applied.zh).toBe(`${a.entered_time}在${applied.chart.place!.name}是夏令时：日柱和时柱按标准时间${a.standard_time}读取。`);
    expect(a.standard_time).toContain("11:00");
    const repeated = warning({ year: 2000, month: 10, day: 29, hour: 1, minute: 30, gender: "男", birthplace: "New York" }, "DAYLIGHT_SAVING_TIME_REPEATED");
    const r = repeated.w as { alternative_standard_time: string; alternative: { year: string; month: string; day: string; hour: string } };
    expect(repeated.zh).toBe(`夏令时结束时，${repeated.chart.place!.name}的钟两次显示这个时间。本盘按第一次读取；第二次是标准时间${r.alternative_standard_time}，四柱为${r.alternative.year} ${r.alternative.month} ${r.alternative.day} ${r.alternative.hour}。`);
  });

  test("true solar time that would change the hour pillar", () => {
    // Urumqi is some 2 h 10 min of solar time behind Beijing time: 09:10 there is about 07:00 by the sun.
    const { w, zh } = warning({ year: 1990, month: 6, day: 1, hour: 9, minute: 10, gender: "男", birthplace: "乌鲁木齐" }, "TRUE_SOLAR_TIME_CHANGES_PILLARS");
    const t = w as { other_time: string; day: string; hour: string };
    expect(zh).toBe(`按真太阳时（${t.other_time}），日柱将是${t.day}，时柱是${t.hour}。用哪种时间定日柱和时柱是流派的选择，由 birth.time_basis 决定。`);
    expectChinese(zh);
  });
});

describe("the other sides of each wording", () => {
  test("near 立春, after it and over an hour away: hours and minutes, and the year before on the other side", () => {
    const after = warning({ year: 2024, month: 2, day: 4, hour: 17, minute: 0, gender: "女" }, "NEAR_SOLAR_TERM").zh;
    // 17:00 is 32 min 53 s after 16:27:07: the other side is still 癸卯 year, 乙丑 month.
    expect(after).toBe("出生时间在立春（北京时间2024-02-04 16:27:07）之后32分53秒；在它的另一侧，年柱为癸卯、月柱为乙丑。请核对出生时间。");
    const early = warning({ year: 2024, month: 2, day: 4, hour: 15, minute: 0, gender: "女" }, "NEAR_SOLAR_TERM").zh;
    expect(early).toContain("之前1小时27分；");
  });

  test("near a 节 other than 立春 only the month changes, and the year is not named", () => {
    // 惊蛰 2024 fell on 5 March at 10:23 Beijing time.
    const { zh } = warning({ year: 2024, month: 3, day: 5, hour: 10, minute: 0, gender: "男" }, "NEAR_SOLAR_TERM");
    expect(zh).toStartWith("出生时间在惊蛰（北京时间2024-03-05 10:2");
    expect(zh).not.toContain("年柱为");
    // Born in the 丙寅 month, just before 惊蛰: on the other side, the 丁卯 month.
    expect(zh).toContain("在它的另一侧，月柱为丁卯。");
  });

  test("a lunar month whose first day is disputed: the other computation's date and pillars, or that the day would not exist there", () => {
    // Lunar 1916 month 1 starts 1916-02-03 here, 1916-02-04 by the other computations (chart-assembly.test.ts).
    const day29 = warning({ year: 1916, month: 1, day: 29, hour: 12, gender: "男", calendar_type: "lunar" }, "LUNAR_MONTH_START_DISPUTED").zh;
    expect(day29).toMatch(/^所填农历月的初一，本盘按朔（北京时间1916-02-0\d \d\d:\d\d:\d\d）定；另一些历法算法（1929年以前用北京地方时，或精度较低的算法）把初一定在另一天，按其出生在1916-03-03，四柱为\S+ \S+ \S+ \S+。$/);
    const day30 = warning({ year: 1916, month: 1, day: 30, hour: 12, gender: "男", calendar_type: "lunar" }, "LUNAR_MONTH_START_DISPUTED").zh;
    expect(day30).toEndWith("把初一定在另一天，按其这个农历日不存在。");
  });

  test("China's summer time with the same pillars an hour earlier says they stay", () => {
    expect(warning({ year: 1990, month: 5, day: 20, hour: 8, gender: "女" }, "CHINA_DAYLIGHT_SAVING_TIME").zh).toContain("标准时间是1990-05-20 07:00（早一小时），四柱不变。");
  });

  // Charts stored before a field existed, or wordings without a place: made by hand, as such a record reads.
  const context: WarningContext = { pillars: { year: "庚午", month: "辛巳", day: "乙酉", hour: "庚辰" }, hourAlternatives: [], birthplace: null, placeName: null, year: 1990 };
  test("without what a wording needs: the English message instead (null), or a plain word for what is missing", () => {
    expect(warningInChinese({ code: "CHINA_DAYLIGHT_SAVING_TIME", message: "m", kind: "summer", standard_time: null, alternative: null, pillars_change: false }, context)).toBeNull();
    expect(warningInChinese({ code: "CHINA_DAYLIGHT_SAVING_TIME", message: "m", kind: "summer", standard_time: "1990-05-20 07:00", alternative: null, pillars_change: false }, context)).toBeNull();
    expect(warningInChinese({ code: "CHINA_DAYLIGHT_SAVING_TIME", message: "m", kind: "summer", standard_time: null, alternative: context.pillars, pillars_change: false }, context)).toBeNull();
    expect(warningInChinese({ code: "BIRTHPLACE_NOT_RECOGNISED", message: "m" }, context)).toBeNull();
    expect(warningInChinese({ code: "APPROXIMATE_BIRTH_TIME", message: "m" }, context)).toBe("出生时间是约数：时柱庚辰可能是相邻的时柱。");
    expect(warningInChinese({ code: "DAYLIGHT_SAVING_TIME_APPLIED", message: "m", entered_time: "2000-07-01 12:00", standard_time: "2000-07-01 11:00" }, context)).toBe("2000-07-01 12:00在出生地是夏令时：日柱和时柱按标准时间2000-07-01 11:00读取。");
    expect(warningInChinese({ code: "DAYLIGHT_SAVING_TIME_REPEATED", message: "m", alternative_standard_time: "2000-10-29 01:30", alternative: context.pillars }, context)).toStartWith("夏令时结束时，出生地的钟两次显示这个时间。");
  });

  test("born at the term's very second: after it", () => {
    const atTerm = warningInChinese({ code: "NEAR_SOLAR_TERM", message: "m", term: "立春", term_time: "2024-02-04 16:27:07", seconds_from_term: 0, other_side: { year: "癸卯", month: "乙丑" } }, context);
    expect(atTerm).toStartWith("出生时间在立春（北京时间2024-02-04 16:27:07）之后0分0秒；");
  });

  test("true solar time, when the chart reads it: the civil time is the other reading", () => {
    expect(warningInChinese({ code: "TRUE_SOLAR_TIME_CHANGES_PILLARS", message: "m", other_basis: "civil", other_time: "09:10", day: "乙酉", hour: "辛巳" }, context)).toBe("按民用时间（09:10），日柱将是乙酉，时柱是辛巳。用哪种时间定日柱和时柱是流派的选择，由 birth.time_basis 决定。");
  });
});
