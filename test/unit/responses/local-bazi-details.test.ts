import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { SHEN_SHA_GIST, starPlaces } from "../../../src/responses/local/bazi-details.ts";
import { DAY_MASTER_IMAGE } from "../../../src/responses/local/bazi-self.ts";
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
    // 驿马 of the year branch 丑 (巳酉丑) is 亥, of the day branch 子 (申子辰) 寅: from 2025, the 亥 and 寅 years are 2031 辛亥 and 2034 甲寅.
    expect(ask(A, "有驿马吗", "zh")).toStartWith("你的盘中没有驿马；传统上流年地支逢寅、亥时引动它，从今年起的12年里是2031年辛亥、2034年甲寅。神煞是");
    // 空亡 is the day pillar's own void, brought by no year.
    expect(ask({ ...A, shenSha: [] }, "有空亡吗", "zh")).toStartWith("你的盘中没有空亡；传统上看大运、流年何时带来它。");
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

describe("who the nobleman is", () => {
  // A: 天乙贵人 of the day stem 甲 is 丑未, of the year stem 己 子申: the rat, ox, goat and monkey. Favourable water
  // (生甲: 印星) and wood (比劫). From 2025 the years of 子丑未申 are 2027 丁未, 2028 戊申, 2032 壬子, 2033 癸丑.
  test("by 天乙贵人, the animals of its branches, the years that bring it, where the chart carries it; by the ten gods, the favourable groups' people", () => {
    expect(ask(A, "我的贵人是谁", "zh")).toBe("传统上看贵人有两层。一是天乙贵人（按日干与年干查）：民俗说属鼠、属牛、属羊、属猴的人容易成为你的贵人；传统上流年地支逢子、丑、未、申时引动它，从今年起的12年里是2027年丁未、2028年戊申、2032年壬子、2033年癸丑。你的盘中，天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干）。二是十神：本盘喜用水、木，水是你的印星（长辈、老师和提携你的上级），木是你的比劫（朋友、同辈和兄弟姐妹），传统上这些人是你的助力。这是民俗的取象；真正的贵人是愿意帮你的人，多在你用心经营的关系里。");
    expect(ask(A, "Who are my benefactors?", "en")).toBe("Tradition reads the nobleman two ways. First 天乙贵人 (looked up by the day and the year stem): folk practice says people born in a year of the Rat, the Ox, the Goat or the Monkey readily become your helpers; tradition has a year bring it in when its branch is 子, 丑, 未 and 申: in the 12 years from this one, 2027 (丁未), 2028 (戊申), 2032 (壬子) and 2033 (癸丑). Your chart carries it on the year pillar (by the day stem), the day pillar (by the year stem) and the hour pillar (by the year stem). Second, the ten gods: your favorable elements are water and wood; water stands for elders, teachers and superiors who take you under their wing; wood stands for friends, peers and siblings: traditionally these people are your support. A folk image: the real helpers are people willing to help you, found in the relationships you tend.");
    for (const q of ["谁是我的贵人", "谁是贵人", "什么样的人是我的贵人", "什么人是贵人", "我的贵人是什么样的人", "贵人是什么人", "贵人属什么", "what kind of people will help me?", "what kind of people help me", "so who will be my helpers", "who is my helper", "who is my benefactor", "Who are my helpful people?", "who are my noblemen"]) expect(ask(A, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(?:传统上看贵人有两层|Tradition reads the nobleman two ways)/);
    // A chart that carries none says so; the star's own paragraph is not said beside it.
    expect(ask({ ...A, shenSha: [] }, "我的贵人是谁", "zh")).toContain("你的盘中天干地支没有带天乙贵人。二是十神");
    expect(ask(A, "我的贵人是谁", "zh")).not.toContain("神煞是传统的辅助星");
    expect(ask({ ...A, shenSha: [] }, "who are my benefactors?", "en")).toContain("Your chart's pillars do not carry it. Second");
    // A strong chart's favourable output, wealth and officer stars: juniors, clients, bosses.
    const strong = { ...A, favorable: ["fire", "earth", "metal"] } as BaziFacts;
    expect(ask(strong, "我的贵人是谁", "zh")).toContain("二是十神：本盘喜用火、土、金，火是你的食伤（晚辈、学生和下属），土是你的财星（客户和合作的人（男命也指妻子）），金是你的官杀（上司和有权责的人（女命也指丈夫）），传统上");
    expect(ask(strong, "who are my benefactors?", "en")).toContain("fire stands for juniors, students and the people who work for you; earth stands for clients and the people you work with (for a man, his wife too); metal stands for bosses and people in authority (for a woman, her husband too):");
    // "贵人属什么" asks the helpers' animals, not the asker's own.
    expect(ask(A, "贵人属什么", "zh")).not.toContain("你属牛");
    expect(ask(A, "ok, what animal am I?", "en")).toStartWith("Your zodiac animal is the Ox (牛)");
    expect(ask(A, "What's my element?", "en")).toStartWith("Your pillars' 纳音");
    expect(ask(A, "so what is my own element", "en")).toStartWith("Your pillars' 纳音");
    // Where it lies is the direction's answer, not this one.
    expect(ask(A, "我的贵人在哪个方向", "zh")).not.toContain("传统上看贵人有两层");
  });
});

describe("the nobleman's direction", () => {
  // A: day stem 甲 (甲戊庚牛羊: 丑, 未); 丑 is the year branch. By the year stem 己 (己鼠猴): 子 (day), 申 (hour).
  test("天乙贵人 by the day stem, its branches' directions, and where the chart carries it", () => {
    expect(ask(A, "我的贵人在哪个方向", "zh")).toBe("贵人的方向，传统上看天乙贵人：按日干甲，天乙贵人在丑、未，丑属东北、未属西南，所以传统上说贵人方在东北、西南方。你的盘中，天乙贵人在年柱（按日干）、日柱（按年干）、时柱（按年干）。这是民俗的取象；真正的贵人是愿意帮你的人，多在你用心经营的关系里。");
    expect(ask(A, "Which direction are my benefactors?", "en")).toBe("Tradition takes the nobleman's direction from 天乙贵人 by the day stem: for 甲 it is at 丑 and 未 (丑 northeast, 未 southwest), so the nobleman is said to lie to the northeast and southwest. Your chart carries it on the year pillar (by the day stem), the day pillar (by the year stem) and the hour pillar (by the year stem). A folk image: the real helpers are people willing to help you, found in the relationships you tend.");
    for (const q of ["贵人方位在哪", "我的贵人在哪里", "哪个方位能遇到贵人", "where is my nobleman?", "helpful people, which direction?", "my benefactors: which direction?", "which direction is my nobleman in?", "where will my noble people come from?", "which direction for my noble star?", "where are the helpful people", "which direction will my benefactor come from?"]) expect(ask(A, q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(?:贵人的方向|Tradition takes the nobleman's direction)/);
    const none = { ...A, shenSha: [] };
    expect(ask(none, "我的贵人在哪个方向", "zh")).toContain("你的盘中天干地支没有带天乙贵人。");
    expect(ask(none, "where is my nobleman?", "en")).toContain("Your chart's pillars do not carry it.");
    // The star asked after without its direction keeps its own answer; another star beside the direction too.
    expect(ask(A, "我有天乙贵人吗", "zh")).toContain("你的盘中，天乙贵人在年柱（按日干）");
    expect(ask(A, "我的贵人在哪个方向？桃花呢", "zh")).toContain("桃花");
    expect(ask(A, "我的贵人在哪个方向？桃花呢", "zh").match(/天乙贵人在年柱/g)).toHaveLength(1);
    // Colours and directions in general are another question.
    expect(ask(A, "我的幸运方位是哪里", "zh")).not.toContain("天乙贵人");
  });
});

describe("travel and moving", () => {
  // A: 驿马 from the year branch 丑 (巳酉丑) is 亥, from the day branch 子 (申子辰) 寅; neither is on 丑 酉 子 申.
  // Favourable water and wood: the north and the east.
  test("驿马, then the favourable elements' directions, and the choice left to the person", () => {
    expect(ask(A, "我适合出国发展吗？", "zh")).toBe("传统上看出行与迁居，一看驿马：你的盘中没有驿马，传统上流年地支逢寅、亥时引动它，从今年起的12年里是2031年辛亥、2034年甲寅；二看喜用五行的方位：水对应北方、木对应东方，传统上说往这些方向较顺。这是象征性的对应；去不去、去哪里，还要看实际的机会与条件。");
    const horse = { ...A, shenSha: [{ name: "驿马", pillar: "hour" as const, basis: "year_branch" as const }] };
    expect(ask(horse, "Should I move abroad?", "en")).toStartWith("Tradition reads travel and moving first from 驿马 (the travelling horse): your chart carries 驿马 on the hour pillar (by the year branch), traditionally a sign of movement and going out into the world; then from the directions of your favourable elements: water points to the north and wood points to the east, traditionally the easier ways to go. These are symbolic correspondences; whether and where to go rests on your real chances and circumstances.");
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

describe("神煞 in every wording", () => {
  const only = (name: string, pillar: "year" | "month" | "day" | "hour", basis: string) => ({ ...A, shenSha: [{ name, pillar, basis: basis as never }] });
  test("each star alone: its gist in each language, none empty, none shared", () => {
    const seen = { zh: new Set<string>(), en: new Set<string>() };
    for (const name of SHEN_SHA_NAMES) {
      const f = only(name, "hour", "year_branch");
      const zh = new RegExp(`^你的盘中有这些神煞：${name}在时柱（按年支），主(.+?)。神煞是`).exec(ask(f, "我的神煞有哪些？", "zh"))?.[1];
      const en = new RegExp(`^Your chart carries these 神煞: ${name} on the hour pillar \\(by the year branch\\): (.+?)\\. 神煞 are`).exec(ask(f, "What are my shen sha?", "en"))?.[1];
      expect(zh && en && !`${zh}${en}`.includes("undefined")).toBeTruthy();
      seen.zh.add(zh!);
      seen.en.add(en!);
    }
    expect([seen.zh.size, seen.en.size]).toEqual([SHEN_SHA_NAMES.length, SHEN_SHA_NAMES.length]);
  });

  test("each basis has its words; several bases on one pillar are listed; an unknown basis is named as it is", () => {
    const bases = ["day_stem", "year_stem", "year_branch", "day_branch", "day_pillar"];
    const words = bases.map((b) => /在时柱（(.+?)）/.exec(ask(only("驿马", "hour", b), "有驿马吗", "zh"))?.[1]);
    const wordsEn = bases.map((b) => /on the hour pillar \((.+?)\)/.exec(ask(only("驿马", "hour", b), "Do I have the travelling horse?", "en"))?.[1]);
    expect(new Set(words).size).toBe(bases.length);
    expect(new Set(wordsEn).size).toBe(bases.length);
    expect([...words, ...wordsEn].every((w) => w && w.length > 1 && !w.includes("undefined"))).toBe(true);
    const twice = { ...A, shenSha: [{ name: "驿马", pillar: "hour" as const, basis: "year_branch" as const }, { name: "驿马", pillar: "hour" as const, basis: "day_branch" as const }] };
    expect(ask(twice, "有驿马吗", "zh")).toStartWith("你的盘中，驿马在时柱（按年支、按日支）。");
    expect(ask(twice, "Do I have the travelling horse?", "en")).toStartWith("In your chart 驿马 sits on the hour pillar (by the year branch and by the day branch).");
    expect(ask(only("驿马", "hour", "by_magic"), "Do I have the travelling horse?", "en")).toStartWith("In your chart 驿马 sits on the hour pillar (by_magic).");
  });

  test("a star absent, in English; none at all, in English; a chart without stars has no places", () => {
    expect(ask(A, "Do I have the travelling horse?", "en")).toStartWith("Your chart does not carry 驿马; tradition has a year bring it in when its branch is 寅 and 亥: in the 12 years from this one, 2031 (辛亥) and 2034 (甲寅). 神煞 are");
    expect(ask({ ...A, shenSha: [] }, "What are my shen sha?", "en")).toBe("Your chart carries none of the core 神煞. 神煞 are the tradition's auxiliary stars, looked up differently by different schools; a reading still rests on the elements and the ten gods.");
    expect(starPlaces({ ...A, shenSha: null }, "en", "驿马")).toEqual([]);
  });

  test("at most three stars asked by name at once", () => {
    const text = ask(A, "天乙贵人、文昌、桃花和将星呢", "zh");
    for (const name of ["天乙贵人", "文昌", "桃花"]) expect(text).toContain(`你的盘中，${name}在`);
    expect(text).not.toContain("将星");
  });

  test("noble stars ask for 天乙贵人", () => {
    expect(ask(A, "Do I have any noble stars?", "en")).toStartWith("In your chart 天乙贵人 sits on the year pillar (by the day stem), the day pillar (by the year stem) and the hour pillar (by the year stem).");
  });

  test("symbolic stars and shen sha ask for all of them", () => {
    for (const input of ["shen sha?", "shensha?", "any symbolic stars?", "special stars?", "auxiliary stars?", "lucky stars?"]) expect(ask(A, input, "en")).toStartWith("Your chart carries these 神煞");
  });
});

describe("relations and health, in English too", () => {
  test("relations: how tradition reads them, none, not recorded", () => {
    expect(ask(A, "Any clashes in my chart?", "en")).toEndWith("Traditionally a combination binds and brings together, a clash moves and separates, and a punishment, harm or break wears and rubs; it bears on what its two pillars stand for (the year: family roots and early years; the month: parents and youth; the day: yourself and your partner; the hour: children and later life).");
    expect(ask({ ...A, relations: [] }, "有没有刑冲？", "zh")).toBe("你的四柱之间没有合、冲、刑、害、破。");
    expect(ask({ ...A, relations: null }, "Any clashes in my chart?", "en")).toBe("This chart was stored before the relations among its pillars were recorded; a chart created again has them.");
  });

  test.each(["clash", "clashes", "combination", "combinations", "punishment", "punishments"])("'%s' asks for the relations, not inside another word", (word) => {
    expect(ask(A, `any ${word} here?`, "en")).toStartWith("Among your four pillars:");
    expect(ask(A, `any ${word}y here?`, "en")).not.toContain("Among your four pillars:");
  });

  test("health in English: every organ pairing, two missing elements", () => {
    const twoMissing = { ...A, counts: { wood: 4, fire: 0, earth: 2, metal: 0, water: 2 } };
    expect(ask(twoMissing, "How is my health?", "en")).toBe(
      "A chart cannot tell you anything about your health; for any concern, please see a doctor. The tradition pairs each element with organs: wood with the liver and gallbladder; fire with the heart and small intestine; earth with the spleen and stomach; metal with the lungs and large intestine; water with the kidneys and bladder, and its books treat an element in excess or missing as something to mind in daily care. In your chart wood is the most common (4), and fire and metal are missing. This is a cultural correspondence only, not a judgement of your body.",
    );
    expect(ask({ ...A, counts: { wood: 2, fire: 2, earth: 2, metal: 1, water: 1 } }, "How is my health?", "en")).toContain("In your chart wood, fire and earth are the most common (2), and no element is missing.");
  });

  test("a feeling blamed on the chart gets the pressure answer, not the health one; health alone gets it", () => {
    expect(ask(A, "我最近压力很大失眠，是不是八字的原因？", "zh")).not.toContain("八字不能判断健康状况");
    expect(ask(A, "我失眠好久了，身体怎么样", "zh")).toContain("八字不能判断健康状况");
  });
});

describe("travel, in each wording", () => {
  const horse = (...pillars: ("year" | "month" | "day" | "hour")[]) => ({ ...A, shenSha: pillars.map((pillar) => ({ name: "驿马", pillar, basis: "year_branch" as const })) });
  test("驿马 on one pillar or two, in Chinese; absent or not recorded, in each language", () => {
    expect(ask(horse("month", "hour"), "我适合出国吗", "zh")).toStartWith("传统上看出行与迁居，一看驿马：你的盘中驿马在月柱（按年支）、时柱（按年支），传统上主奔波走动、利于外出；二看");
    expect(ask({ ...A, shenSha: null }, "我适合出国吗", "zh")).toStartWith("传统上看出行与迁居，一看驿马：这个命盘保存时还没有记录神煞；二看");
    expect(ask(A, "Should I move abroad?", "en")).toStartWith("Tradition reads travel and moving first from 驿马 (the travelling horse): your chart does not carry 驿马 (tradition has a year bring it in when its branch is 寅 and 亥: in the 12 years from this one, 2031 (辛亥) and 2034 (甲寅)); then");
  });
});

describe("children, told apart from the rest of family", () => {
  test.each(["How is my child?", "Is my kid ok?", "What about my son?", "And my daughter?"])("%s: a man's children are his officer stars, found where they are", (input) => {
    // 甲 day master: 辛 正官 in the year and month branches, 庚 七杀 in the hour branch.
    expect(ask(A, input, "en")).toContain("Questions like this are traditionally read from the officer stars (for a man's chart, the children's star). In your chart they appear in the year branch's hidden stem 辛(正官), the month branch's hidden stem 辛(正官) and the hour branch's hidden stem 庚(七杀).");
  });

  test("a child's own matter is read from the child's own chart; this one shows the child only through the children's star", () => {
    expect(ask(A, "我儿子考试能过吗？", "zh")).toStartWith("问的是孩子自己的事。若这个命盘是你自己的，孩子的事要看孩子自己的八字");
    expect(ask(A, "我儿子考试能过吗？", "zh")).toContain("官杀（男命以官杀为子女星）");
    expect(ask(A, "我儿子考试能过吗？", "zh")).not.toContain("印星（学业");
  });
});

describe("is my chart good?", () => {
  // A: 甲 weak (graded), favourable water and wood; 2025 falls in the 丙寅 luck pillar (2017–2026): 丙 fire, 寅 wood.
  test.each(["我的命好不好？", "我個命好唔好？", "我命苦吗", "八字好吗", "Is my chart good?", "do I have a bad chart?", "How good is my destiny?"])("%s: balance, not a grade, then the luck pillar in force", (input) => {
    const lang = /[a-z]/i.test(input) ? "en" : "zh";
    expect(ask(A, input, lang)).toMatch(lang === "zh" ? /^传统上八字不论绝对的好坏：.*你的日主甲按本盘的规则为身弱（[\d.]+分），喜用水、木。2025年所行的大运丙寅：天干火为忌，地支木为喜用，吉凶参半/ : /^Tradition grades no chart good or bad: .* Your day master 甲 is weak under this chart's rule \([\d.]+ of 100\), and your favourable elements are water and wood\. For the luck pillar of 2025, 丙寅: its stem is fire, unfavorable; its branch is wood, favorable/);
  });

  test("without a graded strength or a luck pillar in force, those parts are left out; 'how is my chart' gets the reading itself", () => {
    const bare = { ...A, graded: undefined, luck: { ...A.luck, pillars: [] } };
    expect(ask(bare, "Is my chart good?", "en")).toContain("Your day master 甲 is weak under this chart's rule, and your favourable elements are water and wood. The same chart is lived in many ways");
    expect(ask(bare, "我的命好不好？", "zh")).toContain("你的日主甲按本盘的规则为身弱，喜用水、木。同一个八字");
    expect(ask(A, "我的八字怎么样？", "zh")).not.toContain("不论绝对的好坏");
    expect(ask({ ...A, strength: "strong" }, "我的命好不好？", "zh")).toContain("你的日主甲按本盘的规则为身强（");
  });
});

describe("is my chart good, at the luck pillars' edges", () => {
  // A's luck pillars: 丙寅 2017–2026, 乙丑 2027–2036.
  const at = (year: number) => explainBazi(A, "Is my chart good?", "en", Date.parse(`${year}-06-15T10:00:00Z`)).focus.join("\n");
  test("the first and the last year of a luck pillar are in it", () => {
    expect(at(2017)).toContain("For the luck pillar of 2017, 丙寅:");
    expect(at(2026)).toContain("For the luck pillar of 2026, 丙寅:");
    expect(at(2027)).toContain("For the luck pillar of 2027, 乙丑:");
  });

  test("'good destiny' without an article", () => {
    expect(ask(A, "good destiny or not?", "en")).toStartWith("Tradition grades no chart good or bad");
  });
});

describe("the person: temperament, a pillar, compatibility, numbers", () => {
  // A: 甲 day master (yang wood), weak; favourable water and wood. Pillars 己丑 癸酉 甲子 壬申.
  test("temperament from the day master's image, coloured by its strength", () => {
    expect(ask(A, "What is my personality like?", "en")).toBe("Temperament is read first from the day master: you are 甲, yang wood, whose image is a tall tree: upright, dependable and striving, and apt to be stubborn. A weak day master holds these traits more quietly, and values the support around it. A traditional image, not a verdict: a character is shaped by experience and choice.");
    expect(ask({ ...A, strength: "strong" }, "我的性格怎么样？", "zh")).toBe("性格传统上先看日主：你是甲木，象为参天大树：正直、有担当、向上，也容易固执。日主偏强，这些特质显得更鲜明、更有主见。这是传统的象征说法，人的性格终究由经历和选择塑造。");
  });

  test("weaknesses alone: the weak side first, the image's then the strength's, the traits as its other side", () => {
    expect(ask(A, "我的性格有什么缺点？", "zh")).toBe("说到短处，传统上先看日主：你是甲木，象为参天大树，短处在容易固执。日主偏弱，容易犹豫、顾虑多，也容易受环境和身边的人左右。短处往往是长处的另一面（正直、有担当、向上）；这是传统的象征说法，人的性格终究由经历和选择塑造。");
    expect(ask({ ...A, strength: "strong" }, "What are my weaknesses?", "en")).toBe("On weaknesses, tradition reads the day master first: you are 甲, yang wood, whose image is a tall tree, and whose weak side is being apt to be stubborn. A strong day master holds its views firmly, and can be stubborn and slow to take advice. A weakness is often the other side of a strength (upright, dependable and striving); a traditional image, not a verdict: a character is shaped by experience and choice.");
    expect(ask({ ...A, strength: "strong" }, "我的性格短处是什么", "zh")).toContain("日主偏强，主见强，也容易固执、听不进别人的意见。");
    expect(ask(A, "What are my flaws?", "en")).toContain("A weak day master tends to hesitate and worry");
    expect(ask(A, "我的弱点是什么", "zh")).toStartWith("说到短处");
    expect(ask(A, "any shortcomings I should know?", "en")).toStartWith("On weaknesses");
    // Someone's fault, a body's trouble or a plan's downsides are no question of temperament.
    for (const input of ["is it my fault he left?", "what are the downsides of moving?"]) expect(ask(A, input, "en")).not.toContain("day master first");
    expect(ask(A, "我身体有什么毛病", "zh")).not.toContain("日主");
    // Strengths and weaknesses together: the whole temperament.
    for (const input of ["我有什么优点和缺点", "我的长处和短处", "我的强项和弱点", "strengths and weaknesses?", "my good points and flaws", "good sides and shortcomings"]) expect(ask(A, input, /[a-z]/.test(input) ? "en" : "zh")).toMatch(/^(?:性格传统上先看日主|Temperament is read first)/);
  });

  test("every stem has an image, traits and a weak side in both languages, no image shared", () => {
    const stems = "甲乙丙丁戊己庚辛壬癸".split("");
    for (const s of stems) for (const t of [DAY_MASTER_IMAGE[s]!.zh, DAY_MASTER_IMAGE[s]!.en]) expect([t.image, t.virtues, t.flaw].every(Boolean)).toBe(true);
    expect(new Set(stems.map((s) => DAY_MASTER_IMAGE[s]!.zh.image)).size).toBe(10);
    expect(new Set(stems.map((s) => DAY_MASTER_IMAGE[s]!.en.image)).size).toBe(10);
  });

  test("a pillar by name: what it stands for, its ten god (the day's is the day master), hidden stems, 纳音", () => {
    expect(ask(A, "What does my day pillar mean?", "en")).toBe("Your day pillar is 甲子; traditionally it stands for yourself (its stem) and your partner (its branch, the spouse palace). Its stem is the day master, its branch hides 癸(正印), and its 纳音 is 海中金.");
    expect(ask(A, "我的年柱代表什么？", "zh")).toBe("你的年柱是己丑，传统上代表祖上与早年。天干为正财，地支藏己(正财)、癸(正印)、辛(正官)，纳音为霹雳火。");
    expect(ask(A, "month pillar?", "en")).toStartWith("Your month pillar is 癸酉; traditionally it stands for parents, siblings and youth, and the palace of career. Its stem is your 正印,");
    expect(ask(A, "时柱呢？", "zh")).toStartWith("你的时柱是壬申，传统上代表子女与晚年。天干为偏印");
    // At most two at once.
    expect(ask(A, "年柱、月柱和日柱分别代表什么？", "zh").match(/你的(年|月|日|时)柱是/g)).toHaveLength(2);
  });

  test("compatibility: two charts are needed; an element named is weighed for this chart only", () => {
    expect(ask(A, "Am I compatible with a water person?", "en")).toBe("Tradition reads whether two people suit each other (合婚) by setting both charts side by side: their day masters, favourable elements, and how their day and year pillars clash or combine. Only your chart is here, so only your side can be read. Water is among your favourable elements, so tradition says people and things that bring water tend to help you. In the end, how two people get along shows in living it.");
    expect(ask(A, "我跟火命的人合不合？", "zh")).toContain("火不在你的喜用五行里（你喜水、木），但单凭一个五行说明不了两个人合不合。");
    expect(ask(A, "Are we a good match?", "en")).toContain("Only your chart is here, so only your side can be read. In the end");
  });

  test("lucky numbers from the favourable elements' River Chart numbers", () => {
    expect(ask(A, "What is my lucky number?", "en")).toContain("Yours are water and wood: water goes with 1 and 6 and wood goes with 3 and 8.");
    expect(ask(A, "我的幸运数字是什么？", "zh")).toContain("本盘喜用水、木：水对应1和6；木对应3和8。");
  });
});

describe("the person, every wording", () => {
  const strong = { ...A, strength: "strong" as const };
  test("strength in each language", () => {
    expect(ask(A, "我的性格怎么样？", "zh")).toContain("日主偏弱，这些特质更含蓄，也更看重身边的支持。");
    expect(ask(strong, "What is my personality like?", "en")).toContain("A strong day master shows these traits more plainly, with a mind of its own.");
  });

  test.each([
    ["year", "年柱", "祖上与早年", "family roots and early years"],
    ["month", "月柱", "父母、兄弟与青年，也是事业的宫位", "parents, siblings and youth, and the palace of career"],
    ["day", "日柱", "你自己（日干）与配偶（日支，夫妻宫）", "yourself (its stem) and your partner (its branch, the spouse palace)"],
    ["hour", "时柱", "子女与晚年", "children and later life"],
  ] as const)("the %s pillar in both languages, after a word, and not glued to one", (n, zhName, zh, en) => {
    expect(ask(A, `我的${zhName}代表什么？`, "zh")).toContain(`传统上代表${zh}。${n === "day" ? "天干就是日主" : "天干为"}`);
    expect(ask(A, `what about my ${n} pillar?`, "en")).toContain(`traditionally it stands for ${en}.`);
    expect(ask(A, `${n} pillar`, "en")).toContain(`Your ${n} pillar is`);
    expect(ask(A, `the x${n} pillars`, "en")).not.toContain(`Your ${n} pillar is`);
    expect(ask(A, `my ${n} pillarx`, "en")).not.toContain(`Your ${n} pillar is`);
  });

  test.each([
    ["wood", "木", true], ["water", "水", true], ["fire", "火", false], ["earth", "土", false], ["metal", "金", false],
  ] as const)("compatibility with a %s person, weighed for this chart (favourable: %p)", (element, zh, favourable) => {
    const Element = `${element[0]!.toUpperCase()}${element.slice(1)}`;
    expect(ask(A, `Am I compatible with a ${element} person?`, "en")).toContain(favourable ? `${Element} is among your favourable elements, so tradition says people and things that bring ${element} tend to help you.` : `${Element} is not among your favourable elements (water and wood), but one element says little about two people.`);
    expect(ask(A, `我跟${zh}命的人合不合？`, "zh")).toContain(favourable ? `${zh}是你的喜用五行，传统上说带来${zh}的人与事对你较有助益。` : `${zh}不在你的喜用五行里（你喜水、木），但单凭一个五行说明不了两个人合不合。`);
  });

  test("no element named: nothing weighed, in Chinese too", () => {
    expect(ask(A, "我们两个合不合？", "zh")).toBe("传统上看两个人合不合（合婚），要把两个人的八字放在一起比较：日主、喜用五行、日柱与年柱的冲合。这里只有你一个人的命盘，所以只能说到你这一边。缘分终究要在相处中见分晓。");
  });
});

describe("every element's numbers", () => {
  test("fire, earth and metal too; 'what number' asks for them", () => {
    const others = { ...A, favorable: ["fire", "earth", "metal"] };
    expect(ask(others, "我的幸运数字是什么？", "zh")).toContain("本盘喜用火、土、金：火对应2和7；土对应5和10；金对应4和9。");
    expect(ask(others, "what number suits me?", "en")).toContain("Yours are fire, earth and metal: fire goes with 2 and 7, earth goes with 5 and 10 and metal goes with 4 and 9.");
  });
});
