/**
 * "When does my luck turn?": the coming luck pillars judged against the favourable elements, checked by
 * hand against each chart's list of luck pillars.
 */
import { describe, expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { baziFacts, type BaziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const chart = (birth: Parameters<typeof validateBirth>[0]): BaziFacts => {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error("invalid birth");
  return baziFacts("bzc_t", json(computeChart(v.birth))).data;
};
const at = (iso: string) => Date.parse(`${iso}T10:00:00Z`);
// 己丑 癸酉 甲子 壬申, favourable water and wood. Luck: 壬申 1957, 辛未 1967, 庚午 1977, 己巳 1987, 戊辰 1997,
// 丁卯 2007, 丙寅 2017 (fire, wood: half), 乙丑 2027 (wood, earth: half), 甲子 2037 (wood, water: both), 癸亥 2047 (both).
const A = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
// 庚午 辛巳 壬午 甲辰, favourable metal and water. Luck: 丁丑 2024 (fire, earth: neither), 丙子 2034 (fire, water: half),
// 乙亥 2044 (half), 甲戌 2054 (neither), 癸酉 2064 (water, metal: both).
const B = chart({ year: 1990, month: 5, day: 17, hour: 8, gender: "女" });
const ask = (f: BaziFacts, input: string, now: number, lang: "zh" | "en" = "zh") => explainBazi(f, input, lang, now).focus.join("\n");

test("the first luck pillar ahead that favours the chart more than the present one, both parts favourable", () => {
  const zh = ask(A, "我的大运什么时候转好", at("2025-06-15"));
  expect(zh).toContain("当前这步大运丙寅：天干火为忌，地支木为喜用，吉凶参半，顺中有阻，宜稳中求进。往后的大运里，先转好的是甲子（2037–2046），天干地支都为喜用，传统上是转顺之时。");
  expect(zh).not.toContain("天干地支都为喜用的是");
  expect(ask(A, "When will my luck turn around?", at("2025-06-15"), "en")).toContain(
    "Of the luck pillars ahead, the first to favor you more is 甲子 (2037–2046), its stem and branch both favorable, traditionally when things turn your way.",
  );
});

test("a half-favourable step comes first: it is named, then the first with both parts favourable", () => {
  expect(ask(B, "我什么时候能转运", at("2025-06-15"))).toContain("往后的大运里，先转好的是丙子（2034–2043），一半为喜用。天干地支都为喜用的是癸酉（2064–2073）。");
  expect(ask(B, "When does my luck pillar get better?", at("2025-06-15"), "en")).toContain(
    "Of the luck pillars ahead, the first to favor you more is 丙子 (2034–2043), half favorable. The first with both favorable is 癸酉 (2064–2073).",
  );
});

test("before the first luck pillar, any favourable part is a turn for the better", () => {
  // 1950: no luck pillar yet; 壬申 has a favourable stem.
  expect(ask(A, "大运什么时候好转？", at("1950-06-15"))).toContain("往后的大运里，先转好的是壬申（1957–1966），一半为喜用。天干地支都为喜用的是甲子（2037–2046）。");
});

test("in the best luck pillar already, none ahead does better", () => {
  expect(ask(A, "我的大运什么时候转好", at("2040-06-15"))).toContain("往后所列的大运没有比当前这步更顺的；传统上更看重在其中把握喜用的流年。");
  expect(ask(A, "When will my luck improve?", at("2040-06-15"), "en")).toContain("None of the luck pillars ahead favors you more than the present one; tradition then looks to the favorable years within them.");
});

test("asked about the luck pillars without asking when, or when something else gets better, no turning is said", () => {
  expect(ask(A, "我的大运怎么样", at("2025-06-15"))).not.toContain("往后的大运里");
  expect(ask(A, "身体什么时候好转", at("2025-06-15"))).not.toContain("大运");
});

test("in the English answer the turn follows the verdict as its own sentence, and a turn to both favourable names no later one", () => {
  const en = ask(A, "When will my luck turn around?", at("2025-06-15"), "en");
  expect(en).toContain("steady steps are advised). Of the luck pillars ahead, the first to favor you more is 甲子 (2037–2046), its stem and branch both favorable, traditionally when things turn your way.");
  expect(en.split("\n")[0]).toEndWith("traditionally when things turn your way.");
  expect(en).toContain("In 2025 you are in the 丙寅 (2017–2026) luck pillar; the next is 乙丑 (2027–2036).");
});

test("past the last luck pillar listed: none in force, none next, none ahead", () => {
  // 癸亥, the last, ends in 2056.
  const en = ask(A, "When will my luck improve?", at("2060-06-15"), "en");
  expect(en).toStartWith("The luck pillars run backward from 1957-07-11, ten years each. 2060 lies outside the ten listed luck pillars. Traditionally");
  expect(en).toContain("None of the luck pillars ahead favors you more than the present one");
  expect(ask(A, "我的大运什么时候转好", at("2060-06-15"))).toStartWith("大运逆行，自1957-07-11起运，每十年一步。2060年不在所列的十步大运之内。看一步大运");
});

test("the first year of a luck pillar is in it: it is the present one, not one ahead", () => {
  // 2027 is 乙丑's first year (half, like 丙寅 before it): the turn is still 甲子, and 乙丑 is not among those ahead.
  const zh = ask(A, "我的大运什么时候转好", at("2027-06-15"));
  expect(zh).toContain("当前这步大运乙丑");
  expect(zh).toContain("往后的大运里，先转好的是甲子（2037–2046）");
  // 2036 is 乙丑's last year: still in force.
  expect(ask(A, "我的大运什么时候转好", at("2036-06-15"))).toContain("当前这步大运乙丑");
  // B in 2034, 丙子's first year (half, after 丁丑's none): the next step up is 癸酉, both favourable.
  expect(ask(B, "我的大运什么时候转好", at("2034-06-15"))).toContain("当前这步大运丙子");
  expect(ask(B, "我的大运什么时候转好", at("2034-06-15"))).toContain("往后的大运里，先转好的是癸酉（2064–2073），天干地支都为喜用");
});

test.each([
  ["我的大运会好转吗", true], ["大运什么时候交接", true], ["When will my luck turn better?", true], ["Does my luck pick up.", true], ["My luck picks up when", true],
  ["Does my luck get better?", true], ["Will my luck improve?", true], ["Is my luck improving?", true], ["Luck pillars: does anything turn for the better", true],
  ["我的大运怎么样", false], ["Tell me about my luck pillars", false],
])("%s: the turn is said (%p)", (input, said) => {
  const text = ask(A, input, at("2025-06-15"), /[a-z]/i.test(input) ? "en" : "zh");
  expect(text.includes("往后的大运里") || text.includes("Of the luck pillars ahead")).toBe(said);
});

// 乙丑 丙戌 丙午 己亥, a man, favourable wood and fire.
const C = chart({ year: 1985, month: 11, day: 3, hour: 22, gender: "男" });

test("which years are good: the coming twelve whose stem and branch both favour the chart", () => {
  // 2025 乙巳, 2026 丙午, 2034 甲寅, 2035 乙卯: wood or fire above and below; 2027 丁未 and 2036 丙辰 stand on earth.
  expect(ask(C, "哪几年运气好", at("2025-06-15"))).toBe("从今年起的12年里，天干地支都为喜用的流年是：2025年乙巳、2026年丙午、2034年甲寅、2035年乙卯。传统上这些年份较顺；一年的吉凶还要看它与原局的冲合，可以单问某一年。");
  expect(ask(C, "What are my lucky years?", at("2025-06-15"), "en")).toBe(
    "Of the next 12 years, those whose stem and branch both favor you are 2025 (乙巳), 2026 (丙午), 2034 (甲寅) and 2035 (乙卯). Tradition reads these as the easier years; how a year meets your own pillars matters too, so ask about any one of them.",
  );
});

test("the years ahead in other words are the good years too; this year or next with a word between is that year", () => {
  for (const q of ["未来几年运势怎么样", "接下来几年呢", "What about the next few years?", "the coming years?", "next several years", "the years ahead"]) {
    expect({ q, a: ask(C, q, at("2025-06-15"), /[a-z]/.test(q) ? "en" : "zh") }).toMatchObject({ q, a: expect.stringMatching(/^(?:从今年起的12年里，天干地支都为喜用的流年是|Of the next 12 years, those whose stem and branch both favor you are)/) });
  }
  expect(ask(C, "Is this a good year to buy a house?", at("2025-06-15"), "en")).toStartWith("2025 is a 乙巳 year");
  expect(ask(C, "Is next year good for me?", at("2025-06-15"), "en")).toStartWith("2026 is a 丙午 year");
  expect(ask(C, "is the coming year good?", at("2025-06-15"), "en")).toStartWith("2026 is a 丙午 year");
  expect(ask(C, "next calendar year", at("2025-06-15"), "en")).toStartWith("2026 is a 丙午 year");
  // Years, not a year: no one year's pillar.
  expect(ask(C, "the next years", at("2025-06-15"), "en")).not.toContain("is a 丙午 year");
});

test("with none both favourable, the years with one favourable part", () => {
  // Earth alone favourable (a chart changed for the test): 2028 戊申 and 2029 己酉 have earth stems, 2027 丁未, 2030 庚戌, 2033 癸丑 and 2036 丙辰 earth branches.
  const earth = { ...C, favorable: ["earth"] };
  expect(ask(earth, "哪些年份比较好？哪几年", at("2025-06-15"))).toStartWith("从今年起的12年里，没有天干地支都为喜用的一年，一半为喜用的流年是：2027年丁未、2028年戊申、2029年己酉、2030年庚戌、2033年癸丑、2036年丙辰。");
  expect(ask(earth, "my best years?", at("2025-06-15"), "en")).toStartWith("Of the next 12 years, none has both stem and branch favorable; those with one favorable part are 2027 (丁未), 2028 (戊申), 2029 (己酉), 2030 (庚戌), 2033 (癸丑) and 2036 (丙辰).");
});

test("good years asked with a matter are that matter's years; asked of one year, that year; luck asked of good years is not also this year's", () => {
  const marry = ask(C, "哪几年适合结婚", at("2025-06-15"));
  expect(marry).toContain("问“什么时候”，传统上先看财星透出天干的流年");
  expect(marry).not.toContain("天干地支都为喜用的流年是");
  expect(ask(C, "2027年是好年份吗", at("2025-06-15"))).toStartWith("2027年流年丁未");
  const luck = ask(C, "哪年运气好", at("2025-06-15"));
  expect(luck).toStartWith("从今年起的12年里");
  expect(luck).not.toContain("大运");
  for (const input of ["哪一年运势比较好", "哪年最好", "哪年好", "幸运年份", "good years", "which years are lucky", "哪些年运气好", "my lucky year?", "a good year ahead", "my best year", "which year is best"]) expect(ask(C, input, at("2025-06-15"), /[a-z]/.test(input) ? "en" : "zh")).toMatch(/^(?:从今年起的12年里|Of the next 12 years)/);
});

test("a word that only begins like one of them asks for nothing", () => {
  expect(ask(C, "my best yearbook photo", at("2025-06-15"), "en")).not.toContain("Of the next 12 years");
});

test("which city or where to live: the travel reading, its 驿马 and the favourable directions", () => {
  for (const input of ["我适合在哪个城市发展", "去什么城市好", "应该去哪里发展", "Which city should I live in?", "So which city suits me?", "where should I settle", "where to move"]) {
    expect(ask(C, input, at("2025-06-15"), /[a-z]/i.test(input) ? "en" : "zh")).toMatch(/^(?:传统上看出行与迁居，一看驿马|Tradition reads travel and moving first from 驿马)/);
  }
});

test("a ten-year luck asked after by that name is the luck pillar alone, not also this year's", () => {
  for (const input of ["What's my ten-year luck now?", "my 10-year luck", "ten year luck?", "我现在的十年运怎么样"]) {
    const text = ask(A, input, at("2025-06-15"), /[a-z]/.test(input) ? "en" : "zh");
    expect(text).toMatch(/^(?:The luck pillars run backward|大运逆行)/);
    expect(text).not.toMatch(/2025 is a|2025年流年/);
  }
});

describe("a decision about a matter: its timing first", () => {
  // A: favourable water and wood. 2025 乙巳 (wood, fire): one part; the first coming year with both is 2032 壬子.
  test("this year not both favourable: the first coming year that is", () => {
    const zh = ask(A, "我要不要跳槽", at("2025-06-15"));
    expect(zh).toStartWith("要不要动，传统上先看时机：今年2025年流年乙巳，还不是天干地支都为喜用的一年；往后喜用齐到的是2032年壬子。这是传统的参照，决定仍要看实际的机会与准备。");
    expect(zh).toContain("这类问题传统上看官杀");
    expect(ask(A, "So should I quit my job?", at("2025-06-15"), "en")).toStartWith("Whether to make the move");
    expect(ask(A, "Should I quit my job?", at("2025-06-15"), "en")).toStartWith(
      "Whether to make the move: tradition looks first at the timing. This year, 2025 (乙巳): its stem and branch do not both favour you; the first coming year where they do is 2032 (壬子). A traditional reference only; the decision rests on your real chances and readiness.",
    );
  });

  test("this year both favourable; or none in the twelve years", () => {
    expect(ask(A, "该不该换工作", at("2032-06-15"))).toStartWith("要不要动，传统上先看时机：今年2032年流年壬子，天干地支都为喜用，传统上正是可以争取的时候。");
    expect(ask(A, "is it wise to change jobs?", at("2032-06-15"), "en")).toStartWith("Whether to make the move: tradition looks first at the timing. This year, 2032 (壬子): its stem and branch both favour you, traditionally a time to reach for it.");
    const earth = { ...A, favorable: ["earth"] };
    expect(ask(earth, "要不要跳槽", at("2025-06-15"))).toStartWith("要不要动，传统上先看时机：今年2025年流年乙巳，还不是天干地支都为喜用的一年，往后到2036年也没有这样的一年，传统上宜稳中求进。");
    expect(ask(earth, "should I switch jobs", at("2025-06-15"), "en")).toContain("its stem and branch do not both favour you, nor do those of any year after it up to 2036, so tradition advises steady steps.");
  });

  // A: 2026 丙午 (fire, fire): neither part; 2027 丁未 neither; 2032 壬子 both.
  test("a year asked about is the one judged: a number, or next year; beyond the coming years, judged alone", () => {
    expect(ask(A, "Should I start a business in 2027?", at("2025-06-15"), "en")).toContain("Whether to make the move: tradition looks first at the timing. 2027 (丁未): its stem and branch do not both favour you; the first coming year where they do is 2032 (壬子).");
    expect(ask(A, "2032年要不要创业", at("2025-06-15"))).toContain("要不要动，传统上先看时机：你问的2032年流年壬子，天干地支都为喜用，传统上正是可以争取的时候。");
    expect(ask(A, "明年要不要跳槽", at("2025-06-15"))).toContain("要不要动，传统上先看时机：你问的2026年流年丙午，还不是天干地支都为喜用的一年；往后喜用齐到的是2032年壬子。");
    expect(ask(A, "今年要不要跳槽", at("2025-06-15"))).toContain("要不要动，传统上先看时机：今年2025年流年乙巳");
    // The last of the coming years has none after it within them; a year beyond them is judged alone.
    const earth = { ...A, favorable: ["earth"] };
    expect(ask(earth, "2036年要不要跳槽", at("2025-06-15"))).toContain("你问的2036年流年丙辰，还不是天干地支都为喜用的一年，传统上宜稳中求进。");
    expect(ask(earth, "should I switch jobs in 2040?", at("2025-06-15"), "en")).toContain("2040 (庚申): its stem and branch do not both favour you, so tradition advises steady steps.");
    expect(ask(A, "should I switch jobs in 2044?", at("2025-06-15"), "en")).toContain("2044 (甲子): its stem and branch both favour you, traditionally a time to reach for it.");
  });

  test("right after the same matter's stars, they are not said again; after another matter, they are", () => {
    const now = at("2025-06-15");
    const after = (previous: string) => explainBazi(A, "要不要跳槽", "zh", now, [previous]).focus.join("\n");
    expect(after("我的事业怎么样")).not.toContain("这类问题传统上看官杀");
    expect(after("我的财运怎么样")).toContain("这类问题传统上看官杀");
    // A plain question about the matter, not a decision, keeps its stars whatever came before.
    expect(explainBazi(A, "我的事业呢", "zh", now, ["我的事业怎么样"]).focus.join("\n")).toContain("这类问题传统上看官杀");
    // A decision word with no matter is no decision about one.
    expect(ask(A, "要不要", now)).not.toContain("要不要动");
  });

  test("'哪个方向' of a career is a field: the trades, not the compass", () => {
    const field = ask(A, "跳槽去哪个方向好", at("2025-06-15"));
    expect(field).toContain("传统上按喜用五行选行业");
    expect(field).not.toContain("传统上五行各有对应的颜色与方位");
    expect(ask(A, "我的幸运方向是哪个方向", at("2025-06-15"))).toContain("传统上五行各有对应的颜色与方位");
    expect(ask(A, "创业往什么方向", at("2025-06-15"))).toContain("传统上按喜用五行选行业");
  });
});

describe("a conversation: the partner, and nothing said twice in a row", () => {
  const now = at("2025-06-15");
  test("the partner asked after gets the spouse palace and the spouse star; 'future' before a partner is no question of fortune", () => {
    // C: 乙丑 丙戌 丙午 己亥, a man: the spouse palace 午 (丁 劫财, 己 伤官); his spouse star is wealth (metal).
    for (const input of ["对方会是什么样的人", "我的另一半长相如何", "我们会幸福吗", "我们能白头到老吗", "未来的她是什么样", "未来他性格如何", "我们以后会不会幸福", "我的另一半会是怎样的人", "我适合嫁什么样的人", "我会娶什么样的老婆", "我的真命天子是什么样"]) {
      const text = ask(C, input, now);
      expect({ input, palace: text.includes("婚姻宫是日柱的地支：你的是午"), star: text.includes("这类问题传统上看财星（男命以财为妻星）") }).toEqual({ input, palace: true, star: true });
    }
    const en = ask(C, "What will my future wife be like?", now, "en");
    expect(en).toStartWith("The spouse palace is the day pillar's branch: yours is 午");
    expect(en).toContain("for a man's chart, the spouse star");
    expect(en).not.toContain("luck pillar");
    // Which person to marry asks after the partner: neither the asker's temperament nor a decision whether to act.
    for (const input of ["what kind of person should I marry?", "what sort of man will I end up with", "who should I marry?"]) {
      const text = ask(C, input, now, "en");
      expect({ input, palace: text.startsWith("The spouse palace is the day pillar's branch"), self: text.includes("Temperament"), decision: text.includes("Whether to make the move") }).toEqual({ input, palace: true, self: false, decision: false });
    }
    expect(ask(C, "what kind of person am I?", now, "en")).toContain("Temperament");
    expect(ask(C, "should I get married?", now, "en")).toContain("Whether to make the move");
    for (const input of ["what kind of partner will I have", "will we be happy together?", "will we last?", "So what kind of partner will I have", "and will we stay together", "what would the partner be like"]) expect(ask(C, input, now, "en")).toContain("The spouse palace is the day pillar's branch");
    // The storehouse takes only the money out of the matters asked.
    expect(ask(C, "我的财库和事业", now)).toContain("这类问题传统上看官杀");
    // The future alone is still fortune.
    expect(ask(C, "What does my future hold?", now, "en")).toContain("luck pillar");
  });

  test("a paragraph the last question was just given is not given again, unless nothing new is left", () => {
    const zh = (input: string, asked: string[]) => explainBazi(C, input, "zh", now, asked).focus.join("\n");
    // "When?" after the love life: the years alone, not the stars again.
    expect(zh("我什么时候结婚", ["我的感情运怎么样"])).not.toContain("这类问题传统上看财星");
    expect(zh("我什么时候结婚", [])).toContain("这类问题传统上看财星");
    // "Will we be happy?" after "what will the partner be like?": the stars, not the palace again.
    const happy = zh("我们会幸福吗", ["我的感情运怎么样", "对方会是什么样的人"]);
    expect(happy).toContain("这类问题传统上看财星");
    expect(happy).not.toContain("婚姻宫是日柱的地支");
    // The same question again: the same answer, rather than nothing.
    expect(zh("我的感情运怎么样", ["我的感情运怎么样"])).toContain("这类问题传统上看财星");
  });
});

test("help from the police, a doctor or a lawyer is never a question of timing", () => {
  const now = at("2025-06-15");
  for (const input of ["要不要去医院看看", "我要不要报警", "要不要找律师打官司"]) {
    const text = ask(A, input, now);
    expect(text).toStartWith("报警、就医、找律师这类求助，不必等命盘的时机：需要就去做。");
    expect(text).not.toContain("要不要动，传统上先看时机");
  }
  const en = ask(A, "Should I see a doctor?", now, "en");
  expect(en).toStartWith("Calling the police, seeing a doctor or a lawyer is never a matter for a chart's timing: if you need it, do it.");
  expect(en).not.toContain("Whether to make the move");
});
