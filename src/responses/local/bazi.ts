/**
 * The local interpreter's explanation of a BaZi chart: the pillars and the day
 * master first, then the part of the chart the question points at (elements,
 * luck pillars, or the ten-god stars a matter is traditionally read from).
 */
import { classifyMatter } from "../../matter/matter.ts";
import { beijingYear, PILLAR_NAMES, type BaziFacts, pillarsText, yearPillarsAround } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { TEN_GODS } from "../../bazi/index.ts";
import { elementName, type Explanation, foldedInput, glossaryTermsNamed, helpFirst, list, matchesTopic, say, SEEK_HELP, WHETHER } from "./text.ts";
import { allStarsParagraph, healthParagraph, namedStarsParagraph, PILLAR_ZH, relationsParagraph, shenShaNamed } from "./bazi-details.ts";
import { ELEMENT_REMEDY, NOBLE_DIRECTION, NOBLE_WHO, nobleDirectionParagraph, nobleWhoParagraph, numbersParagraph, remedyParagraph, signsParagraph, tradesParagraph, travelParagraph } from "./bazi-signs.ts";
import { type ChartTopic, chartTopics, someoneElsesMatter, starsParagraphs, whenParagraph, yearForMatter } from "./bazi-stars.ts";
import { annualParagraph, monthsParagraph, NEXT_YEAR, recentYear, relativeYear, THAT_YEAR, THIS_YEAR, YEAR_NUMBER } from "./bazi-years.ts";
import { SPOUSE_PALACE, spousePalaceParagraph, TAI_SUI, taiSuiParagraph } from "./bazi-palaces.ts";
import { STOREHOUSE, storehouseParagraph, STRUCTURE, structureParagraph } from "./bazi-structure.ts";
import { NAYIN, nayinParagraph, PALACES, palacesParagraph, ZODIAC, zodiacParagraph } from "./bazi-names.ts";
import { compatibilityParagraph, FLAWS, personalityParagraph, pillarParagraph, pillarsNamed } from "./bazi-self.ts";
import { BEST_MATCH, bestMatchesParagraph, zodiacMatchParagraph } from "./bazi-zodiac.ts";
import { CAUTIONS, cautionsParagraph, CHILD_COUNT, childCountSentence, LATER_LIFE, laterLifeParagraph, NAME_ASKED, nameParagraph } from "./bazi-life.ts";
import { AGE_ASKED, decisionParagraph, GOOD_YEARS, goodYearsParagraph, luckParagraph, verdict, WHEN } from "./bazi-luck.ts";


/** Which floor to live on ("我适合住几楼", "which floor suits me?"). */
const FLOOR = /几楼|几层|哪一?层|楼层|(?<![a-z])(?:which|what) floor(?![a-z])/;

/** Loneliness: "孤独", "孤单", "寂寞", "am I going to be lonely?", "will I die alone?". */
const LONELY = /孤独|孤单|寂寞|孤家寡人|(?<![a-z])(?:lonely|loneliness|lonesome|die alone|alone forever|be alone)(?![a-z])/;
const LONELY_NOTE = {
  zh: "会不会孤独，传统上看孤辰、寡宿二星：它们主独立、清冷，是提醒多经营人际与感情，不是注定孤独。",
  en: "Tradition reads loneliness from two stars, 孤辰 and 寡宿, of independence and reserve: a reminder to tend one's ties, not a fate of being alone.",
};

/** A lottery, a bet or a casino: no chart decides chance, and no stake should rest on one. */
const GAMBLING = /彩票|赌|(?<![a-z])(?:lottery|jackpot|gambl\w*|casino|bet(?:s|ting)?)(?![a-z])/;
const GAMBLING_NOTE = {
  zh: "彩票、赌博的输赢是概率，命盘定不了，也不该拿命盘去押注；传统上说偏财来得快、去得也快，量力而行。",
  en: "A lottery or a bet is chance, which no chart decides, and no stake should rest on one; tradition says windfall money comes fast and goes fast, so play only what you can afford to lose.",
};


/** Asking whether two people suit each other. */
const COMPATIBLE = /合不合|合得来|合唔合|相配|配对|合婚|(?<![a-z])(?:compatib\w*|a good match|match with|get along with)(?![a-z])/;
/** The same, shorter, beside a zodiac animal ("我老公属龙，我们合吗", "is a dragon a good match?"). */
const ANIMALS_MATCH = /合吗|合嗎|合不来|相冲|犯冲|冲不冲|般配|配吗|(?<![a-z])(?:match|suit|get along|good together)(?![a-z])/;

