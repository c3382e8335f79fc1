/**
 * Luck pillars (大运): the one in force and the next, the one asked after judged against the
 * favourable elements, and, asked when luck turns, the coming ones up to the first that favours the chart.
 */
import { beijingYear, type BaziFacts, COMING_YEARS, comingYearPillars, yearPillarsAround } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementsOfGanzhi } from "../../bazi/index.ts";
import { elementName, foldedInput, list, matchesTopic, say } from "./text.ts";

/**
 * How a luck or year pillar sits with the chart's favourable elements: its stem's element and its
 * branch's main qi, each favourable or not — both: on the whole favourable; one: mixed; neither: on
 * the whole unfavourable. A traditional tendency, stated as one.
 */
/** How many of a pillar's stem and branch (main qi) are favourable here: 0, 1 or 2. */
export function favourableParts(f: BaziFacts, ganzhi: string): number {
  const e = elementsOfGanzhi(ganzhi);
  return e ? Number(f.favorable.includes(e.stem)) + Number(f.favorable.includes(e.branch)) : 0;
}

export function verdict(f: BaziFacts, lang: ReplyLanguage, ganzhi: string): string {
  const e = elementsOfGanzhi(ganzhi);
  if (!e) return "";
  const good = (el: string) => f.favorable.includes(el);
  const part = (label: string, labelEn: string, el: string) => say(lang, `${label}${elementName("zh", el)}${good(el) ? "为喜用" : "为忌"}`, `its ${labelEn} is ${el}, ${good(el) ? "favorable" : "unfavorable"}`);
  const score = favourableParts(f, ganzhi);
  const overall = score === 2 ? say(lang, "整体偏顺，传统上是可以多争取的时候", "on the whole favorable (traditionally a time to reach for more)") : score === 1 ? say(lang, "吉凶参半，顺中有阻，宜稳中求进", "mixed (help and hindrance together; steady steps are advised)") : say(lang, "整体偏逆，传统上宜守不宜攻", "on the whole unfavorable (traditionally a time to hold rather than push)");
  return say(lang, `${ganzhi}：天干${part("", "", e.stem)}，地支${part("", "", e.branch)}，${overall}。`, `${ganzhi}: ${part("", "stem", e.stem)}; ${part("", "branch", e.branch)}, so it is ${overall}.`);
}

/** Asking when: "什么时候", "哪一年", "how soon". */
/** At what age ("我适合几岁结婚", "at what age will I marry?"): a when, answered with the ages beside the years. */
export const AGE_ASKED = /几岁|多少岁|什么年纪|哪个年纪|多大年纪|(?<![a-z])(?:at what age|how old will i be)(?![a-z])/;
export const WHEN = new RegExp(`什么时候|何时|几时|哪[一几]?年|哪些年|多久|${AGE_ASKED.source}|(?<![a-z])(?:when|which year|what year|how soon)(?![a-z])`);

/** Asking when luck turns: "什么时候转好", "时来运转", "when will my luck improve?". */
export const TURNING = /转好|好转|变好|走好|转运|运转|出头|(?<![a-z])(?:turns? (?:around|for the better|better)|gets? better|improv(?:e|es|ing)|picks? up)(?![a-z])/;

/**
 * When luck turns: the first coming luck pillar with more favourable parts than the one in force, and
 * the first whose stem and branch both favour the chart if that comes later; or that none ahead does better.
 */
export function turningSentence(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const { current, coming } = luckAt(f, beijingYear(now));
  const better = coming.find((p) => favourableParts(f, p.ganzhi) > (current ? favourableParts(f, current.ganzhi) : 0));
  const best = coming.find((p) => favourableParts(f, p.ganzhi) === 2);
  if (!better) return say(lang, "往后所列的大运没有比当前这步更顺的；传统上更看重在其中把握喜用的流年。", "None of the luck pillars ahead favors you more than the present one; tradition then looks to the favorable years within them.");
  const span = (p: LuckStep) => say(lang, `${p.ganzhi}（${p.startYear}–${p.endYear}）`, `${p.ganzhi} (${p.startYear}–${p.endYear})`);
  const half = favourableParts(f, better.ganzhi) === 1;
  const first = say(
    lang,
    `往后的大运里，先转好的是${span(better)}，${half ? "一半为喜用" : "天干地支都为喜用，传统上是转顺之时"}。`,
    `Of the luck pillars ahead, the first to favor you more is ${span(better)}, ${half ? "half favorable" : "its stem and branch both favorable, traditionally when things turn your way"}.`,
  );
  const then = half && best ? say(lang, `天干地支都为喜用的是${span(best)}。`, ` The first with both favorable is ${span(best)}.`) : "";
  return first + then;
}

type LuckStep = BaziFacts["luck"]["pillars"][number];

/** The luck pillar in force in `year` (none before the first starts or after the last ends) and those that start after it. */
function luckAt(f: BaziFacts, year: number): { current: LuckStep | undefined; coming: LuckStep[] } {
  return { current: f.luck.pillars.find((p) => p.startYear <= year && year <= p.endYear), coming: f.luck.pillars.filter((p) => p.startYear > year) };
}

