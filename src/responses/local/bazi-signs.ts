/**
 * The five elements' traditional correspondences and what a chart reads from them: colours and
 * directions, trades, and travel and moving (驿马 beside the favourable elements' directions).
 */
import { type BaziFacts, starBranchNames } from "../facts/index.ts";
import { ELEMENT_EN, type ElementZh } from "../../bazi/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementName, list, say } from "./text.ts";
import { starPlaces, starYears } from "./bazi-details.ts";
import { BRANCH_DIRECTION } from "../data/branch-directions.ts";
import { BRANCHES } from "../../bazi/tables.ts";
import { elementOfTenGod, TEN_GODS } from "../../bazi/index.ts";
import { ANIMALS_EN, ANIMALS_ZH } from "./bazi-names.ts";
import { GROUP_NAME } from "./bazi-stars.ts";

/**
 * The traditional correspondences of the five elements: colours and direction (五行配色、方位), the
 * River Chart's numbers (河图: 一六水, 二七火, 三八木, 四九金, 五十土), and the trades commonly filed under each
 * (五行行业, whose lists vary between practitioners: the common core).
 */
const ELEMENT_SIGNS: Readonly<Record<string, { zh: readonly string[]; en: readonly string[]; direction: readonly [zh: string, en: string]; numbers: readonly [number, number]; trades: readonly [zh: string, en: string] }>> = {
  wood: { zh: ["绿色", "青色"], en: ["green"], direction: ["东方", "the east"], numbers: [3, 8], trades: ["教育、文化、出版、园林", "education, culture, publishing and gardening"] },
  fire: { zh: ["红色", "紫色"], en: ["red", "purple"], direction: ["南方", "the south"], numbers: [2, 7], trades: ["能源、电子、餐饮、传媒", "energy, electronics, food service and media"] },
  earth: { zh: ["黄色", "棕色"], en: ["yellow", "brown"], direction: ["中央", "the centre"], numbers: [5, 10], trades: ["房地产、建筑、农业、中介", "property, construction, farming and brokerage"] },
  metal: { zh: ["白色", "金色"], en: ["white", "gold"], direction: ["西方", "the west"], numbers: [4, 9], trades: ["金融、机械、五金、汽车", "finance, machinery, metalware and cars"] },
  water: { zh: ["黑色", "蓝色"], en: ["black", "blue"], direction: ["北方", "the north"], numbers: [1, 6], trades: ["贸易、物流、航运、旅游", "trade, logistics, shipping and travel"] },
};

/** Lucky numbers, from the favourable elements' River Chart numbers. */
export function numbersParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const each = f.favorable.map((e) => say(lang, `${elementName("zh", e)}对应${ELEMENT_SIGNS[e]!.numbers.join("和")}`, `${e} goes with ${ELEMENT_SIGNS[e]!.numbers.join(" and ")}`));
  return say(
    lang,
    `传统上数字按河图配五行（一六水、二七火、三八木、四九金、五十土），取喜用五行的数字。本盘喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}：${each.join("；")}。这只是象征性的对应，不会带来运气上的保证。`,
    `Traditionally numbers follow the River Chart's pairing with the elements (1 and 6 water, 2 and 7 fire, 3 and 8 wood, 4 and 9 metal, 5 and 10 earth), taking those of the favourable elements. Yours are ${list("en", f.favorable)}: ${list("en", each)}. A symbolic correspondence only; it guarantees no luck.`,
  );
}

/** Trades, from the favourable elements. */
export function tradesParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const each = f.favorable.map((e) => say(lang, `${elementName("zh", e)}对应${ELEMENT_SIGNS[e]!.trades[0]}`, `${e}: ${ELEMENT_SIGNS[e]!.trades[1]}`));
  return say(
    lang,
    `传统上按喜用五行选行业。本盘喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}：${each.join("；")}。这是常见的五行归类，各家不尽相同；具体选择仍要看你的兴趣、能力和机会。`,
    `Traditionally a trade is chosen by the favorable elements. Yours are ${list("en", f.favorable)}: ${each.join("; ")}. These are the common groupings, which vary between practitioners; your interests, skills and chances still decide.`,
  );
}