function opening(f: BaziFacts, lang: ReplyLanguage): string {
  const dm = f.dayMaster;
  const strengthZh = f.strength === "strong" ? "身强" : "身弱";
  return say(
    lang,
    `你的八字四柱是：${PILLAR_NAMES.map((n) => `${PILLAR_ZH[n]}${f.pillars[n].ganzhi}`).join("、")}。日主（代表你自己）是${dm.stem}，属${dm.yin_yang === "yang" ? "阳" : "阴"}${elementName("zh", dm.element)}，按本盘的规则判断为${strengthZh}。`,
    `Your four pillars are ${PILLAR_NAMES.map((n) => `${f.pillars[n].ganzhi} (${n})`).join(", ")}. The day master, which stands for you, is ${dm.stem}: ${dm.yin_yang} ${dm.element}, judged ${f.strength} under this chart's rule.`,
  );
}

function elementsParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const counts = Object.entries(f.counts).map(([e, n]) => say(lang, `${elementName("zh", e)}${n}`, `${e} ${n}`));
  const fav = list(lang, f.favorable.map((e) => elementName(lang, e)));
  const unfav = list(lang, f.unfavorable.map((e) => elementName(lang, e)));
  const missing = Object.entries(f.counts).filter(([, n]) => n === 0).map(([e]) => elementName(lang, e));
  const gap = missing.length ? say(lang, `缺${missing.join("、")}`, `${list("en", missing)} missing`) : say(lang, "五行俱全", "none missing");
  return say(
    lang,
    `五行分布（四天干加四地支本气）：${counts.join("，")}，${gap}。本盘的喜用五行是${fav}，忌${unfav}。传统上，喜用之五行是生活中宜多亲近、多培养的方向，忌神则宜节制而非害怕。`,
    `Five-element counts (four stems plus the four branches' main qi): ${counts.join(", ")}, ${gap}. The favorable elements are ${fav}; the unfavorable ones are ${unfav}. Traditionally, favorable elements are qualities to cultivate in daily life; unfavorable ones are to be moderated, not feared.`,
  );
}

const TEN_GOD_NAMES: readonly string[] = Object.values(TEN_GODS).flat();

/** The ten gods a question names, in Chinese or by the glossary's English names ("seven killings"), in their table's order. */
function tenGodsNamed(input: string): string[] {
  const named = new Set(glossaryTermsNamed(input).map((g) => g.term));
  return TEN_GOD_NAMES.filter((name) => named.has(name));
}

/** Where a ten god sits in the chart: the stems and the hidden stems that carry it ("what does 七杀 mean in my chart?"). */
function tenGodParagraph(f: BaziFacts, lang: ReplyLanguage, name: string): string {
  const found: string[] = [];
  for (const n of PILLAR_NAMES) {
    const p = f.pillars[n];
    if (p.ten_god === name) found.push(say(lang, `${PILLAR_ZH[n]}天干${p.ganzhi[0]}`, `the ${n} stem ${p.ganzhi[0]}`));
    for (const h of p.hidden) if (h.endsWith(`(${name})`)) found.push(say(lang, `${PILLAR_ZH[n]}藏干${h[0]}`, `the ${n} branch's hidden stem ${h[0]}`));
  }
  return found.length
    ? say(lang, `你的盘中，${name}出现在${list(lang, found)}。`, `In your chart ${name} appears in ${list(lang, found)}.`)
    : say(lang, `你的盘中，天干与藏干都没有${name}；传统上看大运、流年何时引出它。`, `Neither the stems nor the hidden stems of your chart carry ${name}; tradition looks at which luck pillars and years bring it in.`);
}

const BAND_ZH = { very_weak: "极弱", weak: "偏弱", balanced: "中和", strong: "偏强", very_strong: "极强" } as const;
const QI_ZH = { main: "本气", middle: "中气", residual: "余气" } as const;

/** The graded strength and its three bases, for a question about how strong the day master is. */
function strengthParagraph(f: BaziFacts, lang: ReplyLanguage): string | null {
  const g = f.graded;
  if (!g) return null;
  const { de_ling, de_di, de_shi } = g.basis;
  const roots = de_di.roots.map((r) => say(lang, `${PILLAR_ZH[r.pillar][0]}支藏${r.stem}（${QI_ZH[r.qi]}）`, `${r.stem} in the ${r.pillar} branch (${r.qi} qi)`));
  const stems = de_shi.supporting_stems.map((p) => say(lang, `${PILLAR_ZH[p][0]}干${f.pillars[p].ganzhi[0]}`, `the ${p} stem ${f.pillars[p].ganzhi[0]}`));
  const hint = g.hint ? say(lang, `分数已到提示${g.hint}格的程度，但是否从格还要看全局，请由命理师判断。`, `The score is at the level where a ${g.hint} (following) pattern is worth checking, which depends on the whole chart: a practitioner's judgement.`) : "";
  return say(
    lang,
    `日主强弱按分数评估为${g.score}分（满分100），属${BAND_ZH[g.band]}（45–55为中和）。得令：${de_ling.held ? "是" : "否"}，日主在月令为${de_ling.month_state}；得地：${de_di.held ? "是" : "否"}，${roots.length ? `根在${roots.join("、")}` : "地支无根"}；得势：${de_shi.held ? "是" : "否"}，${stems.length ? `${stems.join("、")}相助` : "天干无比劫印星相助"}。${hint}`,
    `Graded, the day master scores ${g.score} of 100: ${g.band.replace("_", " ")} (45–55 is balanced). In season (得令): ${de_ling.held ? "yes" : "no"}, ${de_ling.month_state} in the month; rooted (得地): ${de_di.held ? "yes" : "no"}, ${roots.length ? `roots: ${roots.join(", ")}` : "no root in the branches"}; supported (得势): ${de_shi.held ? "yes" : "no"}, ${stems.length ? `helped by ${stems.join(", ")}` : "no companion or resource among the stems"}. ${hint}`.trim(),
  );
}