export function luckParagraph(f: BaziFacts, lang: ReplyLanguage, now: number, input: string): string {
  const year = beijingYear(now);
  const { current, coming } = luckAt(f, year);
  const next = coming[0];
  const at = (p: { ganzhi: string; startYear: number; endYear: number }) => `${p.ganzhi}（${p.startYear}–${p.endYear}）`;
  const atEn = (p: { ganzhi: string; startYear: number; endYear: number }) => `${p.ganzhi} (${p.startYear}–${p.endYear})`;
  const direction = say(lang, f.luck.direction === "forward" ? "顺行" : "逆行", f.luck.direction);
  // The luck pillar the question names ("丁丑大运"), else the one in force now.
  const named = f.luck.pillars.find((p) => foldedInput(input).includes(p.ganzhi)) ?? current;
  const judged = named ? say(lang, `${named === current ? "当前这步" : "你问的这步"}大运${verdict(f, lang, named.ganzhi)}`, `The ${named === current ? "current" : "asked-about"} luck pillar ${verdict(f, lang, named.ganzhi)}`) : "";
  return say(
    lang,
    `大运${direction}，自${f.luck.startDate}起运，每十年一步。${current ? `${year}年正行${at(current)}大运` : `${year}年不在所列的十步大运之内`}${next ? `，下一步是${at(next)}` : ""}。看一步大运，传统上看它的五行是否为喜用（${list("zh", f.favorable.map((e) => elementName("zh", e)))}）。`,
    `The luck pillars run ${direction} from ${f.luck.startDate}, ten years each. ${current ? `In ${year} you are in the ${atEn(current)} luck pillar` : `${year} lies outside the ten listed luck pillars`}${next ? `; the next is ${atEn(next)}` : ""}. Traditionally, a luck pillar is read by whether its elements are among your favorable ones (${list("en", f.favorable)}).`,
  ) + say(lang, "", " ") + judged + (matchesTopic(input, TURNING) || matchesTopic(input, WHEN) ? say(lang, "", " ") + turningSentence(f, lang, now) : "");
}

/** Asking which years are good: "哪几年运气好", "my lucky years". */
export const GOOD_YEARS = /哪几年|哪些年|好的年份|哪一?年(?:运气|运势)?(?:比较|最)?好|幸运(?:的)?年份|未来几年|接下来几年|(?<![a-z])(?:lucky years?|good years?|best years?|which years?|(?:next|coming) (?:few |several )?years|years ahead)(?![a-z])/;

/**
 * The coming years whose stem and branch both favour the chart; none: those with one favourable part.
 * The same reading a single year gets (verdict), over the years "when?" looks at.
 */
export function goodYearsParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const years = comingYearPillars(f, now);
  const both = years.filter((y) => favourableParts(f, y.ganzhi) === 2);
  const chosen = both.length ? both : years.filter((y) => favourableParts(f, y.ganzhi) === 1);
  const named = chosen.map((y) => say(lang, `${y.year}年${y.ganzhi}`, `${y.year} (${y.ganzhi})`));
  return say(
    lang,
    `从今年起的${COMING_YEARS}年里，${both.length ? "天干地支都为喜用" : "没有天干地支都为喜用的一年，一半为喜用"}的流年是：${named.join("、")}。传统上这些年份较顺；一年的吉凶还要看它与原局的冲合，可以单问某一年。`,
    `Of the next ${COMING_YEARS} years, ${both.length ? "those whose stem and branch both favor you" : "none has both stem and branch favorable; those with one favorable part"} are ${list("en", named)}. Tradition reads these as the easier years; how a year meets your own pillars matters too, so ask about any one of them.`,
  );
}

/**
 * Whether to make a move now, as tradition weighs it: this year's pillar against the favourable elements, and
 * if it is not both favourable, the first coming year that is. The decision stays the person's.
 */
export function decisionParagraph(f: BaziFacts, lang: ReplyLanguage, now: number, asked?: number): string {
  const coming = comingYearPillars(f, now);
  // The year asked about ("should I start a business in 2027?"), else this one; a year beyond the coming ones is judged alone.
  const at = asked === undefined ? 0 : coming.findIndex((y) => y.year === asked);
  const judged = at >= 0 ? coming[at]! : yearPillarsAround(f, asked!)[0]!;
  const later = at >= 0 ? coming.slice(at + 1) : [];
  const good = later.find((y) => favourableParts(f, y.ganzhi) === 2);
  const ripe = favourableParts(f, judged.ganzhi) === 2;
  const last = later.at(-1)?.year;
  const when = ripe
    ? say(lang, "天干地支都为喜用，传统上正是可以争取的时候。", "its stem and branch both favour you, traditionally a time to reach for it.")
    : good
      ? say(lang, `还不是天干地支都为喜用的一年；往后喜用齐到的是${good.year}年${good.ganzhi}。`, `its stem and branch do not both favour you; the first coming year where they do is ${good.year} (${good.ganzhi}).`)
      : last
        ? say(lang, `还不是天干地支都为喜用的一年，往后到${last}年也没有这样的一年，传统上宜稳中求进。`, `its stem and branch do not both favour you, nor do those of any year after it up to ${last}, so tradition advises steady steps.`)
        : say(lang, "还不是天干地支都为喜用的一年，传统上宜稳中求进。", "its stem and branch do not both favour you, so tradition advises steady steps.");
  const thisYear = judged.year === beijingYear(now);
  return say(
    lang,
    `要不要动，传统上先看时机：${thisYear ? "今年" : "你问的"}${judged.year}年流年${judged.ganzhi}，${when}这是传统的参照，决定仍要看实际的机会与准备。`,
    `Whether to make the move: tradition looks first at the timing. ${thisYear ? "This year, " : ""}${judged.year} (${judged.ganzhi}): ${when} A traditional reference only; the decision rests on your real chances and readiness.`,
  );
}

