import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { paragraphs } from "../../../src/responses/local/text.ts";
import { baziFacts, type BaziFacts } from "../../../src/responses/facts/index.ts";
import { type BirthInput, computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

function chartOf(birth: BirthInput): BaziFacts {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error("invalid birth");
  return baziFacts("bzc_test", json(computeChart(v.birth))).data;
}

// 己丑 癸酉 甲子 壬申: 甲 (yang wood) day master, weak, favourable water and wood; backward luck from 1957.
const A = chartOf({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
// 庚午 辛巳 乙酉 庚辰, a woman: 乙 (yin wood), very weak; 正官 on the year and hour stems, 七杀 on the month's; no water; time approximate.
const B = chartOf({ year: 1990, month: 5, day: 20, hour: 8, gender: "女", time_confidence: "approximate" });
// 庚子 己卯 辛酉 己丑: 辛 day master, strong, favourable water, wood, fire; forward luck from 1960-12-03.
const S = chartOf({ year: 1960, month: 4, day: 3, hour: 1, gender: "男" });
// 己亥 丙子 庚寅 丁丑: a 寅 day branch; 七杀 on the month stem, 正官 on the hour's.
const T = chartOf({ year: 1960, month: 1, day: 3, hour: 1, gender: "男" });
// 丁未 丙午 戊辰 丁巳: 戊 (earth) in the 午 month, where fire generates earth (相): in season, 专旺 range.
const P = chartOf({ year: 1967, month: 7, day: 3, hour: 9, gender: "女" });
// 庚子 乙酉 甲子 乙亥: neither fire nor earth among the eight characters.
const M = chartOf({ year: 1960, month: 10, day: 3, hour: 21, gender: "男" });

/** Mid-June of a year. */
const inYear = (year: number) => Date.parse(`${year}-06-15T10:00:00Z`);
const NOW = inYear(2025);
/** 2026-12-31 20:00 UTC is already 2027-01-01 04:00 in Beijing (UTC+8), the clock the chart's years follow. */
const NEW_YEAR_IN_BEIJING = Date.parse("2026-12-31T20:00:00Z");

interface Ask { now?: number; asked?: string[] }
const explainZh = (f: BaziFacts, input: string, o: Ask = {}) => explainBazi(f, input, "zh", o.now ?? NOW, o.asked);
const explainEn = (f: BaziFacts, input: string, o: Ask = {}) => explainBazi(f, input, "en", o.now ?? NOW, o.asked);
const zh = (f: BaziFacts, input: string, o: Ask = {}) => explainZh(f, input, o).focus.join("\n");
const en = (f: BaziFacts, input: string, o: Ask = {}) => explainEn(f, input, o).focus.join("\n");

describe("the opening names the four pillars and the day master", () => {
  test("pillars in order, the day master's polarity and element, and the chart's strength verdict", () => {
    expect(explainZh(A, "你好").opening).toContain("你的八字四柱是：年柱己丑、月柱癸酉、日柱甲子、时柱壬申。");
    expect(explainZh(A, "你好").opening).toContain("是甲，属阳木，按本盘的规则判断为身弱");
    // 乙 is yin wood; 辛 with its companions and resource is judged strong.
    expect(explainZh(B, "你好").opening).toContain("属阴木");
    expect(explainZh(S, "你好").opening).toContain("判断为身强");
    expect(explainEn(A, "hello").opening).toContain("Your four pillars are 己丑 (year), 癸酉 (month), 甲子 (day), 壬申 (hour).");
  });
});

describe("the stars a matter is read from", () => {
  // Career and lawsuits: the officer stars; money and lost things: wealth; study, home, family: resource;
  // children (and a pregnancy): the officer stars in a man's chart (A), the output stars in a woman's (below).
  test.each([
    ["我的事业怎么样？", "How is my career?", "官杀（事业、职位与约束）", "the officer stars (position, duty and pressure)"],
    ["这场官司能赢吗？", "My lawsuit, will I win?", "官杀（事业、职位与约束）", "the officer stars (position, duty and pressure)"],
    ["我的财运怎么样？", "Will I make money?", "财星（钱财与资源）", "the wealth stars (money and resources)"],
    ["钱包丢了能找回吗？", "I lost my keys, will I find them?", "财星（钱财与资源）", "the wealth stars (money and resources)"],
    ["我的感情怎么样？", "How is my marriage?", "财星（男命以财为妻星）", "the wealth stars (for a man's chart, the spouse star)"],
    ["考试能过吗？", "Will I pass my exam?", "印星（学业、文书、家与长辈）", "the resource stars (study, documents, home and elders)"],
    ["买房怎么样？", "Is it a good time for buying a house?", "印星（学业、文书、家与长辈）", "the resource stars (study, documents, home and elders)"],
    ["家人关系如何？", "How is my family?", "印星（学业、文书、家与长辈）", "the resource stars (study, documents, home and elders)"],
    ["什么时候能怀孕？", "Will we get pregnant?", "官杀（男命以官杀为子女星）", "the officer stars (for a man's chart, the children's star)"],
    ["我的孩子怎么样？", "Tell me about my children", "官杀（男命以官杀为子女星）", "the officer stars (for a man's chart, the children's star)"],
  ])("%s / %s", (zhInput, enInput, zhStars, enStars) => {
    expect(zh(A, zhInput)).toContain(`这类问题传统上看${zhStars}。`);
    expect(en(A, enInput)).toContain(`Questions like this are traditionally read from ${enStars}.`);
  });

  test("a woman's children are read from the output stars; children are not the family's resource stars", () => {
    for (const [zhInput, enInput] of [["什么时候能怀孕？", "Will I get pregnant?"], ["我女儿怎么样？", "How are my kids?"]]) {
      expect(zh(B, zhInput!)).toContain("这类问题传统上看食伤（女命以食伤为子女星）。");
      expect(en(B, enInput!)).toContain("Questions like this are traditionally read from the output stars (for a woman's chart, the children's star).");
      expect(zh(B, zhInput!)).not.toContain("印星");
    }
  });

  test("a woman's relationship is read from the officer stars, her spouse star", () => {
    expect(zh(B, "我的感情怎么样？")).toContain("官杀（女命以官为夫星）");
    expect(en(B, "How is my marriage?")).toContain("the officer stars (for a woman's chart, the spouse star)");
  });

  // 甲 day master: 辛 is 正官, 庚 七杀, 己 正财, 戊 偏财, 癸 正印, 壬 偏印; stems first, then the branch's hidden stems.
  test.each([
    [A, "我的事业怎么样？", "年柱藏干辛(正官)、月柱藏干辛(正官)、时柱藏干庚(七杀)"],
    [A, "我的财运怎么样？", "年柱天干（正财）、年柱藏干己(正财)、时柱藏干戊(偏财)"],
    [A, "我的感情怎么样？", "年柱天干（正财）、年柱藏干己(正财)、时柱藏干戊(偏财)"],
    [A, "考试能过吗？", "年柱藏干癸(正印)、月柱天干（正印）、日柱藏干癸(正印)、时柱天干（偏印）、时柱藏干壬(偏印)"],
    // 乙 day master: 庚 正官, 辛 七杀; 丁 食神, 丙 伤官.
    [B, "我的感情怎么样？", "年柱天干（正官）、月柱天干（七杀）、月柱藏干庚(正官)、日柱藏干辛(七杀)、时柱天干（正官）"],
    [B, "什么时候能怀孕？", "年柱藏干丁(食神)、月柱藏干丙(伤官)"],
  ])("where the stars sit: %#", (f, input, found) => {
    expect(zh(f, input)).toContain(`在你的盘中，它们出现在${found}。`);
  });

  test("the English names each place the stars appear", () => {
    expect(en(A, "Will I make money?")).toContain("In your chart they appear in the year stem (正财), the year branch's hidden stem 己(正财) and the hour branch's hidden stem 戊(偏财).");
  });

  test("a chart without the stars says so, and tradition looks to the luck pillars", () => {
    // No earth (戊, 己: 甲's wealth stars) anywhere in 庚子 乙酉 甲子 乙亥, stems or hidden stems.
    expect(zh(M, "我的财运怎么样？")).toContain("你的盘中天干与藏干都没有出现这些星");
    expect(en(M, "Will I make money?")).toContain("Neither the stems nor the hidden stems of your chart carry these stars");
  });

  test("the advice follows the day master's strength", () => {
    expect(zh(A, "我的事业怎么样？")).toContain("由于日主偏弱，传统的建议是先增强自身（喜用五行），再去承担更多。");
    expect(zh(S, "我的事业怎么样？")).toContain("由于日主偏强，传统上认为你有余力去承担和发挥。");
    expect(en(A, "How is my career?")).toContain("With a weak day master, the traditional advice is to build your own support");
    expect(en(S, "How is my career?")).toContain("With a strong day master, tradition sees room to take on and use these energies.");
  });

  test("health, which has no stars: a doctor first, then the elements' organs as a cultural correspondence", () => {
    // 己丑 癸酉 甲子 壬申: water 3 (癸 子 壬), earth 2, metal 2, wood 1, fire 0.
    const e = explainZh(A, "我的健康怎么样？");
    expect(e.focused).toBe(true);
    const text = e.focus.join("");
    expect(text).toStartWith("八字不能判断健康状况，身体有任何不适请看医生。传统上五行各配脏腑：木配肝胆，火配心与小肠，土配脾胃，金配肺与大肠，水配肾与膀胱；");
    expect(text).toContain("你的盘中水最多（3个），缺火。这只是文化上的对应，不是对你身体的任何判断。");
    expect(text).not.toContain("以日主为中心看其余三柱的十神");
    expect(en(A, "What about my health?")).toContain("A chart cannot tell you anything about your health; for any concern, please see a doctor.");
    expect(en(A, "What about my health?")).toContain("In your chart water is the most common (3), and fire is missing. This is a cultural correspondence only");
    // Two elements tied for the most: S is 庚子 己卯 辛酉 己丑 (earth 己 己 丑, metal 庚 辛 酉, no fire).
    expect(en(S, "How is my health?")).toContain("In your chart earth and metal are the most common (3), and fire is missing.");
    const allFive = { ...A, counts: { wood: 2, fire: 2, earth: 2, metal: 1, water: 1 } };
    expect(zh(allFive, "身体健康吗？")).toContain("你的盘中木、火、土最多（2个），五行俱全。");
  });

  test("a question about a matter gets no overview", () => {
    expect(zh(A, "我的事业怎么样？")).not.toContain("以日主为中心看其余三柱的十神");
    expect(explainZh(A, "我的事业怎么样？").focused).toBe(true);
  });

  test("at most two matters of one question are read", () => {
    const text = zh(A, "我的事业、财运和感情怎么样？");
    expect(text).toContain("官杀（事业、职位与约束）");
    expect(text).toContain("财星（钱财与资源）");
    expect(text).not.toContain("男命以财为妻星");
  });
});

describe("a ten god asked after by name", () => {
  // A: 甲 day master; 丑 hides 己 癸 辛, 酉 辛, 子 癸, 申 庚 壬 戊. Against 甲: 庚 七杀, 辛 正官; no 丙 or 丁, so no 食神 or 伤官.
  test("says where it sits in the chart: the stems and hidden stems that carry it", () => {
    expect(zh(A, "七杀是什么意思？")).toBe("你的盘中，七杀出现在时柱藏干庚。");
    expect(en(A, "What does Seven Killings mean in my chart?")).toBe("In your chart 七杀 appears in the hour branch's hidden stem 庚.");
    const officer = zh(A, "正官在哪里？");
    expect(officer).toStartWith("你的盘中，正官出现在");
    expect(officer).toContain("年柱藏干辛");
    expect(officer).toContain("月柱藏干辛");
  });

  test("one the chart does not carry says so, and where tradition then looks", () => {
    expect(zh(A, "伤官是什么？")).toBe("你的盘中，天干与藏干都没有伤官；传统上看大运、流年何时引出它。");
    expect(en(A, "What is a hurting officer?")).toBe("Neither the stems nor the hidden stems of your chart carry 伤官; tradition looks at which luck pillars and years bring it in.");
  });

  test("a stem that carries it is named with the hidden ones", () => {
    // A's year stem 己 is 甲's 正财, and so is the 己 hidden in the year branch 丑.
    expect(zh(A, "正财是什么意思？")).toBe("你的盘中，正财出现在年柱天干己、年柱藏干己。");
    // T (己亥 丙子 庚寅 丁丑): 丙 is 庚's 七杀, on the month stem and hidden in the day branch 寅 (甲 丙 戊).
    expect(en(T, "What does Seven Killings mean?")).toBe("In your chart 七杀 appears in the month stem 丙 and the day branch's hidden stem 丙.");
    // In English, "direct wealth" names the money matter too, whose stars then say where it is.
    expect(en(A, "What does direct wealth mean?")).toContain("In your chart they appear in the year stem (正财)");
  });

  test("at most two at once; and none where a matter's stars already say where they are", () => {
    expect(zh(A, "正官、七杀、正财分别是什么？").split("\n")).toHaveLength(2);
    expect(zh(A, "七杀对我的事业有什么影响？")).not.toContain("你的盘中，七杀出现在");
  });

  test("with the term's meaning from the glossary in the whole answer", () => {
    const answer = paragraphs(explainZh(A, "七杀是什么意思？"), "七杀是什么意思？", "zh", true).join("\n");
    expect(answer).toContain("七杀（偏官）：克日主、阴阳相同的十神");
    expect(answer).toContain("你的盘中，七杀出现在时柱藏干庚。");
  });
});

describe("the elements", () => {
  test("counts, favourable and unfavourable elements in both languages", () => {
    // Stems 己 癸 甲 壬 and the branches' main qi 丑(土) 酉(金) 子(水) 申(金).
    expect(zh(A, "我的五行怎么样？")).toContain("五行分布（四天干加四地支本气）：木1，火0，土2，金2，水3，缺火。本盘的喜用五行是水、木，忌火、土、金。");
    const text = en(A, "What is favorable for me?");
    expect(text).toContain("Five-element counts (four stems plus the four branches' main qi): wood 1, fire 0, earth 2, metal 2, water 3, fire missing.");
    expect(text).toContain("the unfavorable ones are fire, earth and metal.");
  });

  test("what the chart lacks: the elements with the missing ones, or none missing", () => {
    expect(zh(A, "我的八字缺什么")).toContain("木1，火0，土2，金2，水3，缺火。");
    expect(en(A, "What am I missing?")).toContain("water 3, fire missing.");
    expect(en(A, "What do I lack?")).toContain("water 3, fire missing.");
    // T: 己亥 丙子 庚寅 丁丑 holds all five; M: 庚子 乙酉 甲子 乙亥 lacks fire and earth.
    expect(zh(T, "五行缺不缺")).toContain("木1，火2，土2，金1，水2，五行俱全。");
    expect(en(T, "my element?")).toContain("wood 1, fire 2, earth 2, metal 1, water 2, none missing.");
    expect(zh(M, "缺哪个五行")).toContain("，缺火、土。");
    expect(en(M, "What am I missing?")).toContain(", fire and earth missing.");
  });

  test.each([
    ["缺金", "metal"], ["要补水吗", "water"], ["补充木", "wood"], ["少了火", "fire"], ["少土吗", "earth"], ["金太少", "metal"], ["水不够", "water"], ["木偏少", "wood"],
    ["missing metal?", "metal"], ["I lack water", "water"], ["lacking earth", "earth"], ["short of fire", "fire"], ["need more water", "water"], ["boost my wood", "wood"],
    ["strengthen the metal", "metal"], ["make up for water", "water"],
  ])("%s: the element to make up is %s", (input, element) => {
    const text = /[a-z]/.test(input) ? en(A, input) : zh(A, input);
    const name = /[a-z]/.test(input) ? element : ({ wood: "木", fire: "火", earth: "土", metal: "金", water: "水" } as Record<string, string>)[element]!;
    expect(text).toMatch(new RegExp(`^(?:你的八个字里(?:确实没有${name}|${name}有)|(?:None of your eight characters is ${name}|\\d of your eight characters (?:is|are) ${name}))`));
  });

  test("an element to make up: how many there are, whether it is favourable, and its colours, direction and trades if so", () => {
    // A: fire 0 and unfavourable; water 3 and favourable; wood 1 and favourable.
    expect(zh(A, "我五行缺火怎么补")).toContain("你的八个字里确实没有火。但火不是本盘的喜用，传统上并不主张刻意去补；要亲近的是喜用的水、木。“缺什么补什么”是流行的说法，传统上看的是喜用，而不是个数。");
    expect(zh(A, "要不要补水")).toContain("你的八个字里水有3个，并不缺。水是本盘的喜用，传统上可以多亲近：颜色如黑色、蓝色，方位北方，行业如贸易、物流、航运、旅游。");
    expect(zh(A, "木太少了吗")).toContain("你的八个字里木有1个，并不缺。木是本盘的喜用");
    expect(en(A, "Do I need more water?")).toContain("3 of your eight characters are water: it is not missing. Water is favorable here, so tradition would have you draw near it: colours such as black and blue, the north, and trades like trade, logistics, shipping and travel. \"Add what is missing\" is a popular saying; tradition goes by what is favorable, not by the count.");
    expect(en(A, "I'm lacking fire, how do I fix it?")).toContain("None of your eight characters is fire. But fire is not favorable here, so tradition would not add it; the ones to draw near are water and wood.");
    expect(en(A, "how to strengthen my wood")).toContain("1 of your eight characters is wood: it is not missing.");
    // The elements in general are not also said.
    expect(zh(A, "我五行缺火怎么补")).not.toContain("五行分布");
  });

  test("making up elements with none named: the elements, then each missing one's reading; none missing, the favourable ones", () => {
    // A has no fire (unfavourable): the elements, then that tradition would not add it.
    const fire = zh(A, "我五行缺什么要怎么补").split("\n");
    expect(fire[0]).toStartWith("五行分布（四天干加四地支本气）：");
    expect(fire[1]).toBe("你的八个字里确实没有火。但火不是本盘的喜用，传统上并不主张刻意去补；要亲近的是喜用的水、木。“缺什么补什么”是流行的说法，传统上看的是喜用，而不是个数。");
    expect(en(A, "What should I add to balance my chart?")).toContain("None of your eight characters is fire. But fire is not favorable here, so tradition would not add it; the ones to draw near are water and wood. \"Add what is missing\" is a popular saying");
    const full = { ...A, counts: { wood: 2, fire: 1, earth: 2, metal: 2, water: 1 } };
    expect(zh(full, "我需要补什么")).toContain("你的八个字五行俱全，不缺哪一行；要亲近的是喜用的水、木。“缺什么补什么”是流行的说法");
    expect(en(full, "how do I balance it?")).toContain("Your eight characters hold all five elements, none missing; the ones to draw near are water and wood. \"Add what is missing\"");
    const two = { ...A, counts: { wood: 3, fire: 0, earth: 5, metal: 0, water: 0 } };
    expect(zh(two, "该补哪个")).toContain("你的八个字里确实没有火。但火不是本盘的喜用，传统上并不主张刻意去补；要亲近的是喜用的水、木。你的八个字里确实没有金。");
    expect(en(two, "so what element should I add?")).toContain("the ones to draw near are water and wood. None of your eight characters is metal.");
    // Nothing asked to be added: the elements alone.
    expect(zh(A, "五行缺什么")).not.toContain("缺什么补什么");
  });

  test("jewellery and what to wear: the colours of the favourable elements", () => {
    for (const input of ["我适合戴什么首饰", "佩戴什么饰品好", "What jewelry suits me?", "what should I wear"]) expect(/[a-z]/i.test(input) ? en(A, input) : zh(A, input)).toMatch(/^(?:传统上五行各有对应的颜色与方位|Traditionally each element has its colours and direction)/);
  });

  test("the overview names the most common and the missing elements", () => {
    expect(zh(A, "你好")).toContain("八个字里水最多（3个），缺火；喜用水、木。");
    expect(en(A, "Tell me about my chart")).toContain("Of the eight characters, water is the most common (3), and fire is missing; the favorable elements are water and wood.");
    expect(zh(B, "你好")).toContain("八个字里金最多（4个），缺水");
    expect(en(B, "hello")).toContain("metal is the most common (4), and water is missing");
    expect(zh(M, "你好")).toContain("，缺火、土；");
    expect(en(M, "hello")).toContain("and fire and earth are missing");
    // Every element present: nothing is called missing.
    expect(zh(T, "你好")).toContain("个）；喜用土、金。");
    expect(en(T, "hello")).toContain("(2); the favorable elements are earth and metal.");
  });

  test("the overview reads the other pillars' ten gods and the day pillar's 纳音", () => {
    expect(zh(A, "你好")).toContain("年柱己丑为正财，月柱癸酉为正印，时柱壬申为偏印；日柱纳音为海中金。你可以就事业");
    expect(en(A, "hello")).toContain("year 己丑 is 正财; month 癸酉 is 正印; hour 壬申 is 偏印; the day pillar's 纳音 is 海中金. You can ask further");
  });
});

describe("when a matter moves", () => {
  // A: a man with a 甲 day master, asked in 2025. His spouse stars are the wealth stars 戊 偏财 and 己 正财
  // (earth, which wood controls): 2028 戊申 and 2029 己酉. His officer stars are 庚 七杀 and 辛 正官: 2030
  // 庚戌 and 2031 辛亥. The next earth and metal years, 2038–2041, are past the twelve looked at.
  test("the coming years whose stem is one of the matter's stars", () => {
    expect(zh(A, "我什么时候能结婚？")).toStartWith("问“什么时候”，传统上先看财星透出天干的流年，最能引动此事。从今年起的12年里，这样的年份有：2028年戊申（偏财）、2029年己酉（正财）。这是传统的推断方法，不是确定的时间。");
    expect(en(A, "When will I get married?")).toStartWith("For \"when\", the tradition first looks at the years whose stem is one of the wealth stars: they set the matter in motion. In the 12 years from this one: 2028 (戊申, 偏财) and 2029 (己酉, 正财).");
    expect(zh(A, "我什么时候能升职？")).toContain("2030年庚戌（七杀）、2031年辛亥（正官）");
  });

  test("a year named instead is that year's reading; a question without a matter, or without asking when, has no star years", () => {
    expect(zh(A, "我2030年能升职吗？")).not.toContain("问“什么时候”");
    expect(zh(A, "我2030年什么时候能升职？")).not.toContain("问“什么时候”");
    expect(zh(A, "什么时候好？")).not.toContain("问“什么时候”");
    expect(zh(A, "我的事业怎么样？")).not.toContain("问“什么时候”");
    // Health has no stars of its own: nothing to list, and no empty paragraph either.
    const health = explainZh(A, "我的健康什么时候能好转？").focus;
    expect(health.join("")).not.toContain("问“什么时候”");
    expect(health.every((p) => typeof p === "string" && p.length > 0)).toBe(true);
  });

  test("asked in other words", () => {
    expect(zh(A, "哪年能结婚？")).toContain("2028年戊申（偏财）");
    expect(en(A, "So, when will I get married?")).toContain("2028 (戊申, 偏财)");
  });

  // 2026-12-31 20:00 UTC is already 2027 in Beijing: the twelve years start there. B is a woman with an 乙 day
  // master: her children's stars (伤官 丙, 食神 丁) fall in 2026 丙午 and 2027 丁未, then 2036 丙辰 and 2037 丁巳.
  test("the years start at this year in Beijing time", () => {
    const text = zh(B, "我什么时候能怀孕？", { now: NEW_YEAR_IN_BEIJING });
    expect(text).toContain("这样的年份有：2027年丁未（食神）、2036年丙辰（伤官）、2037年丁巳（食神）。");
    expect(text).not.toContain("2026年丙午");
  });
});

describe("trades", () => {
  // A's favourable elements are water and wood: the trades commonly filed under them.
  test("are read from the favourable elements, with the caveat that the groupings vary", () => {
    expect(zh(A, "我适合什么行业？")).toBe("传统上按喜用五行选行业。本盘喜用水、木：水对应贸易、物流、航运、旅游；木对应教育、文化、出版、园林。这是常见的五行归类，各家不尽相同；具体选择仍要看你的兴趣、能力和机会。");
    expect(en(A, "What career suits me?")).toStartWith("Traditionally a trade is chosen by the favorable elements. Yours are water and wood: water: trade, logistics, shipping and travel; wood: education, culture, publishing and gardening.");
  });

  // M (庚子 乙酉 甲子 乙亥), a strong 甲, wants fire, earth and metal: the other three elements' trades.
  test("fire, earth and metal have theirs", () => {
    expect(zh(M, "我适合什么行业？")).toContain("本盘喜用火、土、金：火对应能源、电子、餐饮、传媒；土对应房地产、建筑、农业、中介；金对应金融、机械、五金、汽车。");
    expect(en(M, "Which industry suits me?")).toContain("fire: energy, electronics, food service and media; earth: property, construction, farming and brokerage; metal: finance, machinery, metalware and cars.");
  });

  test.each(["Which industries?", "what work suits me?", "what work suit me", "What jobs fit me?", "which careers are good for me", "Which career is right for me?", "what line of work", "我应该做什么工作？"])("%s asks for trades", (q) => {
    expect(zh(A, q) + en(A, q)).toMatch(/传统上按喜用五行选行业|Traditionally a trade is chosen/);
  });
});

describe("colours and directions", () => {
  // A weak 甲 wants water and wood; fire, earth and metal press it. Water: black and blue, the north;
  // wood: green, the east (the five elements' traditional correspondences).
  test("are read from the favourable elements, and the unfavourable ones' colours used sparingly", () => {
    expect(zh(A, "我适合什么颜色？")).toBe("传统上五行各有对应的颜色与方位。本盘喜用水、木：水对应黑色、蓝色，方位北方；木对应绿色、青色，方位东方。忌火、土、金，对应的红色、紫色、黄色、棕色、白色、金色传统上宜少用。这只是传统的象征对应，可按个人喜好取舍。");
    expect(en(A, "Which colors suit me?")).toBe("Traditionally each element has its colours and direction. Your favorable elements are water and wood: water goes with black and blue and the north; wood goes with green and the east. The unfavorable ones are fire, earth and metal, so their colours (red, purple, yellow, brown, white, gold) are traditionally used sparingly. These are symbolic correspondences; follow your own taste.");
    expect(zh(A, "我应该往哪个方向发展？")).toContain("水对应黑色、蓝色，方位北方");
    expect(en(A, "What colour should I wear?")).toContain("water goes with black and blue and the north");
  });

  // M wants fire (red, the south), earth (yellow, the centre) and metal (white, the west).
  test("fire, earth and metal have theirs", () => {
    expect(zh(M, "我的幸运色是什么？")).toContain("本盘喜用火、土、金：火对应红色、紫色，方位南方；土对应黄色、棕色，方位中央；金对应白色、金色，方位西方。");
    expect(en(M, "Which direction is good for me?")).toContain("fire goes with red and purple and the south; earth goes with yellow and brown and the centre; metal goes with white and gold and the west.");
  });
});

describe("the luck pillars", () => {
  test("direction, start, the pillar in force and the next, then its verdict", () => {
    const text = zh(A, "我的大运怎么样？");
    expect(text).toContain("大运逆行，自1957-07-11起运，每十年一步。2025年正行丙寅（2017–2026）大运，下一步是乙丑（2027–2036）。");
    expect(text).toContain("是否为喜用（水、木）。当前这步大运丙寅：");
    expect(en(A, "What about my luck pillars?")).toContain("(water and wood). The current luck pillar 丙寅:");
    // A man of a yang year (庚子) runs forward.
    expect(zh(S, "我的大运怎么样？")).toContain("大运顺行，自1960-12-03起运");
    expect(en(S, "What about my luck pillars?")).toContain("The luck pillars run forward from 1960-12-03");
  });

  test.each([
    // The last year of a pillar is still in it; the first year of the next is in the next.
    ["mid-2026", inYear(2026), "2026年正行丙寅（2017–2026）大运，下一步是乙丑（2027–2036）", "In 2026 you are in the 丙寅 (2017–2026) luck pillar; the next is 乙丑 (2027–2036)."],
    ["New Year 2027 in Beijing", NEW_YEAR_IN_BEIJING, "2027年正行乙丑（2027–2036）大运，下一步是甲子（2037–2046）", "In 2027 you are in the 乙丑 (2027–2036) luck pillar; the next is 甲子 (2037–2046)."],
    ["1955, before the first", inYear(1955), "1955年不在所列的十步大运之内，下一步是壬申（1957–1966）。", "1955 lies outside the ten listed luck pillars; the next is 壬申 (1957–1966)."],
    ["2060, after the last", inYear(2060), "2060年不在所列的十步大运之内。看一步大运", "2060 lies outside the ten listed luck pillars. Traditionally"],
  ])("the pillar in force in %s", (_, now, zhText, enText) => {
    expect(zh(A, "我的大运怎么样？", { now })).toContain(zhText);
    expect(en(A, "What about my luck pillars?", { now })).toContain(enText);
  });

  test("with no pillar in force and none named, none is judged", () => {
    expect(zh(A, "我的大运怎么样？", { now: inYear(2060) })).toEndWith("传统上看它的五行是否为喜用（水、木）。");
  });

  test("a named luck pillar is the one judged; both its elements favourable reads as favourable", () => {
    // 甲子: 甲 wood and 子 water, both among the favourable water and wood.
    expect(zh(A, "甲子大运怎么样？")).toContain("你问的这步大运甲子：天干木为喜用，地支水为喜用，整体偏顺，传统上是可以多争取的时候。");
    expect(en(A, "How is the 甲子 luck pillar?")).toContain("The asked-about luck pillar 甲子: its stem is wood, favorable; its branch is water, favorable, so it is on the whole favorable (traditionally a time to reach for more).");
  });

  test("a pillar whose name is not a known 干支 gets no verdict rather than failing", () => {
    const odd: BaziFacts = { ...A, luck: { ...A.luck, pillars: [{ ganzhi: "??", startYear: 2020, endYear: 2029 }] } };
    expect(() => zh(odd, "我的大运怎么样？")).not.toThrow();
    expect(zh(odd, "我的大运怎么样？")).not.toContain("吉凶参半");
  });
});

describe("years (流年) and months (流月)", () => {
  test("a year named by number gets that year alone, with what it meets and a verdict", () => {
    // 2030 庚戌 (庚 is 甲's 七杀): 丑戌刑 the year, 酉戌害 the month, 申酉戌 with the hour and month; metal and earth, both unfavourable.
    const text = zh(A, "2030年怎么样？");
    expect(text).toContain("2030年流年庚戌（天干为七杀），与年柱丑戌相刑，与月柱酉戌害，与时柱、月柱申酉戌三会金方；");
    expect(text).toContain("整体偏逆，传统上宜守不宜攻。");
    expect(text).not.toContain("2031");
    const english = en(A, "How will 2030 be?");
    expect(english).toContain("2030 is a 庚戌 year (its stem your 七杀): 丑戌相刑 with your year pillar; 酉戌害 with your month pillar; 申酉戌三会金方 with your hour pillar and month pillar;");
    expect(english).toContain("on the whole unfavorable (traditionally a time to hold rather than push).");
    expect(english).not.toContain("2031");
    expect(zh(A, "1999年对我来说怎么样？")).toContain("1999年流年己卯");
  });

  test("a year meeting nothing in the chart says so", () => {
    // 2022 壬寅 against 子 卯 酉 丑: no clash, combination, punishment or harm.
    expect(zh(S, "2022年怎么样？")).toContain("2022年流年壬寅（天干为伤官），与原局没有明显的冲合刑害；");
    expect(en(S, "How was 2022?")).toContain("2022 is a 壬寅 year (its stem your 伤官), meeting your chart with no clash, combination, punishment or harm;");
  });

  test("this year is the Beijing-time year", () => {
    expect(zh(A, "今年怎么样？", { now: NEW_YEAR_IN_BEIJING })).toContain("2027年流年丁未");
    expect(zh(A, "明年怎么样？", { now: NEW_YEAR_IN_BEIJING })).toContain("2028年流年戊申");
  });

  test("the months list each pillar with its ten god and what it meets", () => {
    // 2025 乙巳: 乙庚之岁戊为头, the first month 戊寅 (偏财 to 甲), which combines 癸 and clashes and punishes the hour's 申.
    expect(zh(A, "今年几月份适合跳槽？")).toContain("2025年的流月（每月从节气算起，正月自立春）：正月戊寅（偏财；戊癸合火、寅申冲、寅申相刑），二月己卯");
    expect(en(A, "Which month is best for me?")).toContain("The months of 2025 (流月, each from its solar term, the first from 立春): month 1 戊寅 (偏财; 戊癸合火, 寅申冲, 寅申相刑); month 2 己卯");
    // 戊寅 meets nothing in 庚子 己卯 辛酉 己丑.
    expect(zh(S, "今年哪个月好？")).toContain("正月戊寅（正印），");
    expect(en(S, "What is the best month of the year for me?")).toContain("month 1 戊寅 (正印);");
    // 2027 丁未: 丁壬之岁壬寅顺行.
    expect(zh(A, "哪个月好？", { now: NEW_YEAR_IN_BEIJING })).toContain("2027年的流月（每月从节气算起，正月自立春）：正月壬寅");
  });

  test("a relation that meets two pillars of the same stem is named once", () => {
    // 壬申 癸卯 癸未 丙辰: the 戊戌 month of 2026 combines with both 癸 (month and day stems).
    const twoGui = chartOf({ year: 1992, month: 3, day: 8, hour: 7, minute: 45, gender: "女" });
    const months = en(twoGui, "Which months are good?", { now: inYear(2026) });
    expect(months).toContain("month 9 戊戌 (正官; 戊癸合火, 卯戌合火,");
    expect(months.match(/戊癸合火/g)).toHaveLength(1);
  });
});

describe("which parts a question asks for", () => {
  const parts = (text: string) => ({ luck: /大运[顺逆]行|luck pillars run/.test(text), year: /年流年|is a .. year/.test(text), months: /流月/.test(text) });
  test.each([
    ["运势怎么样？", { luck: true, year: true, months: false }],
    ["明年运势怎么样？", { luck: false, year: true, months: false }],
    ["以后哪个月运气好？", { luck: false, year: false, months: true }],
    ["我的大运运势如何？", { luck: true, year: false, months: false }],
    ["How is my fortune?", { luck: true, year: true, months: false }],
    ["How is my luck pillar?", { luck: true, year: false, months: false }],
  ])("%s", (input, expected) => {
    const text = /[a-z]/i.test(input) ? en(A, input) : zh(A, input);
    expect(parts(text)).toEqual(expected);
  });

  test.each([["我的日主算不算强？", "zh"], ["Is my day master very strong?", "en"]] as const)("%s asks for the graded strength", (input, lang) => {
    expect(explainBazi(A, input, lang, NOW).focus.join("")).toMatch(/日主强弱按分数评估|Graded, the day master scores/);
  });
});

describe("the graded strength", () => {
  test("score, band and the three bases", () => {
    expect(zh(A, "我是身强还是身弱？")).toContain("得地：否，地支无根；得势：是，月干癸、时干壬相助。");
    // 辛 in the 卯 month: metal controls wood (囚); roots 辛 in 酉 (main) and 丑 (residual); 庚 己 己 among the stems.
    expect(zh(S, "我是身强还是身弱？")).toContain("得令：否，日主在月令为囚；得地：是，根在日支藏辛（本气）、时支藏辛（余气）；得势：是，年干庚、月干己、时干己相助。");
    expect(zh(B, "我是身强还是身弱？")).toContain("得势：否，天干无比劫印星相助。");
    expect(zh(P, "我是身强还是身弱？")).toContain("得令：是");
    expect(zh(P, "我是身强还是身弱？")).toContain("分数已到提示专旺格的程度，但是否从格还要看全局，请由命理师判断。");
    const english = en(A, "How strong is my day master?");
    expect(english).toContain("rooted (得地): no, no root in the branches; supported (得势): yes, helped by the month stem 癸, the hour stem 壬.");
    expect(english).toMatch(/\.$/);
    expect(en(S, "How strong is my day master?")).toContain("In season (得令): no, 囚 in the month; rooted (得地): yes, roots: 辛 in the day branch (main qi), 辛 in the hour branch (residual qi);");
    expect(en(B, "How strong is my day master?")).toContain("very weak (45–55 is balanced)");
    expect(en(B, "How strong is my day master?")).toContain("supported (得势): no, no companion or resource among the stems.");
    expect(en(P, "How strong is my day master?")).toContain("In season (得令): yes");
    expect(en(P, "How strong is my day master?")).toContain("The score is at the level where a 专旺 (following) pattern is worth checking");
  });

  test("a chart stored without the graded strength answers with the overview", () => {
    const { graded: _, ...old } = A;
    const e = explainZh(old, "我是身强还是身弱？");
    expect(e.focused).toBe(false);
    expect(e.focus.every((p) => typeof p === "string")).toBe(true);
  });
});

describe("'is my chart the reason I feel this way?'", () => {
  test.each([
    ["I cant sleep, is my chart the reason?"],
    ["I'm close to burn out, is my chart behind it?"],
    ["I feel anxious, is my star the reason?"],
    ["I feel anxious, is my pillar to blame?"],
    ["Am I anxious because of bazi?"],
    ["我最近很焦虑，是不是我这个命不好？"],
    ["我整夜失眠，大概我的命里就注定这样吧"],
  ])("%s: a chart causes no feeling", (input) => {
    const text = /[a-z]{3}/i.test(input) ? en(A, input) : zh(A, input);
    expect(text).toMatch(/^(命盘不会造成情绪或失眠|A chart does not cause stress or sleeplessness)/);
  });

  test("the officer stars on the stems, and how the day master bears pressure", () => {
    // 乙 day master: 庚 is 正官 (year, hour), 辛 七杀 (month).
    expect(zh(B, "压力好大，是不是八字的原因？")).toContain("盘中年柱透正官、月柱透七杀、时柱透正官，传统上官杀主压力、责任与约束；日主偏弱，传统上认为较容易感到被压、需要先养护自己；");
    expect(en(B, "I'm so stressed, is my chart the reason?")).toContain("your chart shows 正官 on the year stem, 七杀 on the month stem and 正官 on the hour stem, which tradition reads as pressure, duty and constraint; a weak day master is traditionally said to feel pressure more");
    expect(en(A, "I'm so stressed, is my chart the reason?")).toContain("no officer star shows among your stems, so tradition would look to your present circumstances");
    expect(zh(S, "压力好大，是不是八字的原因？")).toContain("日主偏强，传统上认为扛得住压力，但也容易硬撑");
    expect(en(S, "I'm so stressed, is my chart the reason?")).toContain("a strong day master is traditionally said to bear pressure well");
  });

  // 甲子 day pillar: 卯 punishes 子 (子卯刑), 未 harms it (子未害); 辰 only combines with it (申子辰).
  test.each([
    [A, inYear(2023), "2023年流年癸卯与日柱子卯相刑，传统上主变动与奔波", null],
    [A, inYear(2024), "2024年流年甲辰与日柱没有冲刑害。", "this year's 甲辰 pillar does not clash, punish or harm your day pillar."],
    [A, NEW_YEAR_IN_BEIJING, "2027年流年丁未与日柱子未害", null],
    // 庚寅 day pillar: 申 clashes 寅 and punishes it (寅巳申).
    [T, inYear(2028), "2028年流年戊申与日柱寅申冲、寅申相刑", "this year's 戊申 pillar meets your day pillar in 寅申冲 and 寅申相刑"],
  ])("this year against the day pillar: %#", (f, now, zhText, enText) => {
    expect(zh(f, "压力好大，是不是八字的原因？", { now })).toContain(zhText);
    if (enText) expect(en(f, "I'm so stressed, is my chart the reason?", { now })).toContain(enText);
  });
});

describe("a short follow-up reads the year for the matter asked before", () => {
  const career = { asked: ["我的事业怎么样？"] };
  const careerEn = { asked: ["How is my career?"] };
  test.each(["那明年呢？", "明年呢？", "那明年呢", "那明年呢？ "])("%p inherits the career question", (input) => {
    // 2026 丙午: 丙 is 甲's 食神, not an officer star.
    expect(zh(A, input, career)).toContain("接着你刚才问的：这类事传统上看官杀（事业、职位与约束）。2026年流年丙午的天干是食神，不是所看之星");
  });

  test.each(["说了这么多我还是不太明白，明年呢？", "那明年呢？我还想知道得更详细一些"])("%p is not a short follow-up", (input) => {
    expect(zh(A, input, career)).not.toContain("接着你刚才问的");
  });

  test.each(["Tell me more about everything and next year", "And next year, what else should I keep in mind about all of this?", "And then?"])("%p inherits nothing", (input) => {
    expect(en(A, input, careerEn)).not.toContain("On what you asked before");
  });

  test("the English says whether the year's stem is one of the matter's stars", () => {
    expect(en(A, "And next year?", careerEn)).toContain("The 2026 pillar 丙午 has 食神 on its stem, not one of those stars: traditionally the year bears on it less directly");
    // 2028 戊申: 戊 is 甲's 偏财, a wealth star.
    expect(en(A, "And 2028?", { asked: ["Will I make money?"] })).toContain("The 2028 pillar 戊申 has 偏财 on its stem, one of those stars: traditionally the year bears on it more closely");
  });

  test("a matter without stars (health) adds nothing", () => {
    const e = explainZh(A, "那明年呢？", { asked: ["我的健康怎么样？"] });
    expect(e.focus.every((p) => typeof p === "string")).toBe(true);
    expect(e.focus.join("")).not.toContain("接着你刚才问的");
  });
});

describe("notes, closing and the redo notice", () => {
  test("the chart's caveats become one note; a chart without caveats has none", () => {
    const note = explainZh(B, "你好").notes!;
    expect(note).toHaveLength(1);
    // In Chinese the caveats are worded in Chinese: no English sentence inside a Chinese answer.
    expect(note[0]).toContain(`注意：本盘有2条提示，相关柱可能因约定或出生时间误差而不同：${B.warnings[0]!.zh}${B.warnings[1]!.zh}`);
    expect(note[0]!.replaceAll("UTC", "")).not.toMatch(/[A-Za-z]{3,}/);
    expect(explainEn(B, "hello").notes![0]).toContain(`Note: the chart carries 2 caveats that could change a pillar: ${B.warnings[0]!.en} ${B.warnings[1]!.en}`);
    // One caveat is "a caveat": the chart of a 1990 summer-time birth with an exact time has only that one.
    const single = chartOf({ year: 1990, month: 5, day: 20, hour: 8, gender: "女" });
    expect(single.warnings).toHaveLength(1);
    expect(explainEn(single, "hello").notes![0]).toStartWith("Note: the chart carries a caveat that could change a pillar: Born during China's 1990 summer time");
    expect(explainZh(A, "你好").notes).toEqual([]);
  });

  test("the closing frames the reading as cultural, not a prediction", () => {
    expect(paragraphs(explainZh(A, "你好"), "你好", "zh").at(-1)).toContain("不是对命运的断言，也不构成医疗、法律或财务建议");
    expect(paragraphs(explainEn(A, "hello"), "hello", "en").at(-1)).toContain("not a prediction of fate, and not medical, legal or financial advice");
    expect(paragraphs(explainZh(A, "你好"), "你好", "zh", true).at(-1)).toBe("传统文化解读，非命运断言。");
    expect(paragraphs(explainEn(A, "hello"), "hello", "en", true).at(-1)).toBe("A traditional reading, not a prediction.");
  });

  test("asked to redo, it says the chart is fixed and how to get another", () => {
    const zhText = paragraphs(explainZh(A, "能不能重新排盘？"), "能不能重新排盘？", "zh").join("\n");
    expect(zhText).toContain("命盘由确定性的程序计算后已经固定");
    expect(zhText).toContain("请用新的出生信息创建一个新命盘。");
    const enText = paragraphs(explainEn(A, "Please recalculate my chart"), "Please recalculate my chart", "en").join("\n");
    expect(enText).toContain("The chart was computed by deterministic code and is fixed");
    expect(enText).toContain("create a new chart with the corrected birth data.");
  });
});