/** Colours and directions, from the favourable elements and away from the unfavourable ones. */
export function signsParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const sign = (e: string) => ELEMENT_SIGNS[e]!;
  const good = f.favorable.map((e) => say(lang, `${elementName("zh", e)}对应${sign(e).zh.join("、")}，方位${sign(e).direction[0]}`, `${e} goes with ${list("en", sign(e).en)} and ${sign(e).direction[1]}`));
  const avoided = (tongue: "zh" | "en") => f.unfavorable.flatMap((e) => sign(e)[tongue]);
  return say(
    lang,
    `传统上五行各有对应的颜色与方位。本盘喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}：${good.join("；")}。忌${list("zh", f.unfavorable.map((e) => elementName("zh", e)))}，对应的${avoided("zh").join("、")}传统上宜少用。这只是传统的象征对应，可按个人喜好取舍。`,
    `Traditionally each element has its colours and direction. Your favorable elements are ${list("en", f.favorable)}: ${good.join("; ")}. The unfavorable ones are ${list("en", f.unfavorable)}, so their colours (${avoided("en").join(", ")}) are traditionally used sparingly. These are symbolic correspondences; follow your own taste.`,
  );
}

/** Where one's nobleman is ("我的贵人在哪个方向", "which direction are my benefactors?"). */
export const NOBLE_DIRECTION = /贵人.{0,6}(?:方向|方位|在哪|哪里|哪边)|(?:方向|方位).{0,6}贵人|(?:nobleman|noble (?:people|star)|benefactor|helpful people).{0,30}(?:direction|where)|(?:direction|where).{0,30}(?:nobleman|noble (?:people|star)|benefactor|helpful people)/;

/**
 * The nobleman's direction: tradition takes it from 天乙贵人 by the day stem, each of its two branches
 * pointing where the twelve lie round the compass; where the chart carries it, and that the helpers
 * themselves are people, not a direction.
 */
export function nobleDirectionParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const branches = starBranchNames(f, "天乙贵人", "day_stem");
  const each = branches.map((b) => say(lang, `${b}属${BRANCH_DIRECTION[b]![0]}`, `${b} ${BRANCH_DIRECTION[b]![1]}`));
  // The two branches of each day stem never share a direction (丑未, 子申, 亥酉, 卯巳, 午寅).
  const directions = branches.map((b) => say(lang, BRANCH_DIRECTION[b]![0], BRANCH_DIRECTION[b]![1]));
  const at = starPlaces(f, lang, "天乙贵人");
  return say(
    lang,
    `贵人的方向，传统上看天乙贵人：按日干${f.dayMaster.stem}，天乙贵人在${branches.join("、")}，${each.join("、")}，所以传统上说贵人方在${directions.join("、")}方。${at.length ? `你的盘中，天乙贵人在${at.join("、")}。` : "你的盘中天干地支没有带天乙贵人。"}这是民俗的取象；真正的贵人是愿意帮你的人，多在你用心经营的关系里。`,
    `Tradition takes the nobleman's direction from 天乙贵人 by the day stem: for ${f.dayMaster.stem} it is at ${list("en", branches)} (${each.join(", ")}), so the nobleman is said to lie to the ${list("en", directions)}. ${at.length ? `Your chart carries it on ${list("en", at)}.` : "Your chart's pillars do not carry it."} A folk image: the real helpers are people willing to help you, found in the relationships you tend.`,
  );
}

/** Who one's nobleman is ("我的贵人是谁", "什么样的人是我的贵人", "who are my benefactors?"). */
export const NOBLE_WHO = /贵人是谁|谁是(?:我的)?贵人|贵人是(?:什么样|什么|哪种|哪类|怎样)的?人|(?:什么样|什么|哪种|哪类|怎样)的?人(?:是|会是|能做|才是)(?:我的)?贵人|贵人.{0,4}(?:属什么|什么生肖|属相)|(?<![a-z])(?:who (?:is|are|will be|might be) my (?:nobleman|noblemen|noble people|benefactors?|helpers?|helpful people)|(?:what kind of|which) (?:people|person) (?:will |would |can )?(?:help|support) me)(?![a-z])/;