/** A feeling (stress, worry, sleeplessness, exhaustion) with a question whether the chart is behind it. */
const FEELING = /压力|焦虑|失眠|睡不着|睡唔着|好累|很累|疲惫|烦躁|心烦|情绪|抑郁|紧张|攰|stress|anxious|anxiety|worried|can ?t sleep|cannot sleep|insomnia|exhausted|burn(?:ed|t)? out|tired|on edge|low mood|overwhelmed/;
const CHART_AS_CAUSE = /(?:八字|命盘|命格|盘|命|chart|bazi|stars?|pillars?).{0,12}(?:原因|导致|造成|有关|关系|影响|害|搞|reason|cause|blame|behind|why|fault)|(?:because of|due to|caused by|from) (?:my )?(?:chart|bazi|stars|pillars)|是不是.{0,8}(?:八字|命|盘)|(?:八字|命|盘).{0,8}(?:所以|注定)/;

/**
 * "I'm stressed, is my chart the reason?": the chart is not a cause of a feeling — say so first — then
 * what the tradition looks at for pressure: the officer stars (正官/七杀), how the day master
 * bears them (its strength), and whether this year's pillar clashes the day pillar.
 */
function pressureParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const year = beijingYear(now);
  const officers = PILLAR_NAMES.filter((n) => n !== "day" && ["正官", "七杀"].includes(f.pillars[n].ten_god));
  const [thisYear] = yearPillarsAround(f, year);
  const meetsDay = thisYear!.relations.filter((r) => r.members.includes("day") && (r.type === "clash" || r.type === "punishment" || r.type === "harm"));
  const stars = officers.length
    ? say(lang, `盘中${officers.map((n) => `${PILLAR_ZH[n]}透${f.pillars[n].ten_god}`).join("、")}，传统上官杀主压力、责任与约束`, `your chart shows ${list("en", officers.map((n) => `${f.pillars[n].ten_god} on the ${n} stem`))}, which tradition reads as pressure, duty and constraint`)
    : say(lang, "盘中天干不透官杀，传统上压力更多来自当下的处境而非命局", "no officer star shows among your stems, so tradition would look to your present circumstances rather than the chart for pressure");
  const bearing = say(lang, f.strength === "weak" ? "日主偏弱，传统上认为较容易感到被压、需要先养护自己" : "日主偏强，传统上认为扛得住压力，但也容易硬撑", f.strength === "weak" ? "a weak day master is traditionally said to feel pressure more and to need rest and support first" : "a strong day master is traditionally said to bear pressure well, and to push on too long");
  const thisYearLine = meetsDay.length
    ? say(lang, `${year}年流年${thisYear!.ganzhi}与日柱${meetsDay.map((r) => r.name).join("、")}，传统上主变动与奔波，这一年觉得辛苦并不奇怪`, `this year's ${thisYear!.ganzhi} pillar meets your day pillar in ${meetsDay.map((r) => r.name).join(" and ")}, traditionally a year of change and strain`)
    : say(lang, `${year}年流年${thisYear!.ganzhi}与日柱没有冲刑害`, `this year's ${thisYear!.ganzhi} pillar does not clash, punish or harm your day pillar`);
  return say(
    lang,
    `命盘不会造成情绪或失眠，它是传统文化里理解性格与时运的一种语言；压力和睡眠问题有现实的原因，持续的话请找医生或心理咨询师聊聊。从传统的角度看：${stars}；${bearing}；${thisYearLine}。`,
    `A chart does not cause stress or sleeplessness: it is a traditional language for temperament and timing, and feelings like these have real causes; if they last, please talk to a doctor or a counsellor. In the tradition's terms: ${stars}; ${bearing}; ${thisYearLine}.`,
  );
}

