/**
 * The years and months of a chart: a year's pillar (流年) and what it meets, the months of a year (流月),
 * and which year a question is about — a number, this year or next, or, pointed back to ("then",
 * "那一年"), the one the conversation was just about.
 */
import { type BaziFacts, monthPillarsOf, yearPillarsAround } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementsOfGanzhi, type YearPillar } from "../../bazi/index.ts";
import { list, matchesTopic, say, sentences } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";
import { type ChartTopic, starsFor, starsName } from "./bazi-stars.ts";
import { verdict } from "./bazi-luck.ts";

/** A year by its number, 1900–2100. */
export const YEAR_NUMBER = /(?<!\d)(19\d\d|20\d\d|2100)(?!\d)/;

/** This year or next in English, with a word or two between ("is this a good year", "next calendar year"; not "next few years"). */
export const THIS_YEAR = /(?<![a-z])this (?:[a-z]+ ){0,2}year(?![a-z])/;
export const NEXT_YEAR = /(?<![a-z])(?:next|coming) (?:[a-z]+ ){0,2}year(?![a-z])/;

/** This year or next, named ("明年", "this year"), or none. */
export function relativeYear(input: string, currentYear: number): number | null {
  if (matchesTopic(input, /明年/) || matchesTopic(input, NEXT_YEAR)) return currentYear + 1;
  return matchesTopic(input, /今年/) || matchesTopic(input, THIS_YEAR) ? currentYear : null;
}

/** The year a question names by number, or as this year or next. */
const yearNamed = (input: string, currentYear: number): number | null => {
  const number = YEAR_NUMBER.exec(input)?.[1];
  return number ? Number(number) : relativeYear(input, currentYear);
};

/** A year pointed back to: "那一年", "那时候", "then", "that year". */
export const THAT_YEAR = /那一?年|那时|那个时候|(?<![a-z])(?:then|that year)(?![a-z])/;

/** The year the newest of the last few questions named, if any. */
export function recentYear(asked: readonly string[], currentYear: number, recent: number): number | null {
  for (const question of asked.slice(-recent).reverse()) {
    const year = yearNamed(question, currentYear);
    if (year !== null) return year;
  }
  return null;
}

const MONTH_ZH = ["正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "冬", "腊"] as const;

/**
 * This year's months (流月) from 立春: each month's pillar and what it meets in the chart; then the
 * months whose stem and branch are both favourable, and, for a matter asked about, the months whose
 * stem is one of its stars (the rule "when?" applies to years).
 */
export function monthsParagraph(f: BaziFacts, lang: ReplyLanguage, year: number, matter?: ChartTopic): string {
  const pillars = monthPillarsOf(f, year);
  const name = (m: (typeof pillars)[number]) => say(lang, `${MONTH_ZH[m.month - 1]}月${m.ganzhi}`, `month ${m.month} ${m.ganzhi}`);
  const months = pillars.map((m) => {
    // One name once: 戊癸合火 meets both 癸 of a chart with two.
    const meets = [...new Set(m.relations.map((r) => r.name))].join(say(lang, "、", ", "));
    return say(lang, `${name(m)}（${m.ten_god}${meets ? `；${meets}` : ""}）`, `${name(m)} (${m.ten_god}${meets ? `; ${meets}` : ""})`);
  });
  const good = pillars
    .filter((m) => {
      // A month pillar is always a valid 干支.
      const e = elementsOfGanzhi(m.ganzhi)!;
      return f.favorable.includes(e.stem) && f.favorable.includes(e.branch);
    })
    .map(name);
  const favoured = good.length
    ? say(lang, `天干地支都为喜用的月份是${list(lang, good)}。`, `The months whose stem and branch are both favorable: ${list(lang, good)}.`)
    : say(lang, `${year}年没有天干地支都为喜用的月份。`, `No month of ${year} has both its stem and branch favorable.`);
  const reading = matter ? starsFor(matter, f.gender) : null;
  const forMatter = reading ? pillars.filter((m) => reading.stars.includes(m.ten_god)).map(name) : [];
  const matterLine = forMatter.length
    ? say(lang, `你问的这件事传统上看${starsName(reading!, lang)}，天干透出它们的月份最能引动此事：${list(lang, forMatter)}。`, `The matter you ask about is read from ${starsName(reading!, lang)}; the months whose stem carries one set it in motion: ${list(lang, forMatter)}.`)
    : "";
  return sentences(
    lang,
    say(
      lang,
      `${year}年的流月（每月从节气算起，正月自立春）：${months.join("，")}。传统上，与日柱相冲的月份多变动，与喜用五行相合的月份较顺。`,
      `The months of ${year} (流月, each from its solar term, the first from 立春): ${months.join("; ")}. Traditionally, a month clashing the day pillar brings change, and one that brings in your favorable elements goes more smoothly.`,
    ),
    favoured,
    matterLine,
  );
}

/** The year's pillar and what it meets; with `andNext`, the year after it too (a question about years in general). */
export function annualParagraph(f: BaziFacts, lang: ReplyLanguage, year: number, andNext: boolean): string {
  const describe = (y: YearPillar) => {
    const meets = y.relations.map((r) => say(lang, `与${r.members.map((m) => PILLAR_ZH[m]).join("、")}${r.name}`, `${r.name} with your ${list("en", r.members.map((m) => `${m} pillar`))}`));
    return say(
      lang,
      `${y.year}年流年${y.ganzhi}（天干为${y.ten_god}）${meets.length ? `，${meets.join("，")}` : "，与原局没有明显的冲合刑害"}；${verdict(f, lang, y.ganzhi).replace(/。$/, "")}`,
      `${y.year} is a ${y.ganzhi} year (its stem your ${y.ten_god})${meets.length ? `: ${meets.join("; ")}` : ", meeting your chart with no clash, combination, punishment or harm"}; ${verdict(f, lang, y.ganzhi).replace(/\.$/, "")}`,
    );
  };
  const [thisYear, nextYear] = yearPillarsAround(f, year);
  if (!andNext) return say(lang, `${describe(thisYear!)}。`, `${describe(thisYear!)}.`);
  return say(lang, `${describe(thisYear!)}；${describe(nextYear!)}。`, `${describe(thisYear!)}. ${describe(nextYear!)}.`);
}