/** The people each group of stars stands for, when its element is favourable: helpers. */
const HELPERS: Readonly<Record<keyof typeof TEN_GODS, [zh: string, en: string]>> = {
  resource: ["长辈、老师和提携你的上级", "elders, teachers and superiors who take you under their wing"],
  companion: ["朋友、同辈和兄弟姐妹", "friends, peers and siblings"],
  output: ["晚辈、学生和下属", "juniors, students and the people who work for you"],
  wealth: ["客户和合作的人（男命也指妻子）", "clients and the people you work with (for a man, his wife too)"],
  officer: ["上司和有权责的人（女命也指丈夫）", "bosses and people in authority (for a woman, her husband too)"],
};

/**
 * Who the nobleman is: by 天乙贵人 (by the day and the year stem, as the chart's stars are looked up),
 * people born in the years of its branches (a folk reading), the coming years that bring it, where the
 * chart carries it; and by the ten gods, the people of the favourable elements' groups. That the helpers
 * themselves are people willing to help, last.
 */
export function nobleWhoParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const animals = starBranchNames(f, "天乙贵人").map((b) => BRANCHES.indexOf(b as never));
  const at = starPlaces(f, lang, "天乙贵人");
  // Each element is one group's: the favourable ones in their own order.
  const groupOf = (element: string) => (Object.keys(TEN_GODS) as (keyof typeof TEN_GODS)[]).find((g) => elementOfTenGod(f.dayMaster.element, TEN_GODS[g][0]) === element)!;
  const helpers = f.favorable.map((e) => say(lang, `${elementName("zh", e)}是你的${GROUP_NAME[groupOf(e)][0]}（${HELPERS[groupOf(e)][0]}）`, `${e} stands for ${HELPERS[groupOf(e)][1]}`));
  return say(
    lang,
    `传统上看贵人有两层。一是天乙贵人（按日干与年干查）：民俗说属${animals.map((i) => ANIMALS_ZH[i]).join("、属")}的人容易成为你的贵人；${starYears(f, lang, "天乙贵人", now)}。${at.length ? `你的盘中，天乙贵人在${at.join("、")}。` : "你的盘中天干地支没有带天乙贵人。"}二是十神：本盘喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}，${helpers.join("，")}，传统上这些人是你的助力。这是民俗的取象；真正的贵人是愿意帮你的人，多在你用心经营的关系里。`,
    `Tradition reads the nobleman two ways. First 天乙贵人 (looked up by the day and the year stem): folk practice says people born in a year of the ${animals.map((i) => ANIMALS_EN[i]!).join(", the ").replace(/, the ([^,]+)$/, " or the $1")} readily become your helpers; ${starYears(f, lang, "天乙贵人", now)}. ${at.length ? `Your chart carries it on ${list("en", at)}.` : "Your chart's pillars do not carry it."} Second, the ten gods: your favorable elements are ${list("en", f.favorable)}; ${helpers.join("; ")}: traditionally these people are your support. A folk image: the real helpers are people willing to help you, found in the relationships you tend.`,
  );
}

/**
 * Travel, moving abroad, emigrating: tradition looks at 驿马 (the travelling horse) and at the
 * directions of the favourable elements; whether to go is the person's, on real chances.
 */
export function travelParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const horse = f.shenSha === null
    ? say(lang, "这个命盘保存时还没有记录神煞", "this chart was stored before its 神煞 were recorded")
    : starPlaces(f, lang, "驿马").length
      ? say(lang, `你的盘中驿马在${starPlaces(f, lang, "驿马").join("、")}，传统上主奔波走动、利于外出`, `your chart carries 驿马 on ${list("en", starPlaces(f, lang, "驿马"))}, traditionally a sign of movement and going out into the world`)
      : say(lang, `你的盘中没有驿马，${starYears(f, lang, "驿马", now)}`, `your chart does not carry 驿马 (${starYears(f, lang, "驿马", now)})`);
  const ways = list(lang, f.favorable.map((e) => say(lang, `${elementName("zh", e)}对应${ELEMENT_SIGNS[e]!.direction[0]}`, `${e} points to ${ELEMENT_SIGNS[e]!.direction[1]}`)));
  return say(
    lang,
    `传统上看出行与迁居，一看驿马：${horse}；二看喜用五行的方位：${ways}，传统上说往这些方向较顺。这是象征性的对应；去不去、去哪里，还要看实际的机会与条件。`,
    `Tradition reads travel and moving first from 驿马 (the travelling horse): ${horse}; then from the directions of your favourable elements: ${ways}, traditionally the easier ways to go. These are symbolic correspondences; whether and where to go rests on your real chances and circumstances.`,
  );
}

