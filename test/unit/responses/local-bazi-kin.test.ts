/**
 * Parents, siblings and a business read from their own stars, the verdict on a topic's stars (their
 * element here, and what the day master's strength makes of them), the spouse palace and 犯太岁 —
 * each answer checked by hand against the chart's pillars.
 */
import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { chartTopics } from "../../../src/responses/local/bazi-stars.ts";
import { baziFacts, type BaziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const chart = (birth: Parameters<typeof validateBirth>[0]): BaziFacts => {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error("invalid birth");
  return baziFacts("bzc_t", json(computeChart(v.birth))).data;
};
// 己丑 癸酉 甲子 壬申, a man: 甲 wood day master, weak; favourable water and wood.
// Among the pillars: 子丑合土 (year, day), 子酉破 (month, day), 申子半合水局 (hour, day), 甲己合土, 酉丑半合金局.
const A = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
const NOW = Date.parse("2025-06-15T10:00:00Z");
const ask = (f: BaziFacts, input: string, lang: "zh" | "en" = "zh") => explainBazi(f, input, lang, NOW).focus.join("\n");

describe("who or what a chart question is about", () => {
  test.each([
    ["我父母缘分如何", ["parents"]],
    ["我和父母关系好吗", ["parents"]],
    ["What does my chart say about my parents?", ["parents"]],
    ["我兄弟姐妹多吗", ["siblings"]],
    ["How many siblings do I have?", ["siblings"]],
    ["我的孩子怎么样", ["children"]],
    ["我适合创业吗", ["business"]],
    ["Should I start a business?", ["business"]],
    // A partner or marriage named: the bond is the partner's, even with the parents in the question.
    ["我爸妈反对我的婚事", ["relationship"]],
  ])("%s → %p", (input, topics) => {
    expect(chartTopics(input)).toEqual(topics as never);
  });
});

describe("a topic's stars and the verdict on them", () => {
  test("parents: the resource stars as the mother and indirect wealth as the father, each element judged", () => {
    // 甲: resource is water (癸 正印 in the year branch 丑 (己癸辛), on the month stem and in the day branch; 壬 偏印 on the hour stem and in the hour branch);
    // 偏财 is 戊 (in the hour branch 申). Water is favourable, earth is not; mixed, so no strength reading.
    expect(ask(A, "我父母缘分如何")).toBe(
      "这类问题传统上看印星与偏财（传统上印为母、偏财为父；宫位在年柱、月柱）。在你的盘中，它们出现在年柱藏干癸(正印)、月柱天干（正印）、日柱藏干癸(正印)、时柱天干（偏印）、时柱藏干壬(偏印)、时柱藏干戊(偏财)。在本盘，财星属土，为忌；印星属水，为喜用。",
    );
  });

  test("siblings: the companion stars, which a weak day master counts in its favour", () => {
    expect(ask(A, "How many siblings do I have?", "en")).toEndWith(
      "In this chart, the companion stars are wood (favorable). With a weak day master, they are the support it needs: tradition counts them in your favor.",
    );
    // 甲 has no 比肩 or 劫财 on a stem or among the hidden stems of 丑 酉 子 申.
    expect(ask(A, "我兄弟姐妹多吗")).toContain("你的盘中天干与藏干都没有出现这些星");
  });

  test("a strong day master has enough support already", () => {
    const strong = { ...A, strength: "strong" as const, favorable: ["fire", "earth", "metal"], unfavorable: ["water", "wood"] };
    expect(ask(strong, "我父母缘分如何")).toEndWith("在本盘，财星属土，为喜用；印星属水，为忌。");
    expect(ask(strong, "我兄弟姐妹多吗")).toEndWith("在本盘，比劫属木，为忌。日主偏强，它们已经够多，再多反成负担，传统上宜适度。");
    expect(ask(strong, "Do my siblings help me?", "en")).toEndWith("With a strong day master, there is enough of them already: tradition advises moderation.");
  });

  test("a business: output and wealth together, one paragraph and one verdict", () => {
    const text = ask(A, "我适合创业吗");
    expect(text).toStartWith("这类问题传统上看食伤与财星（食伤生财：本事与产出化为收入）。");
    expect(text).toEndWith("在本盘，食伤属火，为忌；财星属土，为忌。由于日主偏弱，传统的建议是先增强自身（喜用五行），再去承担更多。");
    expect(text.split("\n")).toHaveLength(1);
  });

  test("two topics read from the same stars get one paragraph (a divorce is a marriage and a lawsuit)", () => {
    const woman = { ...A, gender: "女" };
    expect(chartTopics("我会离婚吗")).toEqual(["relationship", "lawsuit"]);
    expect(ask(woman, "我会离婚吗").match(/这类问题传统上看官杀/g)).toHaveLength(1);
    // A man's spouse is his wealth star: two readings.
    expect(ask(A, "我会离婚吗").match(/这类问题传统上看/g)).toHaveLength(2);
  });
});

describe("the spouse palace", () => {
  test("the day branch, what it holds and what meets it", () => {
    expect(ask(A, "我的婚姻宫怎么样")).toStartWith(
      "婚姻宫是日柱的地支：你的是子，藏癸(正印)。它与年柱子丑合土，月柱子酉破，时柱申子半合水局。传统上日支逢合主亲和，逢冲主变动，逢刑害主摩擦；这是看婚姻的一个角度，要与配偶星合看，不是定论。",
    );
    expect(ask(A, "Will my marriage last?", "en")).toStartWith(
      "The spouse palace is the day pillar's branch: yours is 子, holding 癸(正印). It meets the year pillar in 子丑合土, the month pillar in 子酉破 and the hour pillar in 申子半合水局. Traditionally",
    );
  });

  test("none met, or not recorded", () => {
    expect(ask({ ...A, relations: [] }, "婚姻宫")).toStartWith("婚姻宫是日柱的地支：你的是子，藏癸(正印)。它与其余三柱没有合、冲、刑、害、破，传统上称为安稳。传统上日支");
    expect(ask({ ...A, relations: null }, "spouse palace", "en")).toStartWith("The spouse palace is the day pillar's branch: yours is 子, holding 癸(正印). Traditionally");
  });

  test("a stem combination with the day stem is not the palace's; a 'when' gets the years alone", () => {
    expect(ask(A, "婚姻宫")).not.toContain("甲己合土");
    expect(ask(A, "我什么时候结婚")).not.toContain("婚姻宫");
    expect(ask(A, "我的婚姻什么时候稳定")).not.toContain("婚姻宫");
  });
});

describe("犯太岁: a year's branch against the birth-year branch 丑", () => {
  const verdict = (input: string, lang: "zh" | "en" = "zh") => ask(A, input, lang).split("\n").at(-1)!;
  test.each([
    ["我今年犯太岁吗", "你生于丑年，2025年流年乙巳与它不冲、不刑、不害、不破，也不是本命年：不犯太岁。"],
    ["2024年犯太岁吗", "2024年流年甲辰：辰丑破，为破太岁，"],
    ["明年犯太岁吗", "2026年流年丙午：丑午害，为害太岁，"],
    ["2027年犯太岁吗", "2027年流年丁未：丑未冲，为冲太岁；丑未相刑，为刑太岁，"],
    ["2030年犯太岁吗", "2030年流年庚戌：丑戌相刑，为刑太岁，"],
    ["2033年是本命年吗", "2033年流年癸丑：与你的年支丑相同，为值太岁（本命年），"],
  ])("%s", (input, expected) => {
    expect(verdict(input)).toContain(expected);
    expect(verdict(input)).toStartWith("传统上，流年地支与出生年支相同为值太岁（本命年）");
    expect(verdict(input)).toEndWith("这是民俗的说法，不必为此担忧。");
  });

  test("in English, and a self-punishing branch's own year is 值太岁 alone", () => {
    expect(verdict("Am I in my zodiac year in 2033?", "en")).toContain("2033 is a 癸丑 year: it is your own branch 丑 (值太岁, your 本命年). Tradition advises a steady, careful year.");
    expect(verdict("Do I offend Tai Sui this year?", "en")).toContain("You were born in a 丑 year; 2025's 乙巳 neither clashes with, punishes, harms nor breaks it, and is not your own branch: it does not offend 太岁.");
    expect(verdict("Does 2027 offend the grand duke?", "en")).toContain("2027 is a 丁未 year: it clashes with your birth-year branch 丑 (丑未冲); it punishes your birth-year branch 丑 (丑未相刑).");
    // Born 1990 庚午: 2026 丙午 is 午午自刑 with the year pillar too, and said once, as the 本命年.
    const horse = chart({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" });
    const said = explainBazi(horse, "2026年犯太岁吗", "zh", NOW).focus.at(-1)!;
    expect(said).toContain("2026年流年丙午：与你的年支午相同，为值太岁（本命年），传统上");
    expect(said).not.toContain("刑太岁，");
  });
});

describe("贵人, as people ask for 天乙贵人", () => {
  test("where it sits", () => {
    // 甲's 贵人 are 丑未 (the year), 己's 子申 (the day and the hour).
    expect(ask(A, "我的贵人在哪里")).toStartWith("你的盘中，天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干）。");
  });
});
