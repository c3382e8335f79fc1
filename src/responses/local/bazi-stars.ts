/**
 * What a chart question is read for — a matter, a person (children, parents, siblings), starting a
 * business or fame — and the ten-god stars tradition reads it from: where they sit in the chart, whether their
 * element is favourable here, which coming years bring them, and how a year bears on the matter asked
 * before.
 */
import { classifyMatter, type Matter } from "../../matter/matter.ts";
import { type Tie, whose } from "../../matter/person.ts";
import { COMING_YEARS, comingYearPillars, PILLAR_NAMES, type BaziFacts, yearPillarsAround } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementOfTenGod, TEN_GODS } from "../../bazi/index.ts";
import { elementName, foldedInput, list, matchesTopic, say, sentences } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";

/** A matter, or a person or plan the lexicon files under another matter: what a chart question is read for. */
export type ChartTopic = Matter | "children" | "parents" | "siblings" | "business" | "fame" | "windfall";

/** Children asked after: read from their own stars, not from family's resource stars. */
export const CHILDREN = /子女|孩子|小孩|几胎|二胎|三胎|生育|儿子|女儿|儿女|后代|(?<![a-z])(?:children|kids?|sons?|daughters?|child)(?![a-z])/;
const PARENTS = /父母|爸妈|父亲|母亲|爸爸|妈妈|老爸|老妈|爹娘|双亲|(?<![a-z])(?:parents?|father|mother|mom|mum|dad)(?![a-z])/;
const SIBLINGS = /兄弟|姐妹|兄妹|姐弟|哥哥|姐姐|弟弟|妹妹|手足|(?<![a-z])(?:siblings?|brothers?|sisters?)(?![a-z])/;
/**
 * Getting on with peers one is not related to — colleagues, classmates, friends — read from the same stars as
 * siblings (比劫). Only the bond: a colleague's own promotion is that person's matter (someoneElsesMatter).
 */
const PEERS = /(?:同事|同学|(?<![男女])朋友|闺蜜|同辈)[^，,。？?]{0,6}(?:关系|相处|合得来|处得来|合不合)|(?:关系|相处)[^，,。？?]{0,4}(?:同事|同学|(?<![男女])朋友)|人缘|人际|(?<![a-z])(?:get(?:ting)? along with (?:my )?(?:colleagues?|co-?workers?|friends?|classmates?|peers?)|(?:make|making|keep) friends)(?![a-z])/;
/** A partner or marriage named: then a bond (缘分, 关系) is the partner's, even beside the parents. */
const PARTNER = /婚|老公|老婆|丈夫|妻子|男友|女友|男朋友|女朋友|对象|伴侣|配偶|恋爱|(?<![a-z])(?:partner|spouse|husband|wife|boyfriend|girlfriend|marri\w*|dating)(?![a-z])/;
const FAME = /出名|成名|名气|名声|名望|有名|(?<![a-z])(?:fame|famous|reputation|well[- ]known|renown\w*)(?![a-z])/;
/**
 * Love and marriage in words the matter lexicon lacks: "真命天子", "嫁什么样的人", "when will I meet the one?",
 * "will I marry?"; the folk 克夫, 旺夫 ("am I bad or good for a husband?"), after the reading limits' note, are the
 * marriage too.
 */
const LOVE = /真命天子|真命天女|嫁|娶|成家|[克旺帮](?:夫|妻)|(?<![a-z])(?:(?:meet|find) the one|mr\.? right|marry)(?![a-z])/;
/** Money that comes unlooked-for: a windfall, the lottery, a bet (偏财运, 横财). */
const WINDFALL = /偏财|横财|意外之财|中奖|彩票|赌|(?<![a-z])(?:windfalls?|lottery|jackpot|gambl\w*|indirect wealth)(?![a-z])/;
/** Getting rich in the words the matter lexicon lacks ("我几时会发达", "暴富"; it has 发财, "rich", "wealthy"): money. */
const RICH = /发达|暴富/;
const DIVORCE = /离婚|divorc/g;
const BUSINESS = /创业|做生意|开店|开公司|当老板|(?<![a-z])(?:start(?:ing)? (?:an?|my own|my)(?: [a-z]+)? (?:business|company|shop)|(?:my|your) own (?:business|company)|entrepreneur\w*|open(?:ing)? (?:a|my own) (?:shop|store|business))(?![a-z])/;