/** An element said to be missing or to need making up ("我五行缺金怎么补", "how do I boost water?"). */
export const ELEMENT_REMEDY = /(?:缺|补|补充|少了?)(木|火|土|金|水)|(木|火|土|金|水)(?:太少|不够|偏少)|(?<![a-z])(?:missing|lack(?:ing)?|short of|need more|boost|strengthen|make up for) (?:the |my )?(wood|fire|earth|metal|water)(?![a-z])/;

/** "要怎么补", "what should I add?": making up elements with none named, which is the missing ones'. */
export const REMEDY_ASKED = /怎么补|如何补|补什么|要补|该补|需要补|补哪|(?<![a-z])(?:what (?:elements? )?should i (?:add|boost|strengthen)|how (?:do|can|should) i (?:balance|make up|fix))(?![a-z])/;

const ADD_WHAT_IS_MISSING = {
  zh: "“缺什么补什么”是流行的说法，传统上看的是喜用，而不是个数。",
  en: '"Add what is missing" is a popular saying; tradition goes by what is favorable, not by the count.',
};

/** One element to make up: how many of the eight characters carry it, and whether tradition would draw near it here. */
function remedyOf(f: BaziFacts, lang: ReplyLanguage, element: string): string {
  const count = f.counts[element as keyof BaziFacts["counts"]];
  const name = elementName(lang, element);
  const sign = ELEMENT_SIGNS[element]!;
  const held = count === 0
    ? say(lang, `你的八个字里确实没有${name}`, `None of your eight characters is ${element}`)
    : say(lang, `你的八个字里${name}有${count}个，并不缺`, `${count} of your eight characters ${count === 1 ? "is" : "are"} ${element}: it is not missing`);
  const advice = f.favorable.includes(element)
    ? say(lang, `${name}是本盘的喜用，传统上可以多亲近：颜色如${sign.zh.join("、")}，方位${sign.direction[0]}，行业如${sign.trades[0]}。`, `${element[0]!.toUpperCase()}${element.slice(1)} is favorable here, so tradition would have you draw near it: colours such as ${list("en", sign.en)}, ${sign.direction[1]}, and trades like ${sign.trades[1]}.`)
    : say(lang, `但${name}不是本盘的喜用，传统上并不主张刻意去补；要亲近的是喜用的${list("zh", f.favorable.map((e) => elementName("zh", e)))}。`, `But ${element} is not favorable here, so tradition would not add it; the ones to draw near are ${list("en", f.favorable)}.`);
  return say(lang, `${held}。${advice}`, `${held}. ${advice}`);
}

/**
 * The element asked to be made up ("要不要补金"), or with none named ("五行缺什么要怎么补") each missing
 * one, or that none is: whether it is favourable here, its traditional colours and direction if it is,
 * and that tradition goes by the favourable elements, not the count. Null when nothing is asked to be added.
 */
export function remedyParagraph(f: BaziFacts, lang: ReplyLanguage, folded: string): string | null {
  const m = ELEMENT_REMEDY.exec(folded);
  const missing = Object.entries(f.counts).filter(([, n]) => n === 0).map(([e]) => e);
  const elements = m ? [m[3] ?? ELEMENT_EN[(m[1] ?? m[2]!) as ElementZh]] : REMEDY_ASKED.test(folded) ? missing : null;
  if (!elements) return null;
  const each = elements.length
    ? elements.map((e) => remedyOf(f, lang, e))
    : [say(lang, `你的八个字五行俱全，不缺哪一行；要亲近的是喜用的${list("zh", f.favorable.map((e) => elementName("zh", e)))}。`, `Your eight characters hold all five elements, none missing; the ones to draw near are ${list("en", f.favorable)}.`)];
  return say(lang, `${each.join("")}${ADD_WHAT_IS_MISSING.zh}`, `${each.join(" ")} ${ADD_WHAT_IS_MISSING.en}`);
}
