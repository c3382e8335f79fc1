/**
 * 格局 and 财库 asked of a chart: the rule, what the chart holds, and the year that clashes the
 * storehouse open, checked by hand against the pillars.
 */
import { expect, test } from "bun:test";
import { matchesTopic } from "../../../src/responses/local/text.ts";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { STOREHOUSE, STRUCTURE, structureEn } from "../../../src/responses/local/bazi-structure.ts";
import { baziFacts, type BaziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const chart = (birth: Parameters<typeof validateBirth>[0]) => {
  const v = validateBirth(birth);
  if (!v.ok) throw new Error("invalid birth");
  return baziFacts("bzc_t", json(computeChart(v.birth)));
};
// 己丑 癸酉 甲子 壬申: 甲 in 酉, whose only stem 辛 (正官) shows nowhere. 甲's wealth is earth, stored at 戌: not in the chart.
const A = chart({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
// 乙丑 丙戌 丙午 己亥: 丙 in 戌 (戊辛丁), none showing: 食神 by the main qi. 丙's wealth is metal, stored at 丑, the year branch.
const B = chart({ year: 1985, month: 11, day: 3, hour: 22, gender: "男" });
const NOW = Date.parse("2025-06-15T10:00:00Z");
const ask = (f: BaziFacts, input: string, lang: "zh" | "en" = "zh") => explainBazi(f, input, lang, NOW).focus.join("\n");

test("the structure names its rule, the month branch's stems and the one it is taken from", () => {
  const a = ask(A.data, "我是什么格局？");
  expect(a).toContain("以月令取格");
  expect(a).toContain("你的月支酉藏辛，天干没有透出可定格的一字，取本气辛，对日主甲为正官，成正官格。");
  expect(ask(B.data, "What is my chart's structure?", "en")).toContain("its main qi 戊 does: 食神 to your day master 丙, the Eating God structure (食神格).");
});

test("the wealth storehouse: held on the year branch and opened by the coming 未 year, or absent and brought by a 戌 year", () => {
  const b = ask(B.data, "我有没有财库？");
  expect(b).toContain("金的库在丑。你的年柱地支是丑：盘中带财库");
  expect(b).toContain("未冲丑，2027年丁未冲开财库");
  const a = ask(A.data, "我有财库吗");
  expect(a).toContain("土的库在戌（本盘十二长生以戊随丙；以土随水的一派说在辰）");
  expect(a).toContain("你的四柱地支没有戌：盘中不带财库，流年逢戌（如2030年庚戌）传统上说财库到来");
  expect(a).toContain("辰冲戌，2036年丙辰冲开财库");
});

test("the English storehouse question is not also read as a question about money", () => {
  const en = ask(B.data, "Do I have a wealth storehouse?", "en");
  expect(en).toContain("metal is your wealth, and its storehouse is 丑. Your year branch is 丑");
  expect(en).not.toContain("wealth stars");
});

test("the fact sheet names the structure and the storehouse for a model", () => {
  expect(A.lines).toContain("Structure (格局, by the month's command 月令取格): 正官格, from 辛 (正官), the month branch's main qi; no hidden stem of another element shows on the year, month or hour stem; wealth storehouse (财库): 戌, not in the chart");
  expect(B.lines.find((l) => l.startsWith("Structure"))).toEndWith("wealth storehouse (财库): 丑, on the year branch");
});

// Women born at 10:00 in 1980, one chart for each way a structure is taken (pillars year to hour).
const born = (month: number, day: number) => chart({ year: 1980, month, day, hour: 10, gender: "女" }).data;
const REVEALED = born(3, 5); // 庚申 戊寅 丁丑 乙巳: 丁 in 寅 (甲丙戊); 戊 on the month stem is 伤官. Wealth metal, stored at 丑: the day branch.
const OWN_ONLY = born(4, 5); // 庚申 庚辰 戊申 丁巳: 戊 in 辰 (戊乙癸); 乙 and 癸 show nowhere. Wealth water, stored at 辰: the month branch.
const LU = born(5, 15); // 庚申 辛巳 戊子 丁巳: 戊禄在巳. Wealth water at 辰: not in the chart.
const BLADE = born(12, 15); // 庚申 戊子 壬戌 乙巳: 壬刃在子. Wealth fire at 戌: the day branch.
const ROB = born(9, 5); // 庚申 甲申 辛巳 癸巳: 辛 in 申 (庚壬戊); 庚 on the year stem is 劫财, passed over; 壬 and 戊 show nowhere. Wealth wood at 未: not in the chart.
const OPEN = born(1, 5); // 己未 丙子 丁丑 乙巳: 丁 in 子 (癸, 七杀). Wealth metal at 丑 on the day branch, clashed by the year branch 未.

test.each([
  [REVEALED, "你的月支寅藏甲、丙、戊，其中戊透出在月干，对日主丁为伤官，成伤官格。", "Your month branch 寅 holds 甲, 丙 and 戊; 戊 shows on the month stem and is 伤官 to your day master 丁, the Hurting Officer structure (伤官格)."],
  [OWN_ONLY, "你的月支辰藏戊、乙、癸，本气戊与日主同为比肩，其余藏干也没有透出：按此法不成八正格，传统上改看天干透出的财、官、印、食来定用。", "Your month branch 辰 holds 戊, 乙 and 癸; its main qi 戊 is your day master's own element (比肩) and none of the others shows, so by this method it makes none of the eight structures, and tradition turns to the wealth, officer, resource or output stars that show."],
  [LU, "你的月支巳是日干戊的禄地，为建禄格。", "Your month branch 巳 is where your day stem 戊 holds office (禄): the Thriving Salary structure (建禄格)."],
  [BLADE, "你的月支子是日干壬的羊刃，为羊刃格。", "Your month branch 子 is your day stem 壬's goat blade (羊刃): the Goat Blade structure (羊刃格)."],
  [ROB, "你的月支申藏庚、壬、戊，天干没有透出可定格的一字，取本气庚，对日主辛为劫财，成月劫格。", "Your month branch 申 holds 庚, 壬 and 戊, and none that could name a structure shows on a stem, so its main qi 庚 does: 劫财 to your day master 辛, the Month Rob Wealth structure (月劫格)."],
])("each way a structure is taken, said in both languages (%#)", (f, zh, en) => {
  expect(ask(f, "我是什么格局")).toBe(
    `格局传统上以月令取格（《子平真诠》的方法）：月支是当令之气，看它所藏的天干有没有透出在年、月、时干上，透出的（比劫除外）定格；都不透，取月支本气。${zh}格的成败还要看相神与破格之神；从格、化格、专旺等特殊格局这里不作判断，各家取格也略有不同。`,
  );
  expect(ask(f, "What is my chart's structure?", "en")).toBe(
    `Tradition names a chart's structure (格局) by the month's command (月令取格, the method of 《子平真诠》): the month branch rules the season, so whichever of its hidden stems shows on the year, month or hour stem (the day master's own element aside) names it; if none shows, its main qi does. ${en} Whether a structure holds also turns on what supports or breaks it; special structures (从格, 化格, 专旺) are not judged here, and schools differ in how they take a structure.`,
  );
});

test.each([
  [
    LU,
    "你的日主戊属土，土克水，水为财，水的库在辰。你的四柱地支没有辰：盘中不带财库，流年逢辰（如2036年丙辰）传统上说财库到来。库逢冲则开：戌冲辰，2030年庚戌冲开财库",
    "Your day master 戊 is earth, which controls water, so water is your wealth, and its storehouse is 辰. None of your branches is 辰: the chart does not hold it; a year of 辰 (such as 2036, 丙辰) is traditionally said to bring it. A storehouse opens when clashed: 戌 clashes 辰, so 2030 (庚戌) opens it",
  ],
  [
    BLADE,
    "你的日主壬属水，水克火，火为财，火的库在戌。你的日柱地支是戌：盘中带财库，传统上主能守财、有积蓄之象。库逢冲则开：辰冲戌，2036年丙辰冲开财库",
    "Your day master 壬 is water, which controls fire, so fire is your wealth, and its storehouse is 戌. Your day branch is 戌: the chart holds its wealth storehouse, traditionally a sign of keeping and saving money. A storehouse opens when clashed: 辰 clashes 戌, so 2036 (丙辰) opens it",
  ],
  [
    OPEN,
    "你的日柱地支是丑：盘中带财库，传统上主能守财、有积蓄之象。盘中年柱地支未与它相冲，传统上称库已开，钱财来去都快。库逢冲则开：未冲丑，2027年丁未冲开财库",
    "Your day branch is 丑: the chart holds its wealth storehouse, traditionally a sign of keeping and saving money. The 未 of your year pillar clashes it, which tradition calls a storehouse already open: money comes and goes quickly. A storehouse opens when clashed: 未 clashes 丑, so 2027 (丁未) opens it",
  ],
])("the storehouse held or not, opened in the chart or by a coming year, in both languages (%#)", (f, zh, en) => {
  const answerZh = ask(f, "我有财库吗");
  expect(answerZh).toStartWith("传统上财库指财星五行的墓库。");
  expect(answerZh).toContain(zh);
  expect(answerZh).toEndWith("传统上主钱财进出较大，宜理财有度。这是民间常用的说法，不是财富多少的断语。");
  expect(answerZh).not.toContain("（本盘十二长生");
  const answerEn = ask(f, "Do I have a wealth storehouse?", "en");
  expect(answerEn).toStartWith("Tradition calls the storehouse (墓库) of the wealth element a chart's wealth storehouse (财库). ");
  expect(answerEn).toContain(en);
  expect(answerEn).toEndWith(", traditionally a year of money moving in and out, to be managed with care. This is a popular traditional notion, not a verdict on how much one will have.");
  expect(answerEn).not.toContain("growth stages");
});

test("an earth storehouse names the school that puts it at 辰, in English too", () => {
  expect(ask(A.data, "Do I have a wealth storehouse?", "en")).toContain("Your day master 甲 is wood, which controls earth, so earth is your wealth, and its storehouse is 戌 (this chart's growth stages put earth with fire; schools that put it with water say 辰). None of your branches is 戌");
});

test("the fact sheet says how the structure was taken and where the storehouse is", () => {
  const line = (month: number, day: number) => chart({ year: 1980, month, day, hour: 10, gender: "女" }).lines.find((l) => l.startsWith("Structure"));
  const head = "Structure (格局, by the month's command 月令取格): ";
  expect(line(3, 5)).toBe(`${head}伤官格, from 戊 (伤官) of the month branch, showing on the month stem; wealth storehouse (财库): 丑, on the day branch`);
  expect(line(5, 15)).toBe(`${head}建禄格, the month branch is the day stem's 禄; wealth storehouse (财库): 辰, not in the chart`);
  expect(line(12, 15)).toBe(`${head}羊刃格, the month branch is the day stem's 羊刃; wealth storehouse (财库): 戌, on the day branch`);
  expect(line(4, 5)).toBe(`${head}none of the eight (the month holds only the day master's own element), from 戊 (比肩), the month branch's main qi; no hidden stem of another element shows on the year, month or hour stem; wealth storehouse (财库): 辰, on the month branch`);
  // 戊辰 辛酉 己丑 戊辰: a 己 day master's water is stored at 辰, the year and hour branches.
  const twice = chart({ year: 1988, month: 10, day: 1, hour: 8, gender: "男" });
  expect(twice.lines.find((l) => l.startsWith("Structure"))).toEndWith("wealth storehouse (财库): 辰, on the year and hour branches");
  expect(ask(twice.data, "我有财库吗")).toContain("你的年柱、时柱地支是辰：盘中带财库");
  expect(ask(twice.data, "Do I have a wealth storehouse?", "en")).toContain("Your year and hour branches are 辰: the chart holds");
});

test("every structure has its English name", () => {
  const names = {
    正官格: "Direct Officer", 七杀格: "Seven Killings", 正财格: "Direct Wealth", 偏财格: "Indirect Wealth", 正印格: "Direct Resource", 偏印格: "Indirect Resource",
    食神格: "Eating God", 伤官格: "Hurting Officer", 建禄格: "Thriving Salary", 羊刃格: "Goat Blade", 月劫格: "Month Rob Wealth",
  };
  for (const [name, en] of Object.entries(names)) expect(structureEn(name)).toBe(en);
});

test.each([
  ["我是什么格局", STRUCTURE], ["我是什麼格", STRUCTURE], ["What is my chart structure?", STRUCTURE], ["my chart's structure", STRUCTURE], ["what's my geju", STRUCTURE], ["ge ju?", STRUCTURE],
  ["我有冇財庫", STOREHOUSE], ["Do I have a money vault?", STOREHOUSE], ["my caiku", STOREHOUSE], ["cai ku", STOREHOUSE], ["a treasury in my chart?", STOREHOUSE],
])("%s asks for it", (input, pattern) => {
  expect(matchesTopic(input, pattern)).toBe(true);
});

test.each(["What is the structure of the test?", "my wealth", "库存"])("%s does not", (input) => {
  expect(matchesTopic(input, STRUCTURE) || matchesTopic(input, STOREHOUSE)).toBe(false);
});

test("a storehouse on two branches clashed from two others", () => {
  // 辛丑 乙未 丁未 辛丑: a 丁 day master's metal is stored at 丑 (year, hour), and 未 (month, day) clashes it.
  const f = chart({ year: 1961, month: 7, day: 13, hour: 1, gender: "男" }).data;
  expect(ask(f, "我有财库吗")).toContain("你的年柱、时柱地支是丑：盘中带财库，传统上主能守财、有积蓄之象。盘中月柱、日柱地支未与它相冲，传统上称库已开");
  expect(ask(f, "Do I have a wealth storehouse?", "en")).toContain("Your year and hour branches are 丑: the chart holds its wealth storehouse, traditionally a sign of keeping and saving money. The 未 of your month and day pillars clashes it");
});