/** The topics a question names: family told apart into children, parents and siblings; a business in place of career and money. */
export function chartTopics(input: string): ChartTopic[] {
  const person = matchesTopic(input, CHILDREN) ? "children" : matchesTopic(input, PARENTS) ? "parents" : matchesTopic(input, SIBLINGS) ? "siblings" : null;
  const matters = classifyMatter(foldedInput(input));
  // A person named with no matter of the lexicon's ("a sibling?") is asked after for themselves.
  let topics: ChartTopic[] = matters.length === 0 && person ? [person] : matters.map((m) => (m === "family" && person ? person : m));
  // "我父母缘分如何": the bond asked after is with the parents, unless a partner or marriage is named.
  if (person === "parents" && !matchesTopic(input, PARTNER)) topics = topics.map((m) => (m === "relationship" ? "parents" : m));
  // Getting on with colleagues or friends ("我跟同事关系怎么样") is the peers' stars, not the career's the lexicon reads in 同事.
  if (matchesTopic(input, PEERS) && topics.every((m) => m === "career" || m === "family")) topics = ["siblings"];
  if (matchesTopic(input, BUSINESS)) topics = ["business", ...topics.filter((m) => m !== "career" && m !== "money")];
  if (matchesTopic(input, FAME)) topics = ["fame", ...topics.filter((m) => m !== "career")];
  if (matchesTopic(input, WINDFALL)) topics = ["windfall", ...topics.filter((m) => m !== "money")];
  else if (matchesTopic(input, RICH) && !topics.includes("business")) topics = [...topics, "money"];
  // A divorce asked of a chart is the marriage; the lawsuit the lexicon also reads in 离婚 only when a court is named too.
  if (topics.includes("relationship") && !classifyMatter(foldedInput(input).replace(DIVORCE, "")).includes("lawsuit")) topics = topics.filter((m) => m !== "lawsuit");
  // Said once: the topics are made distinct below.
  if (matchesTopic(input, LOVE)) topics = [...topics, "relationship"];
  return [...new Set(topics)];
}

/** The topic a tie's own matter is read from in the asker's chart: the star that stands for that person. */
const TIE_TOPIC: Readonly<Record<Tie, ChartTopic>> = { husband: "relationship", wife: "relationship", child: "children", parent: "parents", peer: "siblings" };
const TIE_NAME: Readonly<Record<Tie, [zh: string, en: string]>> = {
  husband: ["丈夫（男友）", "husband or boyfriend"],
  wife: ["妻子（女友）", "wife or girlfriend"],
  child: ["孩子", "child"],
  parent: ["父母", "parent"],
  peer: ["兄弟姐妹或朋友", "sibling or friend"],
};

/**
 * Someone else's own matter asked of a chart ("我老公的事业怎么样？"). A chart carries no owner, so both
 * readings are said: if it is the asker's, the matter is read from the other person's own chart and this
 * one shows them only through the star that stands for them; if it is theirs, the matter asked by itself
 * is read from it. Null for the asker's own matter.
 */
/** The matter asked by itself, as an example of the question that reads a chart as the other person's own. */
const ASK_ITSELF: Readonly<Partial<Record<ChartTopic, [zh: string, en: string]>>> = {
  career: ["事业怎么样", "how is the career?"],
  money: ["财运怎么样", "how is the money?"],
  windfall: ["财运怎么样", "how is the money?"],
  relationship: ["感情怎么样", "how is love?"],
  health: ["身体怎么样", "how is the health?"],
};

