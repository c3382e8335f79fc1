import { describe, expect, test } from "bun:test";
import { baziFacts, type BaziFactSheet, yearPillarsAround } from "../../../src/responses/facts/index.ts";
import { type BirthInput, computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

function stored(birth: BirthInput) {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error("invalid birth");
  return json(computeChart(v.birth));
}
const sheet = (birth: BirthInput, id = "bzc_test"): BaziFactSheet => baziFacts(id, stored(birth));
const line = (s: BaziFactSheet, start: string) => s.lines.find((l) => l.startsWith(start));

// 己丑 癸酉 甲子 壬申, a man born 1949-10-01 15:00 Beijing time: 甲 day master, weak.
const A = sheet({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" }, "bzc_1");
// 庚子 己卯 辛酉 己丑: 辛 with roots in 酉 and 丑 and three supporting stems.
const S = sheet({ year: 1960, month: 4, day: 3, hour: 1, gender: "男" });
// 丁未 丙午 戊辰 丁巳: 戊 in the 午 month, in the 专旺 range.
const P = sheet({ year: 1967, month: 7, day: 3, hour: 9, gender: "女" });
// 庚午 辛巳 乙酉 庚辰 with the time approximate (and China's 1990 summer time): two caveats.
const B = sheet({ year: 1990, month: 5, day: 20, hour: 8, gender: "女", time_confidence: "approximate" });

describe("the BaZi fact sheet", () => {
  test("the subject, the birth in Beijing time and each pillar with its hidden stems and their ten gods", () => {
    expect(A.lines[0]).toBe("Subject: BaZi chart bzc_1");
    expect(A.lines[2]).toBe("Birth (Beijing time, UTC+08:00): 1949-10-01 15:00, gender 男, lunar 一九四九年八月初十, time exact");
    // No birthplace, no true solar time line: the pillars follow at once.
    expect(A.lines[3]).toStartWith("year pillar");
    // 丑 hides 己 癸 辛: to a 甲 day master 正财, 正印, 正官.
    expect(A.data.pillars.year.hidden).toEqual(["己(正财)", "癸(正印)", "辛(正官)"]);
    expect(line(A, "year pillar")).toBe("year pillar 己丑: stem earth, branch earth, 纳音 霹雳火, 十神 正财, 藏干 己(正财) 癸(正印) 辛(正官)");
  });

  test("day master, element counts, favourable and unfavourable elements, luck pillars", () => {
    expect(line(A, "Day master")).toBe("Day master: 甲 (yang wood), weak");
    expect(line(A, "Five-element counts")).toBe("Five-element counts: wood 1, fire 0, earth 2, metal 2, water 3");
    // A weak 甲 wants water (resource) and wood (companions); fire, earth and metal drain or press it.
    expect(A.data.unfavorable).toEqual(["fire", "earth", "metal"]);
    expect(line(A, "Favorable elements")).toBe("Favorable elements: water, wood; unfavorable: fire, earth, metal");
    // A man of a yin year (己) runs backward from the 癸酉 month: 壬申, 辛未, …
    // The luck starts 7 years 9 months 10 days after birth (from the previous 节 to the birth, 3 days a year).
    expect(line(A, "Luck pillars")).toStartWith("Luck pillars (backward, from 1957-07-11, 7 y 9 m 10 d after birth): 壬申 1957–1966, 辛未 1967–1976, 庚午 1977–1986,");
  });

  test("relations, 神煞, growth stages, 旬 and void, the palaces and the pillars' conventions", () => {
    // 甲己 and 子丑 combine towards earth (year and day), 酉丑 and 申子 half-combine; 子酉 is a break.
    expect(line(A, "Relations")).toBe("Relations among the pillars (合冲刑害破): 甲己合土 (year and day pillars; towards earth, not transformed); 酉丑半合金局 (year and month pillars; towards metal, not transformed); 子丑合土 (year and day pillars; towards earth, not transformed); 子酉破 (month and day pillars); 申子半合水局 (day and hour pillars; towards water, not transformed)");
    // 天乙贵人 of 甲 is 丑未, of 己 子申; 文昌 of 己 is 酉; 桃花 from 子 (申子辰) is 酉; 将星 from 丑 (巳酉丑) is 酉; 天喜 from 丑 is 申.
    expect(line(A, "神煞")).toBe("神煞: 天乙贵人 on the year pillar (by the day stem); 天乙贵人 on the day pillar (by the year stem); 天乙贵人 on the hour pillar (by the year stem); 文昌 on the month pillar (by the year stem); 桃花 on the month pillar (by the day branch); 将星 on the month pillar (by the year branch); 天喜 on the hour pillar (by the year branch)");
    // 甲 is born in 亥: 沐浴 子, 冠带 丑, 绝 申, 胎 酉.
    expect(line(A, "Growth stages")).toBe("Growth stages (十二长生) of the day master: year 冠带, month 胎, day 沐浴, hour 绝");
    // 己丑 is in the 甲申 decade (void 午未); 癸酉, 甲子 and 壬申 in 甲子's (void 戌亥).
    expect(line(A, "旬 and void")).toBe("旬 and void (空亡) of each pillar: year 甲申旬 (void 午未), month 甲子旬 (void 戌亥), day 甲子旬 (void 戌亥), hour 甲子旬 (void 戌亥)");
    expect(line(A, "Palaces")).toMatch(/^Palaces: 胎元 甲子 \(海中金\), 命宫 \S\S \(\S+\), 身宫 \S\S \(\S+\)$/);
    expect(line(A, "Convention (day pillar)")).toStartWith("Convention (day pillar): Changes at 00:00.");
    expect(A.lines.filter((l) => l.startsWith("Convention")).map((l) => l.slice(0, l.indexOf(")") + 1))).toEqual(["Convention (year pillar)", "Convention (month pillar)", "Convention (day pillar)", "Convention (hour pillar)", "Convention (luck)"]);
    expect(A.data.shenSha!.length).toBe(7);
    expect(A.data.pillars.day.void).toEqual(["戌", "亥"]);
  });

  test("a chart stored before relations, 神煞, palaces and conventions has none of those lines; no relation says so", () => {
    const chart = stored({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
    const { relations, shen_sha, tai_yuan, conventions, ...older } = chart;
    const old = baziFacts("bzc_old", older);
    // The same sheet less exactly those lines: nothing else added or lost.
    expect(old.lines).toEqual(baziFacts("bzc_old", chart).lines.filter((l) => !/^(Relations|神煞|Palaces|Convention)/.test(l)));
    // Pillars stored before their growth stage, 旬 and void: no such lines either.
    const bare = json(chart);
    for (const p of Object.values(bare.pillars) as Record<string, unknown>[]) delete p.growth_stage, delete p.xun;
    expect(baziFacts("bzc_bare", bare).lines).toEqual(baziFacts("bzc_bare", chart).lines.filter((l) => !/^(Growth stages|旬 and void)/.test(l)));
    // One pillar without its stage is left out of the line, not shown as undefined.
    const oneless = json(chart);
    delete oneless.pillars.hour.growth_stage;
    expect(line(baziFacts("bzc_oneless", oneless), "Growth stages")).toBe("Growth stages (十二长生) of the day master: year 冠带, month 胎, day 沐浴");
    expect(old.data.relations).toBeNull();
    expect(old.data.shenSha).toBeNull();
    // The palaces for the local answers: all three as stored, or none when one is missing.
    expect(baziFacts("bzc_new", chart).data.palaces).toStrictEqual({ taiYuan: chart.tai_yuan, mingGong: chart.ming_gong, shenGong: chart.shen_gong });
    expect(chart.tai_yuan).toEqual({ ganzhi: "甲子", nayin: "海中金" });
    expect(old.data.palaces).toBeUndefined();
    for (const missing of ["tai_yuan", "ming_gong", "shen_gong"]) {
      const { [missing]: _gone, ...rest } = chart as Record<string, unknown>;
      expect(baziFacts("bzc_part", rest as never).data.palaces).toBeUndefined();
    }
    expect(line(baziFacts("bzc_none", { ...chart, relations: [], shen_sha: [] }), "Relations")).toEndWith(": none");
    expect(line(baziFacts("bzc_none", { ...chart, relations: [], shen_sha: [] }), "神煞")).toBe("神煞: none");
    // A relation stored without "transforms", or of one pillar, or without an element.
    const odd = baziFacts("bzc_odd", { ...chart, relations: [{ type: "punishment", members: ["day"], name: "午午自刑" }, { type: "six_combination", members: ["year", "day"], name: "子丑合土", element: "earth" }, { type: "stem_combination", members: ["month", "hour"], name: "丙辛合水", element: "water", transforms: true }] as never });
    expect(line(odd, "Relations")).toBe("Relations among the pillars (合冲刑害破): 午午自刑 (day pillar); 子丑合土 (year and day pillars; towards earth); 丙辛合水 (month and hour pillars; towards water, transformed)");
    expect(odd.data.relations![1]).toStrictEqual({ type: "six_combination", name: "子丑合土", members: ["year", "day"], element: "earth" });
    // Two bases for one star on one pillar are listed together.
    const twice = baziFacts("bzc_twice", { ...chart, shen_sha: [{ name: "天乙贵人", pillar: "month", basis: "day_stem" }, { name: "天乙贵人", pillar: "month", basis: "year_stem" }, { name: "文昌", pillar: "month", basis: "day_stem" }] });
    expect(line(twice, "神煞")).toBe("神煞: 天乙贵人 on the month pillar (by the day stem, by the year stem); 文昌 on the month pillar (by the day stem)");
    // A luck section stored without its start age names only the date.
    expect(line(baziFacts("bzc_age", { ...chart, luck: { ...chart.luck, start_age: undefined as never } }), "Luck pillars")).toStartWith("Luck pillars (backward, from 1957-07-11): ");
  });

  test("the chart's warnings are carried as messages and as lines", () => {
    // 08:00 is the 辰 hour; its neighbours for a 乙 day are 己卯 and 辛巳.
    expect(B.data.warnings).toHaveLength(2);
    expect(B.data.warnings[0]!.en).toStartWith("Birth time is approximate: the hour pillar 庚辰 could also be 己卯 or 辛巳");
    expect(B.data.warnings[0]!.zh).toBe("出生时间是约数：时柱庚辰也可能是相邻的己卯或辛巳。");
    expect(B.lines.filter((l) => l.startsWith("Warning: "))).toEqual(B.data.warnings.map((w) => `Warning: ${w.en}`));
    expect(A.lines.some((l) => l.startsWith("Warning"))).toBe(false);
  });

  test("a birthplace gives its local time and the true solar time, read by the chosen basis", () => {
    const urumqi = sheet({ year: 1990, month: 5, day: 20, hour: 8, gender: "女", birthplace: "乌鲁木齐", time_basis: "true_solar" });
    expect(urumqi.lines[2]).toStartWith("Birth (local time at 乌鲁木齐市, CN, Asia/Shanghai): 1990-05-20 08:00");
    // About 87.6°E, some two hours of longitude west of 120°E: 07:00 standard time is 04:54 by the sun.
    expect(urumqi.lines[3]).toBe("True solar time at the birthplace: 1990-05-20 04:54 (correction -126 min); the day and hour pillars read true solar time");
    const london = sheet({ year: 1990, month: 5, day: 20, hour: 8, gender: "女", birthplace: "London" });
    expect(london.lines[2]).toStartWith("Birth (local time at London, GB, Europe/London): 1990-05-20 08:00");
    expect(london.lines[3]).toEndWith("; the day and hour pillars read local standard time");
  });
});

describe("the graded strength line", () => {
  test.each([
    // 死 in 酉 (metal controls wood), no root, 癸 and 壬 supporting.
    ["a weak 甲 without roots", A, "Graded strength: 40.4/100 weak; 得令 no (死 in the month); 得地 no (no root); 得势 yes (month, hour stems supporting)"],
    // 囚 in 卯 (metal controls wood); 辛 in 酉 (main qi) and 丑 (residual qi).
    ["a 辛 with two roots", S, "Graded strength: 49/100 balanced; 得令 no (囚 in the month); 得地 yes (辛 in the day branch (main qi), 辛 in the hour branch (residual qi)); 得势 yes (year, month, hour stems supporting)"],
  ])("%s", (_, s, text) => {
    expect(line(s, "Graded strength")).toBe(text);
  });

  test("a hint and the absence of supporting stems are named", () => {
    expect(line(P, "Graded strength")).toContain(" (专旺 hint); 得令 yes (相 in the month)");
    expect(line(B, "Graded strength")).toEndWith("得势 no (no stems supporting)");
  });

  test("a chart stored before the graded strength has no such line", () => {
    const chart = stored({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
    const old = baziFacts("bzc_old", { ...chart, five_elements: { ...chart.five_elements, strength: undefined } });
    const dayMaster = old.lines.findIndex((l) => l.startsWith("Day master"));
    expect(old.lines[dayMaster + 1]).toStartWith("Five-element counts");
  });
});

describe("the years around now", () => {
  test("each year's pillar carries the nominal age from the birth year", () => {
    // Born 1949: 虚岁 77 in 2025 (1 in the birth year).
    expect(yearPillarsAround(A.data, 2025).map((y) => [y.year, y.ganzhi, y.age])).toEqual([[2025, "乙巳", 77], [2026, "丙午", 78]]);
  });
});