/** The elements in one sentence, for the overview (the elements question gets elementsParagraph). */
function elementsInBrief(f: BaziFacts, lang: ReplyLanguage): string {
  const entries = Object.entries(f.counts);
  const most = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
  const missing = entries.filter(([, n]) => n === 0).map(([e]) => elementName(lang, e));
  return say(
    lang,
    `八个字里${elementName("zh", most[0])}最多（${most[1]}个）${missing.length ? `，缺${missing.join("、")}` : ""}；喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}。`,
    `Of the eight characters, ${most[0]} is the most common (${most[1]})${missing.length ? `, and ${list("en", missing)} ${missing.length > 1 ? "are" : "is"} missing` : ""}; the favorable elements are ${list("en", f.favorable)}.`,
  );
}

/** Success in life, of no matter ("我会成功吗", "will I be successful?"): the same reading as the whole chart. */
const SUCCESS = /会(?:不会)?成功|能(?:不能)?成功|有没有出息|有出息|出人头地|成大事|(?<![a-z])(?:will i (?:ever )?(?:be|become) successful|will i succeed|will i make it(?: big)?|am i going to (?:be successful|make it|succeed))(?![a-z])/;

/** "Is my chart good?": asked of the whole chart, not of a matter ("我的八字怎么样" asks for the reading itself: the overview). */
const GOOD_OR_BAD = /命(?:好|差|苦|不好|唔好)|(?:命|命运|命格|命局|八字)(?:好不好|好唔好|好吗|好嘛)|(?<![a-z])(?:is my (?:chart|bazi|fate|destiny) (?:good|bad|lucky)|(?:a )?(?:good|bad|lucky) (?:chart|fate|destiny)|how good is my (?:chart|fate|destiny))(?![a-z])/;

/**
 * Whether the chart is good: tradition grades no chart good or bad; it reads balance — the day master's
 * strength, the favourable elements — and when the luck pillars bring them; then the current one.
 */
function wholeChartParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const year = beijingYear(now);
  const current = f.luck.pillars.find((p) => p.startYear <= year && year <= p.endYear);
  const score = f.graded ? say(lang, `（${f.graded.score}分）`, ` (${f.graded.score} of 100)`) : "";
  const luck = current ? say(lang, `${year}年所行的大运${verdict(f, lang, current.ganzhi)}`, `the luck pillar of ${year}, ${verdict(f, lang, current.ganzhi)}`) : "";
  return say(
    lang,
    `传统上八字不论绝对的好坏：看的是五行是否平衡、命局需要的五行（喜用）能否得到，以及大运流年何时带来它们。你的日主${f.dayMaster.stem}按本盘的规则为${f.strength === "strong" ? "身强" : "身弱"}${score}，喜用${list("zh", f.favorable.map((e) => elementName("zh", e)))}。${luck}同一个八字也会走出不同的人生，选择与环境同样在塑造它。`,
    `Tradition grades no chart good or bad: it reads balance — whether the elements the chart needs (its favourable ones) are there — and when the luck pillars and years bring them. Your day master ${f.dayMaster.stem} is ${f.strength} under this chart's rule${score}, and your favourable elements are ${list("en", f.favorable)}.${luck ? ` For ${luck}` : ""} The same chart is lived in many ways: choices and circumstances shape it as much.`,
  );
}

function overviewParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const gods = (["year", "month", "hour"] as const).map((n) => say(lang, `${PILLAR_ZH[n]}${f.pillars[n].ganzhi}为${f.pillars[n].ten_god}`, `${n} ${f.pillars[n].ganzhi} is ${f.pillars[n].ten_god}`));
  const nayin = say(lang, `日柱纳音为${f.pillars.day.nayin}`, `the day pillar's 纳音 is ${f.pillars.day.nayin}`);
  return say(
    lang,
    `以日主为中心看其余三柱的十神：${gods.join("，")}；${nayin}。你可以就事业、财运、感情、学业、五行或大运继续追问。`,
    `Seen from the day master, the other pillars' ten gods are: ${gods.join("; ")}; ${nayin}. You can ask further about career, money, relationships, study, the five elements or the luck pillars.`,
  );
}

/**
 * The partner asked after ("对方会是什么样的人", "will we be happy together?"): the spouse palace, with the
 * relationship's stars, is what a chart says of them.
 */
const PARTNER_ASKED = /(?:对方|另一半|伴侣|配偶|老婆|老公|丈夫|妻子|正缘|真命天子|真命天女|未来的?(?:他|她)|嫁|娶).{0,8}(?:什么样|怎样的|怎么样的人|哪种|性格|长相|样子)|我们.{0,6}(?:幸福|美满|和睦|长久|白头)|(?<![a-z])(?:what (?:will|would) (?:my|the) (?:future )?(?:partner|spouse|husband|wife) be like|what kind of (?:partner|husband|wife)|(?:what kind of|what sort of|which kind of) (?:person|man|woman|guy|girl|people) (?:should|will|would|do) i (?:marry|date|end up with)|who (?:should|will) i marry|will we (?:be happy|last|stay together))(?![a-z])/;