export function someoneElsesMatter(f: BaziFacts, lang: ReplyLanguage, input: string): string[] | null {
  const owner = whose(input).owner;
  if (!owner) return null;
  const [zh, en] = TIE_NAME[owner];
  const [askZh, askEn] = chartTopics(input).map((t) => ASK_ITSELF[t]).find(Boolean) ?? ["学业怎么样", "how are the studies?"];
  return [
    say(
      lang,
      `问的是${zh}自己的事。若这个命盘是你自己的，${zh}的事要看${zh}自己的八字（可以用${zh}的出生信息另建一个命盘）；在你的盘里，传统上只能从代表${zh}的那类星，看${zh}与你的缘分，如下。若这个命盘就是${zh}的，直接问那件事本身（如“${askZh}”），就按这个命盘来读。`,
      `You ask about your ${en}'s own matter. If this chart is yours, theirs is read from their own chart (create one from their birth details); in yours, tradition sees your ${en} only through the stars that stand for them, as a bond with you, below. If this chart is your ${en}'s, ask about the matter itself ("${askEn}") and it is read from this chart.`,
    ),
    starsParagraph(f, lang, TIE_TOPIC[owner])!,
  ];
}

interface StarReading {
  stars: readonly string[];
  zh: string;
  en: string;
}

/** The ten-god stars a topic is traditionally read from (a spouse and children depend on gender). */
export function starsFor(matter: ChartTopic, gender: string): StarReading | null {
  switch (matter) {
    case "career":
    case "lawsuit":
      return { stars: ["正官", "七杀"], zh: "官杀（事业、职位与约束）", en: "the officer stars (position, duty and pressure)" };
    case "fame":
      return { stars: ["正官", "七杀"], zh: "官杀（名声、地位与威望）", en: "the officer stars (reputation, standing and authority)" };
    case "money":
    case "lost_item":
      return { stars: ["正财", "偏财"], zh: "财星（钱财与资源）", en: "the wealth stars (money and resources)" };
    case "windfall":
      return { stars: ["偏财"], zh: "偏财（意外之财、投机与流动之财）", en: "indirect wealth (windfalls, speculation and money on the move)" };
    case "business":
      return { stars: ["食神", "伤官", "正财", "偏财"], zh: "食伤与财星（食伤生财：本事与产出化为收入）", en: "the output and wealth stars (output generates wealth: skill and work turned into income)" };
    case "relationship":
      return gender === "男"
        ? { stars: ["正财", "偏财"], zh: "财星（男命以财为妻星）", en: "the wealth stars (for a man's chart, the spouse star)" }
        : { stars: ["正官", "七杀"], zh: "官杀（女命以官为夫星）", en: "the officer stars (for a woman's chart, the spouse star)" };
    case "parents":
      return { stars: ["正印", "偏印", "偏财"], zh: "印星与偏财（传统上印为母、偏财为父；宫位在年柱、月柱）", en: "the resource stars and indirect wealth (traditionally the mother and the father; their palaces are the year and month pillars)" };
    case "siblings":
      return { stars: ["比肩", "劫财"], zh: "比劫（兄弟姐妹与同辈；宫位在月柱）", en: "the peer stars (siblings and peers; their palace is the month pillar)" };
    case "study":
    case "home":
    case "family":
      return { stars: ["正印", "偏印"], zh: "印星（学业、文书、家与长辈）", en: "the resource stars (study, documents, home and elders)" };
    case "pregnancy":
    case "children":
      return gender === "男"
        ? { stars: ["正官", "七杀"], zh: "官杀（男命以官杀为子女星）", en: "the officer stars (for a man's chart, the children's star)" }
        : { stars: ["食神", "伤官"], zh: "食伤（女命以食伤为子女星）", en: "the output stars (for a woman's chart, the children's star)" };
    default:
      return null;
  }
}

