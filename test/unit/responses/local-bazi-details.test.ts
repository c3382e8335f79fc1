import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { SHEN_SHA_GIST } from "../../../src/responses/local/bazi-details.ts";
import { SHEN_SHA_NAMES } from "../../../src/bazi/shen-sha.ts";
import { GLOSSARY } from "../../../src/responses/data/glossary.ts";
import { baziFacts, type BaziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const v = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!v.ok) throw new Error("invalid birth");
// 己丑 癸酉 甲子 壬申. 天乙贵人 of 甲 is 丑未 (the year), of the year stem 己 子申 (the day and the hour); 文昌 of 己 is 酉;
// 桃花 from the day branch 子 (申子辰) is 酉; 将星 from the year branch 丑 (巳酉丑) is 酉; 天喜 from 丑 is 申.
const A: BaziFacts = baziFacts("bzc_a", json(computeChart(v.birth))).data;
const NOW = Date.parse("2025-06-15T10:00:00Z");
const ask = (f: BaziFacts, input: string, lang: "zh" | "en") => explainBazi(f, input, lang, NOW).focus.join("\n");

describe("神煞", () => {
  test("every star the engine looks up has a gist and a glossary entry", () => {
    expect(SHEN_SHA_NAMES.filter((name) => !SHEN_SHA_GIST[name])).toEqual([]);
    expect(SHEN_SHA_NAMES.filter((name) => !GLOSSARY.some((g) => g.term === name))).toEqual([]);
  });

  test("a star asked by name: where it sits and what it was looked up from", () => {
    expect(ask(A, "我有天乙贵人吗？", "zh")).toStartWith("你的盘中，天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干）。神煞是传统的辅助星");
    expect(ask(A, "Do I have the peach blossom star?", "en")).toStartWith("In your chart 桃花 sits on the month pillar (by the day branch). 神煞 are the tradition's auxiliary stars");
    expect(ask(A, "有驿马吗", "zh")).toStartWith("你的盘中没有驿马；传统上看大运、流年何时带来它。");
  });

  test("all of them, each with a few words", () => {
    expect(ask(A, "我的神煞有哪些？", "zh")).toBe(
      "你的盘中有这些神煞：天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干），主遇难有人相助；文昌在月柱（按年干），主利学业文书；桃花在月柱（按日支），主人缘与异性缘；将星在月柱（按年支），主领导与威望；天喜在时柱（按年支），主喜庆添丁。神煞是传统的辅助星，各家查法不尽相同；断命仍以五行与十神为主。",
    );
    expect(ask(A, "What are my shen sha?", "en")).toStartWith("Your chart carries these 神煞: 天乙贵人 on the year pillar (by the day stem), the day pillar (by the year stem) and the hour pillar (by the year stem): help when it is needed; 文昌 on the month pillar (by the year stem): study and writing;");
    expect(ask({ ...A, shenSha: [] }, "我的神煞有哪些？", "zh")).toStartWith("你的盘中没有查到常用的神煞。");
  });

  test("a chart stored before its stars were looked up says so", () => {
    // 桃花 also names romance, so the spouse stars follow.
    expect(ask({ ...A, shenSha: null }, "我有桃花吗？", "zh")).toStartWith("这个命盘保存时还没有记录神煞；重新创建命盘即可得到。\n这类问题传统上看财星");
    expect(ask({ ...A, shenSha: null }, "What are my shen sha?", "en")).toBe("This chart was stored before its 神煞 were recorded; a chart created again has them.");
  });
});

describe("travel and moving", () => {
  // A: 驿马 from the year branch 丑 (巳酉丑) is 亥, from the day branch 子 (申子辰) 寅; neither is on 丑 酉 子 申.
  // Favourable water and wood: the north and the east.
  test("驿马, then the favourable elements' directions, and the choice left to the person", () => {
    expect(ask(A, "我适合出国发展吗？", "zh")).toBe("传统上看出行与迁居，一看驿马：你的盘中没有驿马，传统上看大运、流年何时带来它；二看喜用五行的方位：水对应北方、木对应东方，传统上说往这些方向较顺。这是象征性的对应；去不去、去哪里，还要看实际的机会与条件。");
    const horse = { ...A, shenSha: [{ name: "驿马", pillar: "hour" as const, basis: "year_branch" as const }] };
    expect(ask(horse, "Should I move abroad?", "en")).toBe("Tradition reads travel and moving first from 驿马 (the travelling horse): your chart carries 驿马 on the hour pillar (by the year branch), traditionally a sign of movement and going out into the world; then from the directions of your favourable elements: water points to the north and wood points to the east, traditionally the easier ways to go. These are symbolic correspondences; whether and where to go rests on your real chances and circumstances.");
    expect(ask({ ...A, shenSha: null }, "Will I travel overseas?", "en")).toContain("驿马 (the travelling horse): this chart was stored before its 神煞 were recorded; then");
  });
});

describe("relations among the pillars", () => {
  test("each with its pillars, then how tradition reads them", () => {
    const zh = ask(A, "我的八字有没有相冲或者三合？", "zh");
    expect(zh).toStartWith("你的四柱之间有：甲己合土（年柱与日柱）、酉丑半合金局（年柱与月柱）、子丑合土（年柱与日柱）、子酉破（月柱与日柱）、申子半合水局（日柱与时柱）。传统上，合主亲和与牵绊，冲主变动与分离");
    expect(ask(A, "Any clashes in my chart?", "en")).toStartWith("Among your four pillars: 甲己合土 (year and day pillars); 酉丑半合金局 (year and month pillars);");
  });

  test("none, or not recorded", () => {
    expect(ask({ ...A, relations: [] }, "Any clashes in my chart?", "en")).toBe("Your four pillars meet in no combination, clash, punishment, harm or break.");
    expect(ask({ ...A, relations: null }, "有没有刑冲？", "zh")).toBe("这个命盘保存时还没有记录四柱之间的刑冲合害；重新创建命盘即可得到。");
  });

  test("a word that only contains 冲 or 合 asks nothing of the kind", () => {
    for (const input of ["我性格冲动吗？", "我适合什么行业？", "combine work and study?"]) expect(ask(A, input, "zh")).not.toContain("四柱之间");
  });
});
