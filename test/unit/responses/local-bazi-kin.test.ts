/**
 * Parents, siblings and a business read from their own stars, the verdict on a topic's stars (their
 * element here, and what the day master's strength makes of them), the spouse palace and 犯太岁 —
 * each answer checked by hand against the chart's pillars.
 */
import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { chartTopics, starsFor, starsParagraph } from "../../../src/responses/local/bazi-stars.ts";
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

  test("siblings: the peer stars, which a weak day master counts in its favour", () => {
    expect(ask(A, "How many siblings do I have?", "en")).toEndWith(
      "In this chart, the peer stars are wood (favorable). With a weak day master, they are the support it needs: tradition counts them in your favor.",
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

  test("two topics read from the same stars get one paragraph (a divorce fought in court is a marriage and a lawsuit)", () => {
    const woman = { ...A, gender: "女" };
    expect(chartTopics("离婚官司能赢吗")).toEqual(["relationship", "lawsuit"]);
    expect(ask(woman, "离婚官司能赢吗").match(/这类问题传统上看官杀/g)).toHaveLength(1);
    // A man's spouse is his wealth star: two readings.
    expect(ask(A, "离婚官司能赢吗").match(/这类问题传统上看/g)).toHaveLength(2);
  });

  test("getting on with colleagues, classmates or friends is the peers' stars (比劫); a colleague's own matter is not", () => {
    for (const q of ["我跟同事关系怎么样", "我和同学相处得好吗", "朋友之间合得来吗", "处理好和朋友的关系", "我的人缘怎么样", "人际关系好不好", "How do I get along with my coworkers?", "getting along with friends", "will I make friends easily?", "keep friends?"]) expect({ q, topics: chartTopics(q) }).toEqual({ q, topics: ["siblings"] });
    expect(ask(A, "我跟同事关系怎么样")).toStartWith("这类问题传统上看比劫（兄弟姐妹与同辈；宫位在月柱）");
    for (const q of ["和同事、家人相处得好吗", "相处融洽的同学多吗", "关系好的朋友多吗", "getting along with my colleague", "get along with my friend", "get along with coworker", "get along with my classmate", "getting along with my peer"]) expect({ q, topics: chartTopics(q) }).toEqual({ q, topics: ["siblings"] });
    // Another matter beside the bond keeps its own stars.
    expect(chartTopics("和同事的关系会影响我的财运吗")).toEqual(["career", "money"]);
    expect(chartTopics("我同事能升职吗")).toEqual(["career"]);
    // A boyfriend or a girlfriend is no friend of this kind.
    expect(chartTopics("我和男朋友相处得好吗")).toEqual(["relationship"]);
    expect(chartTopics("和女朋友的关系怎么样")).toEqual(["relationship"]);
    expect(chartTopics("朋友会帮我创业吗")).toEqual(["business"]);
  });

  test("the folk 克夫, 旺夫 (bad or good for a spouse) is the marriage", () => {
    for (const q of ["我是不是克夫", "我克妻吗", "我旺夫吗", "我帮夫吗", "我旺不旺妻"]) expect({ q, topics: chartTopics(q) }).toEqual({ q, topics: ["relationship"] });
    expect(ask(A, "我是不是克妻")).toContain("这类问题传统上看财星（男命以财为妻星）");
  });

  test("a year asked of one matter is read for it: whether the year's stem is one of the matter's stars", () => {
    // A: 2025 乙巳's stem is 劫财, 2028 戊申's 偏财 (a wealth star, the spouse star of a man's chart).
    const [year, against, stars] = ask(A, "今年感情运怎么样").split("\n");
    expect(year).toStartWith("2025年流年乙巳（天干为劫财）");
    expect(against).toBe("流年天干劫财不是此事所看的财星：这一年对此事的直接作用较小，主要还看大运与原局。");
    expect(stars).toStartWith("这类问题传统上看财星（男命以财为妻星）");
    expect(ask(A, "2028年感情怎么样")).toContain("流年天干偏财正是此事所看的财星：传统上这一年与此事关联更紧，宜多留意机会。");
    expect(ask(A, "What's my love life going to be like in 2028?", "en")).toContain("The year's stem, 偏财, is one of the wealth stars this matter is read from: traditionally the year bears on it more closely, a time to watch for openings.");
    expect(ask(A, "How is my love life this year?", "en")).toContain("The year's stem, 劫财, is not one of the wealth stars this matter is read from: traditionally the year bears on it less directly");
    // A decision's timing is its own answer; two matters, or none, get no such sentence.
    expect(ask(A, "今年要不要跳槽")).not.toContain("此事所看的");
    expect(ask(A, "今年事业和感情怎么样")).not.toContain("此事所看的");
    expect(ask(A, "今年运势怎么样")).not.toContain("此事所看的");
  });

  test("at what age: the coming years that bring the stars, each with the age reached in it", () => {
    // A, born 1949: from 2025 the wealth stars' years are 2028 戊申 and 2029 己酉.
    expect(ask(A, "我适合几岁结婚")).toStartWith("问“什么时候”，传统上先看财星透出天干的流年，最能引动此事。从今年起的12年里，这样的年份有：2028年戊申（偏财，那年满79岁）、2029年己酉（正财，那年满80岁）。");
    expect(ask(A, "At what age will I marry?", "en")).toContain("2028 (戊申, 偏财, the year you turn 79) and 2029 (己酉, 正财, the year you turn 80)");
    for (const q of ["多少岁结婚", "什么年纪能发财", "哪个年纪成家", "多大年纪结婚", "how old will I be when I marry?", "so at what age do I marry"]) expect({ q, ages: /满\d+岁|you turn \d+/.test(ask(A, q, /[a-z]/.test(q) ? "en" : "zh")) }).toEqual({ q, ages: true });
    // Asked when, the years alone.
    expect(ask(A, "我什么时候结婚")).not.toContain("那年满");
  });

  test("a divorce alone is the marriage: the spouse star, not the officer stars a court is read from", () => {
    expect(chartTopics("我会离婚吗")).toEqual(["relationship"]);
    expect(chartTopics("Will I get divorced?")).toEqual(["relationship"]);
    expect(chartTopics("离婚后孩子的抚养权")).toEqual(["relationship", "lawsuit", "children"]);
    expect(ask(A, "我会离婚吗").match(/这类问题传统上看/g)).toHaveLength(1);
    expect(ask(A, "我会离婚吗")).not.toContain("官杀");
  });
});

describe("someone else's own matter", () => {
  const B = chart({ year: 1992, month: 3, day: 8, hour: 7, minute: 45, gender: "女" });
  test("is read from their own chart if this one is the asker's (then only the star that stands for them is said), or asked by itself if it is theirs", () => {
    expect(ask(B, "我老公的事业怎么样？")).toBe(
      "问的是丈夫（男友）自己的事。若这个命盘是你自己的，丈夫（男友）的事要看丈夫（男友）自己的八字（可以用丈夫（男友）的出生信息另建一个命盘）；在你的盘里，传统上只能从代表丈夫（男友）的那类星，看丈夫（男友）与你的缘分，如下。若这个命盘就是丈夫（男友）的，直接问那件事本身（如“事业怎么样”），就按这个命盘来读。\n这类问题传统上看官杀（女命以官为夫星）。在你的盘中，它们出现在年柱藏干戊(正官)、日柱藏干己(七杀)、时柱藏干戊(正官)。在本盘，官杀属土，为忌。由于日主偏弱，传统的建议是先增强自身（喜用五行），再去承担更多。",
    );
    expect(ask(B, "How is my husband's career?", "en")).toStartWith("You ask about your husband or boyfriend's own matter. If this chart is yours, theirs is read from their own chart (create one from their birth details); in yours, tradition sees your husband or boyfriend only through the stars that stand for them, as a bond with you, below. If this chart is your husband or boyfriend's, ask about the matter itself (\"how is the career?\") and it is read from this chart.\nQuestions like this are traditionally read from the officer stars (for a woman's chart, the spouse star).");
    // The example is the matter asked, by itself; studies where none of these is asked.
    expect(ask(B, "Is my husband going to be rich?", "en")).toContain("ask about the matter itself (\"how is the money?\")");
    expect(ask(B, "我老公会中彩票吗")).toContain("直接问那件事本身（如“财运怎么样”）");
    expect(ask(B, "我老公的感情运怎么样")).toContain("直接问那件事本身（如“感情怎么样”）");
    expect(ask(B, "Is my husband's health ok?", "en")).toContain("(\"how is the health?\")");
    expect(ask(B, "我老公考试能过吗")).toContain("直接问那件事本身（如“学业怎么样”）");
    expect(ask(B, "我老公的财运好吗")).toContain("直接问那件事本身（如“财运怎么样”）");
    expect(ask(B, "我老公的身体好吗")).toContain("直接问那件事本身（如“身体怎么样”）");
    expect(ask(B, "Will my husband win the lottery?", "en")).toContain("(\"how is the money?\")");
    expect(ask(B, "Is my husband happy in love?", "en")).toContain("(\"how is love?\")");
    expect(ask(B, "Will my husband pass his exam?", "en")).toContain("(\"how are the studies?\")");
    expect(ask(A, "Will my wife get the promotion?", "en")).toContain("your wife or girlfriend's own matter");
    expect(ask(A, "Will my wife get the promotion?", "en")).toContain("the wealth stars (for a man's chart, the spouse star)");
    expect(ask(A, "我妈的官司能赢吗")).toContain("印星与偏财");
    expect(ask(A, "我朋友的生意怎么样")).toContain("比劫（兄弟姐妹与同辈");
    const opening = (input: string, lang: "zh" | "en" = "zh") => ask(A, input, lang).split("\n")[0];
    expect(opening("我老婆的工作顺利吗")).toStartWith("问的是妻子（女友）自己的事");
    expect(opening("我女儿的考试能过吗")).toStartWith("问的是孩子自己的事。若这个命盘是你自己的，孩子的事要看孩子自己的八字");
    expect(opening("Will my daughter pass her exam?", "en")).toStartWith("You ask about your child's own matter");
    expect(opening("我妈的官司能赢吗")).toStartWith("问的是父母自己的事");
    expect(opening("Will my mother win her lawsuit?", "en")).toStartWith("You ask about your parent's own matter");
    expect(opening("我朋友的生意怎么样")).toStartWith("问的是兄弟姐妹或朋友自己的事");
    expect(opening("How is my brother's business?", "en")).toStartWith("You ask about your sibling or friend's own matter");
    // The asker's own matter with someone in it stays the asker's.
    expect(ask(B, "我和老公能走到最后吗")).not.toContain("若这个命盘是你自己的");
    expect(ask(B, "我的事业怎么样")).not.toContain("若这个命盘是你自己的");
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
    // "在哪里" is also where to find them: the direction first, then where the chart carries it.
    expect(ask(A, "我的贵人在哪里")).toContain("你的盘中，天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干）。");
  });
});

describe("what the chart calls the person by", () => {
  test("the zodiac animal is the year pillar's branch, whose year turns at 立春", () => {
    expect(ask(A, "我属什么？")).toBe("你属牛：生肖看年柱的地支（丑）。八字的年柱以立春换年，所以生在元旦之后、立春之前的人，属的是前一年的生肖。");
    // Born 20 January 1990, before 立春: the year pillar is 己巳, so the Snake, not 1990's Horse.
    const january = chart({ year: 1990, month: 1, day: 20, hour: 8, gender: "女" });
    expect(ask(january, "What's my Chinese zodiac?", "en")).toStartWith("Your zodiac animal is the Snake (蛇), from the year pillar's branch 巳.");
    expect(ask(chart({ year: 1992, month: 3, day: 8, hour: 7, gender: "女" }), "what animal am I?", "en")).toStartWith("Your zodiac animal is the Monkey (猴)");
  });

  test("each pillar's 纳音, and the year's as the person's", () => {
    expect(ask(A, "我的纳音是什么")).toBe("你四柱的纳音：年柱己丑为霹雳火，月柱癸酉为剑锋金，日柱甲子为海中金，时柱壬申为剑锋金。传统上以年柱纳音论“命”，所以你是霹雳火命；纳音是辅助的象，断命仍以五行与十神为主。");
    expect(ask(A, "What is my nayin?", "en")).toStartWith("Your pillars' 纳音: year 己丑: 霹雳火; month 癸酉: 剑锋金; day 甲子: 海中金; hour 壬申: 剑锋金. Tradition names a person by the year's, so yours is 霹雳火;");
  });

  test("命宫, 身宫 and 胎元 as stored, or that the chart predates them", () => {
    // 胎元: the month pillar 癸酉's next stem and its branch three on: 甲子, 海中金.
    const said = ask(A, "我的命宫和胎元是什么");
    expect(said).toStartWith(`你的命宫${A.palaces!.mingGong.ganzhi}（${A.palaces!.mingGong.nayin}）、身宫${A.palaces!.shenGong.ganzhi}（${A.palaces!.shenGong.nayin}）、胎元甲子（海中金）。传统上命宫看一生的大体格调`);
    expect(ask(A, "What is my life palace?", "en")).toContain("胎元 (conception pillar) 甲子 (海中金). Tradition reads the life palace");
    expect(ask({ ...A, palaces: undefined }, "命宫")).toBe("这个命盘保存时还没有记录命宫、身宫和胎元；重新创建命盘即可得到。");
    expect(ask({ ...A, palaces: undefined }, "ming gong?", "en")).toBe("This chart was stored before its 命宫, 身宫 and 胎元 were recorded; a chart created again has them.");
  });

  test("'what is my day master?' gets its image", () => {
    expect(ask(A, "What is my day master?", "en")).toStartWith("Temperament is read first from the day master: you are 甲, yang wood");
    expect(ask(A, "我的日主是什么")).toStartWith("性格传统上先看日主：你是甲木");
    expect(ask(A, "日主代表什么")).toStartWith("性格传统上先看日主：你是甲木");
    // The folk "hard" chart is the day master's strength.
    for (const q of ["我的八字硬不硬", "我命硬吗", "我八字轻吗", "是不是命太硬"]) expect({ q, strength: ask(A, q).includes("日主强弱按分数评估") }).toEqual({ q, strength: true });
    for (const q of ["What does my day master mean?", "what my day master stands for", "what does my day master stand for", "what does my day master say about me", "what is my strong point"]) expect(ask(A, q, "en")).toStartWith("Temperament is read first from the day master");
  });
});

describe("every wording, each part checked", () => {
  // 壬申 癸卯 癸未 丙辰, a woman: 癸 water, weak; favourable metal and water. Day branch 未 holds 己丁乙.
  const B = chart({ year: 1992, month: 3, day: 8, hour: 7, minute: 45, gender: "女" });

  test.each([
    ["my father?", ["parents"]], ["and my mum", ["parents"]], ["my dad", ["parents"]], ["a parent", ["parents"]], ["my mother", ["parents"]],
    ["my grandfather's house", ["home"]], ["motherhood", []], ["grandmothers", []],
    ["a brother, ok?", ["siblings"]], ["my parents and my husband?", ["relationship", "parents"]], ["start an online business", ["business"]], ["starting my small business", ["business"]], ["start an business", ["business"]],
    ["my sister", ["siblings"]], ["my sisters", ["siblings"]], ["my brother", ["siblings"]], ["a sibling", ["siblings"]],
    ["my parents and my boyfriend", ["relationship", "parents"]], ["my parents say I should get married", ["relationship"]], ["parents, dating", ["relationship"]],
    ["我爸妈身体怎么样", ["health"]],
    ["start a company?", ["business"]], ["starting my own business", ["business"]], ["my own company", ["business"]], ["entrepreneurship", ["business"]],
    ["open a shop", ["business"]], ["opening my own store", ["business"]], ["start an shop", ["business"]],
    ["创业会影响我的婚姻吗", ["business", "relationship"]],
    ["出名会影响我的婚姻吗", ["fame", "relationship"]], ["Am I going to be famous?", ["fame"]], ["我会出名吗", ["fame"]], ["my reputation at work", ["fame"]], ["a well-known name", ["fame"]], ["renowned", ["fame"]],
    ["我有冇偏財運？", ["windfall"]], ["我什么时候能中彩票", ["windfall"]], ["会有横财吗", ["windfall"]], ["意外之财", ["windfall"]], ["中奖", ["windfall"]], ["赌运", ["windfall"]],
    ["Will I win the lottery?", ["windfall"]], ["any windfalls coming?", ["windfall"]], ["a windfall", ["windfall"]], ["the jackpot", ["windfall"]], ["is gambling good for me", ["windfall"]], ["my indirect wealth", ["windfall"]], ["我的财运", ["money"]], ["中彩票会影响我的婚姻吗", ["windfall", "relationship"]],
    ["我什么时候能遇到真命天子", ["relationship"]], ["我的真命天女", ["relationship"]], ["我适合嫁什么样的人", ["relationship"]], ["我什么时候嫁人", ["relationship"]], ["娶老婆", ["relationship"]],
    // Getting rich in words the lexicon lacks is money; beside a business, the business's.
    ["我幾時會發達", ["money"]], ["想暴富", ["money"]], ["我会发财吗", ["money"]], ["will I ever be rich?", ["money"]], ["getting rich", ["money"]], ["wealthy", ["money"]], ["make good money", ["money"]], ["financial freedom", ["money"]], ["创业能发财吗", ["business"]], ["创业能发达吗", ["business"]], ["中彩票发财", ["windfall"]],
    // Cantonese matter words read as their Mandarin ones (the lexicon's are Mandarin).
    ["我幾時有拖拍", ["relationship"]], ["拍拖運點", ["relationship"]], ["我同屋企人關係點", ["family"]], ["我份工會唔會穩定", ["career"]], ["返工開唔開心", ["career"]], ["幾時搵到工", ["career"]],
    ["老細對我點", ["career"]], ["人工會唔會加", ["career", "money"]], ["人工智能行業", []], ["幾時搵到錢", ["money"]], ["今年買唔買樓好", ["home"]],
    ["When will I meet the one?", ["relationship"]], ["will I find the one", ["relationship"]], ["is he mr right?", ["relationship"]], ["Mr. Right", ["relationship"]], ["Will I marry?", ["relationship"]], ["the one thing", []], ["married to my job", ["career", "relationship"]],
  ] as const)("%s → %p", (input, topics) => {
    expect(chartTopics(input)).toEqual(topics as never);
  });

  // A: 甲's 偏财 is 戊, hidden in the hour branch 申; the one 戊 year of the coming twelve is 2028 戊申.
  test("a windfall is read from 偏财 alone; a lottery or a bet is chance, said first", () => {
    expect(ask(A, "我有偏财运吗")).toBe("这类问题传统上看偏财（意外之财、投机与流动之财）。在你的盘中，它们出现在时柱藏干戊(偏财)。在本盘，财星属土，为忌。由于日主偏弱，传统的建议是先增强自身（喜用五行），再去承担更多。");
    const lottery = ask(A, "我什么时候能中彩票");
    expect(lottery).toStartWith("彩票、赌博的输赢是概率，命盘定不了，也不该拿命盘去押注；传统上说偏财来得快、去得也快，量力而行。\n问“什么时候”，传统上先看偏财透出天干的流年，最能引动此事。从今年起的12年里，这样的年份有：2028年戊申（偏财）。");
    expect(ask(A, "Will I win the lottery?", "en")).toStartWith("A lottery or a bet is chance, which no chart decides, and no stake should rest on one; tradition says windfall money comes fast and goes fast, so play only what you can afford to lose.\nQuestions like this are traditionally read from indirect wealth (windfalls, speculation and money on the move). In your chart they appear in the hour branch's hidden stem 戊(偏财).");
    for (const q of ["should I bet on it?", "betting on football", "the casino tonight?", "any bets?", "Is gambling lucky for me?", "我适合赌钱吗"]) expect(ask(A, q, "en")).toStartWith("A lottery or a bet is chance");
    expect(ask(A, "I'd better start saving", "en")).not.toContain("A lottery or a bet");
    // A chart without 偏财 on its stems or hidden stems says so of the one star.
    const none = { ...A, pillars: { ...A.pillars, hour: { ...A.pillars.hour, hidden: ["庚(七杀)", "壬(偏印)"] } } };
    expect(ask(none, "我有偏财运吗")).toContain("你的盘中天干与藏干都没有出现偏财，传统上会转看大运流年何时引出它。");
    expect(ask(none, "any windfalls coming?", "en")).toContain("Neither the stems nor the hidden stems of your chart carry 偏财; tradition then looks at which luck pillars bring it in.");
    // Several stars, none on the chart: said of them all.
    const noOfficers = { ...A, pillars: { ...A.pillars, year: { ...A.pillars.year, hidden: ["己(正财)", "癸(正印)"] }, month: { ...A.pillars.month, hidden: [] }, hour: { ...A.pillars.hour, hidden: ["壬(偏印)", "戊(偏财)"] } } };
    expect(ask(noOfficers, "how's my career?", "en")).toContain("Neither the stems nor the hidden stems of your chart carry these stars; tradition then looks at which luck pillars bring them in.");
    expect(ask(noOfficers, "我的事业怎么样")).toContain("你的盘中天干与藏干都没有出现这些星，传统上会转看大运流年何时引出它们。");
  });

  test("each group of stars is named, with its element and whether it is favourable here, in each language", () => {
    const verdict = (input: string, lang: "zh" | "en" = "zh") => /(在本盘，[^。]+。|In this chart, [^.]+\.)/.exec(ask(B, input, lang))![1];
    expect(verdict("我的事业怎么样")).toBe("在本盘，官杀属土，为忌。");
    expect(verdict("我的财运怎么样")).toBe("在本盘，财星属火，为忌。");
    expect(verdict("我的子女怎么样")).toBe("在本盘，食伤属木，为忌。");
    expect(verdict("我的学业怎么样")).toBe("在本盘，印星属金，为喜用。");
    expect(verdict("我兄弟姐妹怎么样")).toBe("在本盘，比劫属水，为喜用。");
    expect(verdict("How is my career?", "en")).toBe("In this chart, the officer stars are earth (unfavorable).");
    expect(verdict("What about my studies?", "en")).toBe("In this chart, the resource stars are metal (favorable).");
    expect(verdict("Should I start a business?", "en")).toBe("In this chart, the output stars are wood (unfavorable) and the wealth stars are fire (unfavorable).");
    expect(verdict("My parents?", "en")).toBe("In this chart, the wealth stars are fire (unfavorable) and the resource stars are metal (favorable).");
  });

  test("the readings in full: parents in English, siblings and a business in Chinese", () => {
    expect(ask(B, "What about my parents?", "en")).toStartWith("Questions like this are traditionally read from the resource stars and indirect wealth (traditionally the mother and the father; their palaces are the year and month pillars). In your chart they appear in the year branch's hidden stem 庚(正印) and the day branch's hidden stem 丁(偏财).");
    expect(ask(B, "我兄弟姐妹怎么样")).toBe("这类问题传统上看比劫（兄弟姐妹与同辈；宫位在月柱）。在你的盘中，它们出现在年柱天干（劫财）、年柱藏干壬(劫财)、月柱天干（比肩）、时柱藏干癸(比肩)。在本盘，比劫属水，为喜用。日主偏弱，它们正是生扶自身的力量，传统上视为助力。");
    expect(ask(B, "我适合创业吗")).toStartWith("这类问题传统上看食伤与财星（食伤生财：本事与产出化为收入）。在你的盘中，它们出现在月柱藏干乙(食神)、日柱藏干丁(偏财)、日柱藏干乙(食神)、时柱天干（正财）、时柱藏干乙(食神)。");
    expect(starsFor("business", "女")!.stars).toEqual(["食神", "伤官", "正财", "偏财"]);
    expect(starsFor("fame", "女")!.stars).toEqual(["正官", "七杀"]);
    expect(starsFor("health", "女")).toBeNull();
    expect(starsParagraph(B, "zh", "health")).toBeNull();
  });

  test("the English readings of a business, siblings and the palaces", () => {
    expect(ask(B, "Should I start a business?", "en")).toContain("\nQuestions like this are traditionally read from the output and wealth stars (output generates wealth: skill and work turned into income). In your chart they appear in the month branch's hidden stem 乙(食神),");
    expect(ask(B, "Tell me about my siblings", "en")).toStartWith("Questions like this are traditionally read from the peer stars (siblings and peers; their palace is the month pillar). In your chart they appear in the year stem (劫财),");
    const p = B.palaces!;
    expect(ask(B, "What is my life palace?", "en")).toStartWith(`Your 命宫 (life palace) ${p.mingGong.ganzhi} (${p.mingGong.nayin}), 身宫 (body palace) ${p.shenGong.ganzhi} (${p.shenGong.nayin}) and 胎元 (conception pillar) 甲午 (沙中金).`);
  });

  test("fame is read from the officer stars; the useful god of a chart is its favourable elements", () => {
    expect(ask(B, "Will I be famous?", "en")).toStartWith("Questions like this are traditionally read from the officer stars (reputation, standing and authority).");
    expect(ask(B, "我的名气会大吗")).toStartWith("这类问题传统上看官杀（名声、地位与威望）。");
    expect(ask(A, "我的用神是什么")).toContain("本盘的喜用五行是水、木");
  });

  test("'when?' with no matter of its own is asked of the matter before it", () => {
    const after = (input: string, asked: string[], lang: "zh" | "en" = "zh") => explainBazi(A, input, lang, NOW, asked).focus.join("\n");
    expect(after("那什么时候适合？", ["我适合创业吗？"])).toStartWith("问“什么时候”，传统上先看食伤与财星透出天干的流年，最能引动此事。从今年起的12年里，这样的年份有：2026年丙午（食神）");
    expect(after("When, then?", ["How is my career?"], "en")).toStartWith('For "when", the tradition first looks at the years whose stem is one of the officer stars');
    // Its own matter wins; nothing asked before, or no matter in it, gives no years.
    expect(after("我什么时候结婚？", ["我适合创业吗？"])).toStartWith("问“什么时候”，传统上先看财星透出天干的流年");
    expect(after("什么时候？", [])).not.toContain("什么时候”，传统上");
    expect(after("什么时候？", ["你好"])).not.toContain("什么时候”，传统上");
  });

  test("the matter a follow-up inherits is the newest of the last three questions that named one", () => {
    const after = (input: string, asked: string[]) => explainBazi(A, input, "en", NOW, asked).focus.join("\n");
    expect(after("What about 2029?", ["How is my love life?", "When?"])).toContain("On what you asked before: such matters are read from the wealth stars (for a man's chart, the spouse star).");
    expect(after("And when?", ["How is my career?", "How is my love life?", "When?", "Thanks"])).toStartWith('For "when", the tradition first looks at the years whose stem is one of the wealth stars');
    expect(after("What about 2029?", ["How is my love life?", "When?", "ok", "thanks"])).not.toContain("On what you asked before");
    // Of two within reach, the newer one.
    expect(after("What about 2029?", ["How is my career?", "How is my love life?", "When?"])).toContain("On what you asked before: such matters are read from the wealth stars (for a man's chart, the spouse star).");
  });

  test("the months: those whose stem and branch are both favourable, and those whose stem carries the matter's stars", () => {
    // 2025's months for 甲 (favourable water and wood): none both; 官杀 庚辛 on the stems of the third and fourth.
    expect(ask(A, "今年哪几个月适合换工作？")).toContain("2025年没有天干地支都为喜用的月份。你问的这件事传统上看官杀，天干透出它们的月份最能引动此事：三月庚辰、四月辛巳。");
    expect(ask(A, "Which months are good this year?", "en")).toContain("No month of 2025 has both its stem and branch favorable.");
    expect(ask(A, "Which months are good this year?", "en")).toEndWith("goes more smoothly. No month of 2025 has both its stem and branch favorable.");
    expect(ask(A, "Which months are best for my career?", "en")).toContain("The matter you ask about is read from the officer stars; the months whose stem carries one set it in motion: month 3 庚辰 and month 4 辛巳.");
    // 2026 for 癸 (favourable metal and water): 庚子, the eleventh month, is both.
    const in2026 = explainBazi(B, "今年哪个月最好？", "zh", Date.parse("2026-06-15T10:00:00Z")).focus.join("\n");
    expect(in2026).toContain("天干地支都为喜用的月份是冬月庚子。");
    expect(explainBazi(B, "Which month is best?", "en", Date.parse("2026-06-15T10:00:00Z")).focus.join("\n")).toContain("The months whose stem and branch are both favorable: month 11 庚子.");
    // After a matter, the months are read for it.
    expect(explainBazi(A, "那哪几个月好？", "zh", NOW, ["我的财运怎么样？"]).focus.join("\n")).toContain("你问的这件事传统上看财星，天干透出它们的月份最能引动此事：正月戊寅、二月己卯、冬月戊子、腊月己丑。");
  });

  test("a stage of life asks for its pillar (later life for the hour pillar judged, with the luck pillars from sixty); a major to study for the trades of the favourable elements", () => {
    expect(ask(A, "我的晚年怎么样")).toStartWith("晚年，传统上一看时柱（子女与晚年之宫）：壬申：");
    expect(ask(A, "What about my old age?", "en")).toStartWith("Tradition reads later life first from the hour pillar (the palace of children and later years): 壬申:");
    expect(ask(A, "我童年怎么样")).toStartWith("你的年柱是己丑，传统上代表祖上与早年。");
    expect(ask(A, "my early years?", "en")).toStartWith("Your year pillar is 己丑;");
    expect(ask(A, "我青年时期如何")).toStartWith("你的月柱是癸酉，");
    expect(ask(A, "What about my youth?", "en")).toStartWith("Your month pillar is 癸酉;");
    expect(ask(A, "我适合学什么专业")).toStartWith("传统上按喜用五行选行业。");
    expect(ask(A, "Which major should I choose?", "en")).toStartWith(ask(A, "Which industries suit me?", "en").slice(0, 40));
    expect(ask(A, "what should I study at university?", "en")).toStartWith(ask(A, "Which industries suit me?", "en").slice(0, 40));
  });

  test("strengths and weaknesses are the person's, not the day master's strength", () => {
    expect(ask(A, "What are my strengths?", "en")).toStartWith("Temperament is read first from the day master");
    expect(ask(A, "And weaknesses?", "en")).toStartWith("On weaknesses, tradition reads the day master first");
    expect(ask(A, "我有什么优点和缺点")).toStartWith("性格传统上先看日主");
    expect(ask(A, "How is my day master's strength?", "en")).toStartWith("Graded, the day master scores");
  });

  test("three topics with their own stars: two paragraphs at most", () => {
    expect(ask(B, "我的事业、财运和学业怎么样").match(/这类问题传统上看/g)).toHaveLength(2);
  });

  test("'when' for a business names four of its years, the nearest first", () => {
    // 甲 day master: output 丙丁, wealth 戊己 — from 2025, 丙午 丁未 戊申 己酉 (and 丙辰 丁巳 later).
    expect(ask(A, "我什么时候适合创业？")).toContain("这样的年份有：2026年丙午（食神）、2027年丁未（伤官）、2028年戊申（偏财）、2029年己酉（正财）。");
  });
});

describe("the spouse palace and 太岁, in every wording", () => {
  const B = chart({ year: 1992, month: 3, day: 8, hour: 7, minute: 45, gender: "女" });
  const rel = (type: string, name: string, ...members: ("year" | "month" | "day" | "hour")[]) => ({ type, name, members }) as NonNullable<BaziFacts["relations"]>[number];

  test("every kind of branch relation with the day pillar is named; a stem combination is not", () => {
    const all = {
      ...B,
      relations: [
        rel("stem_combination", "戊癸合火", "year", "day"), rel("six_combination", "午未合火", "day", "hour"), rel("three_combination", "亥卯未三合木局", "month", "day", "hour"),
        rel("directional_combination", "巳午未三会火方", "year", "month", "day"), rel("clash", "丑未冲", "day", "hour"), rel("punishment", "丑未相刑", "day", "hour"), rel("harm", "子未害", "year", "day"),
      ],
    };
    expect(ask(all, "婚姻宫")).toStartWith("婚姻宫是日柱的地支：你的是未，藏己(七杀)、丁(偏财)、乙(食神)。它与时柱午未合火，月柱、时柱亥卯未三合木局，年柱、月柱巳午未三会火方，时柱丑未冲，时柱丑未相刑，年柱子未害。传统上");
    expect(ask(all, "spouse palace", "en")).toStartWith("The spouse palace is the day pillar's branch: yours is 未, holding 己(七杀), 丁(偏财) and 乙(食神). It meets the hour pillar in 午未合火, the month and hour pillars in 亥卯未三合木局, the year and month pillars in 巳午未三会火方, the hour pillar in 丑未冲, the hour pillar in 丑未相刑 and the year pillar in 子未害. Traditionally");
    expect(ask({ ...B, relations: [] }, "spouse palace", "en")).toContain("It meets the other pillars in no combination, clash, punishment, harm or break, which tradition reads as settled. Traditionally");
  });

  test("taisui, said as one word, and the rule in English", () => {
    expect(ask(A, "taisui this year?", "en")).toContain("Traditionally a year offends 太岁 when its branch is your birth-year branch (值太岁, the 本命年) or clashes with, punishes, harms or breaks it. You were born in a 丑 year;");
  });

  test("a star the chart lacks that is looked up by stem: the years of both stems' branches", () => {
    // 文昌 of the day stem 甲 is 巳, of the year stem 己 酉: from 2025, 乙巳 and 己酉.
    expect(ask({ ...A, shenSha: [] }, "有文昌吗")).toStartWith("你的盘中没有文昌；传统上流年地支逢巳、酉时引动它，从今年起的12年里是2025年乙巳、2029年己酉。");
    expect(ask({ ...A, shenSha: [] }, "Do I have 空亡?", "en")).toStartWith("Your chart does not carry 空亡; tradition looks at which luck pillars and years bring it in.");
  });

  test("驿马 present, in English", () => {
    const horse = { ...A, shenSha: [{ name: "驿马", pillar: "hour" as const, basis: "year_branch" as const }] };
    expect(ask(horse, "Should I move abroad?", "en")).toStartWith("Tradition reads travel and moving first from 驿马 (the travelling horse): your chart carries 驿马 on the hour pillar (by the year branch), traditionally a sign of movement and going out into the world;");
  });
});