/** Where to live or build a career: "我适合在哪个城市发展", "which city suits me?". */
const WHERE_TO_LIVE = /哪个城市|什么城市|哪座城市|哪个地方发展|哪里发展|哪发展|(?<![a-z])(?:which city|what city|where should i (?:live|settle|work|move)|where to (?:live|settle|move))(?![a-z])/;

/** A short follow-up that names no matter of its own ("那明年呢？", "and 2027?", "what about next year?"). */
const SHORT_FOLLOW_UP = /^(?:那|那么|咁)?.{0,12}(?:呢|嘅呢)[？?]?$|^(?:and|what about|how about)(?![a-z]).{0,30}$/;

/** How far back a follow-up's matter is looked for: "When?" then "And 2029?" still mean the love life asked two turns before. */
const RECENT_QUESTIONS = 3;

/** The topic of the newest of the last few questions that named one. */
function recentTopic(asked: readonly string[]): ChartTopic | undefined {
  for (const question of asked.slice(-RECENT_QUESTIONS).reverse()) {
    const topic = chartTopics(question)[0];
    if (topic) return topic;
  }
  return undefined;
}

/** The paragraphs for the parts of the chart the question points at, in the order they are written (none: the overview). */
function focusOn(f: BaziFacts, input: string, lang: ReplyLanguage, now: number, asked: readonly string[]): string[] {
  const focus: string[] = [];
  // The storehouse says what it holds of money; the English "wealth" in its name asks nothing more.
  const named = chartTopics(input).filter((m) => m !== "money" || !matchesTopic(input, STOREHOUSE));
  // The partner asked after is the relationship's matter, even with no word of the lexicon's.
  const partnerAsked = matchesTopic(input, PARTNER_ASKED);
  const matters: ChartTopic[] = partnerAsked ? [...new Set<ChartTopic>([...named, "relationship"])] : named;
  if (matchesTopic(input, FEELING) && matchesTopic(input, CHART_AS_CAUSE)) focus.push(pressureParagraph(f, lang, now));
  if (matchesTopic(input, GOOD_OR_BAD) || (matters.length === 0 && matchesTopic(input, SUCCESS))) focus.push(wholeChartParagraph(f, lang, now));
  // "What kind of person should I marry?" asks after the partner, not the asker.
  if (!partnerAsked && (matchesTopic(input, /性格|个性|脾气|为人|优点|缺点|长处|短处|我的日主|日主是什么|日主(?:代表|象征|是啥)|(?<![a-z])(?:personality|character|temperament|what am i like|what kind of person|(?:what is|what's) my day master|day master (?:means?|stands? for|says?)|strengths|weaknesses|(?:biggest|greatest|main|best|real|personal) (?:strength|weakness)|strong points?|good qualities|what am i good at)(?![a-z])/) || matchesTopic(input, FLAWS))) focus.push(personalityParagraph(f, lang, input));
  // The best matches say the asker's animal themselves.
  if (matchesTopic(input, ZODIAC) && !matchesTopic(input, BEST_MATCH)) focus.push(zodiacParagraph(f, lang));
  if (matchesTopic(input, NAYIN)) focus.push(nayinParagraph(f, lang));
  if (matchesTopic(input, PALACES)) focus.push(palacesParagraph(f, lang));
  if (matchesTopic(input, STRUCTURE)) focus.push(structureParagraph(f, lang));
  if (matchesTopic(input, STOREHOUSE)) focus.push(storehouseParagraph(f, lang, now));
  // Later life is read from the hour pillar and the luck pillars from sixty: asked with it, that reading stands for the hour pillar's.
  const laterLife = matchesTopic(input, LATER_LIFE);
  for (const n of pillarsNamed(input).filter((n) => !(laterLife && n === "hour")).slice(0, 2)) focus.push(pillarParagraph(f, lang, n));
  if (laterLife) focus.push(laterLifeParagraph(f, lang));
  if (matchesTopic(input, NAME_ASKED)) focus.push(nameParagraph(f, lang, foldedInput(input)));
  // With another zodiac animal named, a shorter "合吗" or "match" asks the folk matching of the two.
  const animalMatch = matchesTopic(input, COMPATIBLE) || matchesTopic(input, ANIMALS_MATCH) ? zodiacMatchParagraph(f, lang, input) : null;
  if (animalMatch) focus.push(animalMatch);
  else if (matchesTopic(input, BEST_MATCH)) focus.push(bestMatchesParagraph(f, lang));
  else if (matchesTopic(input, COMPATIBLE)) focus.push(compatibilityParagraph(f, lang, input));
  // "Lucky colours and numbers": numbers said alone in a chart's question are lucky ones.
  // A floor to live on is a number too: folk practice takes its last digit.
  const floorAsked = matchesTopic(input, FLOOR);
  if (floorAsked || matchesTopic(input, /幸运数字|吉利数字|什么数字|数字(?!化|经济|货币|营销|媒体|资产)|号码|(?<![a-z])(?:lucky numbers?|what numbers?|numbers)(?![a-z])/)) {
    focus.push(`${floorAsked ? say(lang, "楼层，民间按楼号的尾数论五行。", "Folk practice reads a floor by its last digit. ") : ""}${numbersParagraph(f, lang)}`);
  }
  // An element named to make up gets its own reading; the elements in general otherwise (also "我缺什么"),
  // and asked how to make them up, the missing ones' reading after them.
  const remedy = remedyParagraph(f, lang, foldedInput(input));
  const elementNamed = ELEMENT_REMEDY.test(foldedInput(input));
  if (!elementNamed && (remedy || matchesTopic(input, /五行|喜用|用神|忌神|元素|缺什么|缺啥|缺不缺|缺哪|(?<![a-z])(?:elements?|favou?rable|what am i missing|what do i lack)(?![a-z])/))) focus.push(elementsParagraph(f, lang));
  if (remedy) focus.push(remedy);
  // "哪个方向" of a career or a business is a field to go into, not a point of the compass.
  const fieldAsked = matchesTopic(input, /方向/) && (matters.includes("career") || matters.includes("business"));
  const nobleAsked = matchesTopic(input, NOBLE_DIRECTION);
  const nobleWho = !nobleAsked && matchesTopic(input, NOBLE_WHO);
  if (nobleAsked) focus.push(nobleDirectionParagraph(f, lang));
  if (nobleWho) focus.push(nobleWhoParagraph(f, lang, now));
  if (!fieldAsked && !nobleAsked && matchesTopic(input, /颜色|什么色|幸运色|色系|穿什么|戴什么|首饰|饰品|佩戴|方位|哪个方向|什么方向|colou?rs?|which direction|jewel(?:le)?ry|accessor(?:y|ies)|what (?:should i|to) wear/)) focus.push(signsParagraph(f, lang));
  if (fieldAsked || matchesTopic(input, /行业|什么工作|什么职业|做什么工作|适合做什么|什么专业|学什么|选专业|(?<![a-z])(?:industr(?:y|ies)|line of work|what (?:job|work|career)s? (?:suits?|fits?)|which (?:job|career)s?|(?:which|what) (?:major|subject)s?|what (?:should i|to) study)(?![a-z])/)) focus.push(tradesParagraph(f, lang));
  // 八字硬, 命硬: the folk "hard" chart, after the reading limits' note, is the day master's strength.
  if (matchesTopic(input, /身强|身弱|强弱|旺衰|身旺|得令|得地|得势|中和|日主.{0,4}(强|弱|旺)|八字(?:硬|软|轻|重)|命(?:太)?(?:硬|轻)|strong or weak|how strong|(?<!(?:biggest|greatest|main|best|real|personal) )strength(?!s)|day master.{0,12}(strong|weak)/)) {
    const p = strengthParagraph(f, lang);
    if (p) focus.push(p);
  }
  const askedYear = YEAR_NUMBER.exec(input)?.[1];
  const asksLuckPillar = matchesTopic(input, /大运|十年运|luck pillars?|decade|(?:ten|10)[- ]year luck/);
  const asksMonths = matchesTopic(input, /几月|哪个月|哪几个月|哪月|月份|流月|which months?|what month|months? of the year|(?:good|best|right|lucky|auspicious) months?/);
  const asksYear = matchesTopic(input, /流年|今年|明年/) || matchesTopic(input, THIS_YEAR) || matchesTopic(input, NEXT_YEAR);
  // Which years are good, of no matter: the coming years read alone, not this year's and the luck pillar's.
  const asksGoodYears = matters.length === 0 && !askedYear && matchesTopic(input, GOOD_YEARS);
  // Peach-blossom, love or romance luck is a star or a matter, not fortune in general.
  const asksFortune = !asksGoodYears && matchesTopic(input, /运势|运气|转运|以后|将来|(?<![a-z])(?:(?<!(?:blossom|romance|romantic|love|dating|marriage) )luck|future(?! (?:wife|husband|partner|spouse|boyfriend|girlfriend|kids|children))|fortune)(?![a-z])/);
  // Each asks for its own part: a luck pillar its decade, a year its pillar, the months their pillars; plain fortune both of the first two.
  const currentYear = beijingYear(now);
  // One year named ("明年", "this year"): that year alone; years in general ("流年", fortune): this one and the next.
  // "那一年要注意什么", "what should I watch out for then?": the year the conversation was just about.
  const namedYear = relativeYear(input, currentYear) ?? (!askedYear && matchesTopic(input, THAT_YEAR) ? recentYear(asked, currentYear, RECENT_QUESTIONS) : null);
  // What to watch out for, of no matter: the year's clashes and harms by the palace they touch, in place of its pillar.
  const asksCautions = matters.length === 0 && !matchesTopic(input, NAME_ASKED) && !asksLuckPillar && !asksMonths && matchesTopic(input, CAUTIONS);
  if (asksCautions) focus.push(cautionsParagraph(f, lang, askedYear ? Number(askedYear) : (namedYear ?? currentYear)));
  else if (askedYear && !asksLuckPillar) focus.push(annualParagraph(f, lang, Number(askedYear), false));
  else {
    if (asksLuckPillar || (asksFortune && !asksYear && !asksMonths)) focus.push(luckParagraph(f, lang, now, input));
    if ((asksYear && !asksMonths) || (asksFortune && !asksLuckPillar && !asksMonths)) focus.push(annualParagraph(f, lang, namedYear ?? currentYear, namedYear === null));
  }
  // The months of the year asked about ("which months of next year…", "2027年哪几个月"), else this year's.
  if (asksMonths) focus.push(monthsParagraph(f, lang, askedYear ? Number(askedYear) : (namedYear ?? currentYear), matters[0] ?? recentTopic(asked)));
  if (asksGoodYears) focus.push(goodYearsParagraph(f, lang, now));
  // The one year a question is about: a number, "明年"/"this year", else this one.
  const yearAbout = askedYear ? Number(askedYear) : namedYear ?? currentYear;
  if (matchesTopic(input, TAI_SUI)) focus.push(taiSuiParagraph(f, lang, yearAbout));
  // "那明年呢？" after "我的事业怎么样？": the year, read for the matter the conversation is about.
  const inherited = classifyMatter(input).length === 0 && SHORT_FOLLOW_UP.test(foldedInput(input).trim()) ? recentTopic(asked) : undefined;
  // A year asked of one matter ("今年感情运怎么样") is read for it too, unless it is a decision's timing (below).
  const yearMatter = inherited ?? (matters.length === 1 && !matchesTopic(input, WHETHER) ? matters[0] : undefined);
  if (yearMatter && (askedYear || asksYear)) {
    const p = yearForMatter(f, lang, yearAbout, yearMatter, inherited !== undefined);
    if (p) focus.push(p);
  }
  // A ten god asked after by name, where no matter's stars already say where it is.
  if (matters.length === 0) for (const name of tenGodsNamed(input).slice(0, 2)) focus.push(tenGodParagraph(f, lang, name));
  // 神煞: a star by name ("我有桃花吗"), or all of them.
  // The nobleman's direction, or who it is, has said where the chart carries it.
  // Loneliness asked after ("我会孤独终老吗", "am I going to be lonely?") is what 孤辰 and 寡宿 stand for.
  const starsNamed = [...new Set([...shenShaNamed(input), ...(matchesTopic(input, LONELY) ? ["孤辰", "寡宿"] : [])])];
  const stars = starsNamed.filter((name) => !((nobleAsked || nobleWho) && name === "天乙贵人"));
  if (matchesTopic(input, LONELY)) focus.push(say(lang, LONELY_NOTE.zh, LONELY_NOTE.en));
  if (stars.length > 0) focus.push(namedStarsParagraph(f, lang, stars.slice(0, 3), now));
  else if (matchesTopic(input, /神煞|(?<![a-z])(?:shen ?sha|symbolic stars|auxiliary stars|special stars|lucky stars)(?![a-z])/)) focus.push(allStarsParagraph(f, lang));
  if (matchesTopic(input, /刑冲|冲合|合冲|相冲|冲克|犯冲|六冲|六合|三合|半合|三会|合局|相刑|相害|刑害|(?<![a-z])(?:clash(?:es)?|combinations?|punishments?)(?![a-z])/)) focus.push(relationsParagraph(f, lang));
  const asksWhen = matchesTopic(input, WHEN);
  // The palace is what a marriage is, not when it comes: a "when?" gets the years alone.
  if ((matchesTopic(input, SPOUSE_PALACE) || partnerAsked) && !asksWhen) focus.push(spousePalaceParagraph(f, lang));
  // Which city or where to live is a question of direction: the same reading as moving.
  if (matters.includes("travel") || matchesTopic(input, WHERE_TO_LIVE)) focus.push(travelParagraph(f, lang, now));
  // Health has no stars; it gets the one thing a chart says of it, framed as what it is.
  if (matters.includes("health") && !(matchesTopic(input, FEELING) && matchesTopic(input, CHART_AS_CAUSE))) focus.push(healthParagraph(f, lang));
  // "When?" about a matter, with no year named: the coming years that bring its stars. Asked with no
  // matter of its own ("那什么时候适合？" after "我适合创业吗？"), of the matter asked about before.
  const whenTopic = matters[0] ?? (asksWhen ? recentTopic(asked) : undefined);
  if (!askedYear && asksWhen && whenTopic) {
    const p = whenParagraph(f, lang, whenTopic, now, matchesTopic(input, AGE_ASKED));
    if (p) focus.push(p);
  }
  // A decision about a matter: its timing first.
  // Help from the police, a doctor or a lawyer is never a question of timing.
  if (matchesTopic(input, SEEK_HELP)) focus.unshift(helpFirst(lang, say(lang, "命盘的时机", "a chart's timing")));
  // Which partner to choose is no decision whether to act ("what kind of person should I marry?").
  else if (matters.length > 0 && !partnerAsked && matchesTopic(input, WHETHER)) focus.push(decisionParagraph(f, lang, now, askedYear ? Number(askedYear) : (namedYear ?? undefined)));
  // A lottery or a bet: chance, which no chart decides; said first.
  if (matchesTopic(input, GAMBLING)) focus.unshift(say(lang, GAMBLING_NOTE.zh, GAMBLING_NOTE.en));
  // A count of children is not read; what is read follows.
  if (matters.includes("children") && matchesTopic(input, CHILD_COUNT)) focus.push(childCountSentence(lang));
  focus.push(...starsParagraphs(f, lang, matters));
  return focus;
}

/** The explanation of the chart for this input; `asked`: the conversation's earlier questions, oldest first. */
export function explainBazi(f: BaziFacts, input: string, lang: ReplyLanguage, now: number, asked: readonly string[] = []): Explanation {
  // Another person's own matter is theirs to read from their own chart: only the star that stands for them is said.
  const answer = (question: string, earlier: readonly string[]) => someoneElsesMatter(f, lang, question) ?? focusOn(f, question, lang, now, earlier);
  // What the last answer just said is not said again, as long as something new is left to say. The last answer
  // is worked out as it was given, each from the one before, over the last few questions.
  const given = (question: string, earlier: readonly string[], before: readonly string[]) => {
    const full = answer(question, earlier);
    const fresh = full.filter((p) => !before.includes(p));
    return fresh.length > 0 ? fresh : full;
  };
  let before: string[] = [];
  for (let i = Math.max(0, asked.length - RECENT_QUESTIONS); i < asked.length; i++) before = given(asked[i]!, asked.slice(0, i), before);
  const focus: string[] = given(input, asked, before);
  const focused = focus.length > 0;
  if (!focused) focus.push(overviewParagraph(f, lang), elementsInBrief(f, lang));
  return {
    opening: opening(f, lang),
    focus,
    focused,
    notes: f.warnings.length
      ? [say(lang, `注意：本盘有${f.warnings.length}条提示，相关柱可能因约定或出生时间误差而不同：${f.warnings.map((w) => w.zh).join("")}`, `Note: the chart carries ${f.warnings.length === 1 ? "a caveat" : `${f.warnings.length} caveats`} that could change a pillar: ${f.warnings.map((w) => w.en).join(" ")}`)]
      : [],
    closing: say(lang, "以上是依据已确认的命盘事实所作的传统文化解读，不是对命运的断言，也不构成医疗、法律或财务建议。", "This is a traditional cultural reading of the confirmed chart facts, not a prediction of fate, and not medical, legal or financial advice."),
    closingShort: say(lang, "传统文化解读，非命运断言。", "A traditional reading, not a prediction."),
    computedFrom: {
      zh: "命盘是按固定的规则，从出生的日期、时间和地点排出来的：同样的出生信息，排出的四柱和读法总是一样；出生时间不准，时柱就可能不同。",
      en: "The chart is worked out by fixed rules from the date, time and place of birth: the same birth data always gives the same pillars and the same reading, and a wrong birth time can change the hour pillar.",
    },
    redo: { zh: "命盘", en: "chart", howZh: "用新的出生信息创建一个新命盘", howEn: "create a new chart with the corrected birth data" },
    askable: {
      name: pillarsText(f),
      zh: "生肖、纳音、命宫、格局、财库、某一年（如明年、2028年）或流月、一年要注意什么、是否犯太岁、当前和下一步大运、事业、财运、创业、感情与婚姻宫、学业、子女、父母、兄弟姐妹、什么时候、出行与迁居、性格、某一柱、晚年、起名改名、合不合、五行喜忌、身强身弱、颜色方位、幸运数字、行业、神煞（如桃花、贵人）、四柱的刑冲合害，或某个十神（如七杀）是什么意思",
      en: "your zodiac animal, 纳音 or 命宫, your structure (格局) or wealth storehouse (财库), a year (next year, 2028), its months, what to watch out for in it or 太岁, your luck pillars, career, money, a business, love and the spouse palace, study, children, parents or siblings and when, travel and moving, your temperament, one pillar, later life, a name, compatibility, your favorable elements, your strength, colours and directions, lucky numbers, trades, your 神煞 (peach blossom, the nobleman…), the clashes and combinations among your pillars, or what a ten god such as Seven Killings means",
    },
  };
}