/** The name of a topic's stars without its gloss ("官杀", "the officer stars"). */
export const starsName = (reading: StarReading, lang: ReplyLanguage) => say(lang, reading.zh.replace(/（.*$/, ""), reading.en.replace(/ \(.*$/, ""));

type StarGroup = keyof typeof TEN_GODS;
export const GROUP_NAME: Readonly<Record<StarGroup, [zh: string, en: string]>> = {
  companion: ["比劫", "the peer stars"],
  output: ["食伤", "the output stars"],
  wealth: ["财星", "the wealth stars"],
  officer: ["官杀", "the officer stars"],
  resource: ["印星", "the resource stars"],
};
/** The groups that support the day master (生扶); the other three drain it (克泄耗). */
const SUPPORTING: ReadonlySet<StarGroup> = new Set(["companion", "resource"]);

/**
 * The verdict tradition gives on a matter's stars in this chart: each group's element, favourable or
 * not here, and what the day master's strength makes of it — a weak one needs support and finds the
 * draining stars heavy; a strong one has room for them and has enough support already.
 */
function balanceOf(f: BaziFacts, lang: ReplyLanguage, stars: readonly string[]): string {
  const groups = (Object.keys(TEN_GODS) as StarGroup[]).filter((g) => TEN_GODS[g].some((s) => stars.includes(s)));
  const each = groups.map((g) => {
    const element = elementOfTenGod(f.dayMaster.element, TEN_GODS[g][0]);
    const favourable = f.favorable.includes(element);
    return say(lang, `${GROUP_NAME[g][0]}属${elementName("zh", element)}，${favourable ? "为喜用" : "为忌"}`, `${GROUP_NAME[g][1]} are ${element} (${favourable ? "favorable" : "unfavorable"})`);
  });
  const weak = f.strength === "weak";
  const reading = groups.every((g) => !SUPPORTING.has(g))
    ? say(
      lang,
      weak ? "由于日主偏弱，传统的建议是先增强自身（喜用五行），再去承担更多。" : "由于日主偏强，传统上认为你有余力去承担和发挥。",
      weak ? "With a weak day master, the traditional advice is to build your own support (the favorable elements) before taking on more." : "With a strong day master, tradition sees room to take on and use these energies.",
    )
    : groups.every((g) => SUPPORTING.has(g))
      ? say(
        lang,
        weak ? "日主偏弱，它们正是生扶自身的力量，传统上视为助力。" : "日主偏强，它们已经够多，再多反成负担，传统上宜适度。",
        weak ? "With a weak day master, they are the support it needs: tradition counts them in your favor." : "With a strong day master, there is enough of them already: tradition advises moderation.",
      )
      : "";
  return sentences(lang, say(lang, `在本盘，${each.join("；")}。`, `In this chart, ${list("en", each)}.`), reading);
}

/** Where a topic's stars sit in the chart, and the tradition's verdict on them here. */
export function starsParagraph(f: BaziFacts, lang: ReplyLanguage, matter: ChartTopic): string | null {
  const reading = starsFor(matter, f.gender);
  if (!reading) return null;
  const found: string[] = [];
  for (const n of PILLAR_NAMES) {
    const p = f.pillars[n];
    if (reading.stars.includes(p.ten_god)) found.push(say(lang, `${PILLAR_ZH[n]}天干（${p.ten_god}）`, `the ${n} stem (${p.ten_god})`));
    for (const h of p.hidden) if (reading.stars.some((s) => h.includes(s))) found.push(say(lang, `${PILLAR_ZH[n]}藏干${h}`, `the ${n} branch's hidden stem ${h}`));
  }
  const where = found.length
    ? say(lang, `在你的盘中，它们出现在${list(lang, found)}。`, `In your chart they appear in ${list(lang, found)}.`)
    : reading.stars.length === 1
      ? say(lang, `你的盘中天干与藏干都没有出现${reading.stars[0]}，传统上会转看大运流年何时引出它。`, `Neither the stems nor the hidden stems of your chart carry ${reading.stars[0]}; tradition then looks at which luck pillars bring it in.`)
      : say(lang, "你的盘中天干与藏干都没有出现这些星，传统上会转看大运流年何时引出它们。", "Neither the stems nor the hidden stems of your chart carry these stars; tradition then looks at which luck pillars bring them in.");
  return sentences(lang, say(lang, `这类问题传统上看${reading.zh}。`, `Questions like this are traditionally read from ${reading.en}.`), where, balanceOf(f, lang, reading.stars));
}

/** The topics' star paragraphs, one per distinct set of stars ("我会离婚吗" is a marriage and a lawsuit, both read from 官杀 for a woman). */
export function starsParagraphs(f: BaziFacts, lang: ReplyLanguage, topics: readonly ChartTopic[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const topic of topics) {
    const stars = starsFor(topic, f.gender)?.stars.join();
    if (!stars || seen.has(stars) || out.length === 2) continue;
    seen.add(stars);
    out.push(starsParagraph(f, lang, topic)!);
  }
  return out;
}

/**
 * "When?" for a matter: the coming years whose stem is one of the matter's stars — the tradition's
 * first rule for when a matter is set in motion (a star that shows in the year's stem) — stated as one.
 */
export function whenParagraph(f: BaziFacts, lang: ReplyLanguage, matter: ChartTopic, now: number, byAge = false): string | null {
  const reading = starsFor(matter, f.gender);
  if (!reading) return null;
  // Each stem comes once in ten years, so twelve always hold one of the stars.
  const years = comingYearPillars(f, now).filter((y) => reading.stars.includes(y.ten_god));
  // Asked at what age: the age reached in that year (周岁, from the birth date's year).
  const age = (year: number) => (byAge ? say(lang, `，那年满${year - Number(f.solar.date.slice(0, 4))}岁`, `, the year you turn ${year - Number(f.solar.date.slice(0, 4))}`) : "");
  const named = years.slice(0, 4).map((y) => say(lang, `${y.year}年${y.ganzhi}（${y.ten_god}${age(y.year)}）`, `${y.year} (${y.ganzhi}, ${y.ten_god}${age(y.year)})`));
  return say(
    lang,
    `问“什么时候”，传统上先看${starsName(reading, lang)}透出天干的流年，最能引动此事。从今年起的${COMING_YEARS}年里，这样的年份有：${list(lang, named)}。这是传统的推断方法，不是确定的时间。`,
    `For "when", the tradition first looks at the years whose stem is one of ${starsName(reading, lang)}: they set the matter in motion. In the ${COMING_YEARS} years from this one: ${list(lang, named)}. A traditional method, not a set date.`,
  );
}

const HIT = ["传统上这一年与此事关联更紧，宜多留意机会", "traditionally the year bears on it more closely, a time to watch for openings"] as const;
const MISS = ["这一年对此事的直接作用较小，主要还看大运与原局", "traditionally the year bears on it less directly, and the luck pillar and the chart weigh more"] as const;

/**
 * How a year touches a matter: is the year's stem one of the matter's stars? Asked before (`askedBefore`: "那明年呢？"
 * after a career question) or in the same question ("今年感情运怎么样").
 */
export function yearForMatter(f: BaziFacts, lang: ReplyLanguage, year: number, matter: ChartTopic, askedBefore: boolean): string | null {
  const reading = starsFor(matter, f.gender);
  if (!reading) return null;
  const [y] = yearPillarsAround(f, year);
  const hit = reading.stars.includes(y!.ten_god);
  return say(
    lang,
    // Asked in the same question, the year's paragraph has just named its pillar and the stars' own paragraph follows.
    askedBefore
      ? `接着你刚才问的：这类事传统上看${reading.zh}。${year}年流年${y!.ganzhi}的天干是${y!.ten_god}，${hit ? "正是所看之星" : "不是所看之星"}，${hit ? HIT[0] : MISS[0]}。`
      : `流年天干${y!.ten_god}${hit ? "正是" : "不是"}此事所看的${starsName(reading, "zh")}：${hit ? HIT[0] : MISS[0]}。`,
    askedBefore
      ? `On what you asked before: such matters are read from ${reading.en}. The ${year} pillar ${y!.ganzhi} has ${y!.ten_god} on its stem, ${hit ? "one of those stars" : "not one of those stars"}: ${hit ? HIT[1] : MISS[1]}.`
      : `The year's stem, ${y!.ten_god}, is ${hit ? "one of" : "not one of"} ${starsName(reading, "en")} this matter is read from: ${hit ? HIT[1] : MISS[1]}.`,
  );
}
