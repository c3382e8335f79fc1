/**
 * Two names people ask a chart for: its 格局 (structure, by the month's command) and its 财库 (wealth
 * storehouse), each with the rule it was read by, since schools differ on both.
 */
import { type BaziFacts, comingYearPillars, frameOf, PILLAR_NAMES } from "../facts/index.ts";
import type { MonthStructure } from "../../bazi/structure.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { BRANCHES, STEMS } from "../../bazi/tables.ts";
import { CLASHES } from "../../bazi/interaction-tables.ts";
import { elementOfTenGod } from "../../bazi/index.ts";
import { elementName, list, say, sentences } from "./text.ts";
import { GLOSSARY } from "../data/glossary.ts";
import { PILLAR_ZH } from "./bazi-details.ts";

export const STRUCTURE = /格局|什么格|命格|(?<![a-z])(?:chart(?:'s)? structure|structure of my chart|my structure|ge ?ju)(?![a-z])/;
export const STOREHOUSE = /财库|(?<![a-z])(?:wealth (?:storehouse|vault)|money (?:storehouse|vault)|treasury|cai ?ku)(?![a-z])/;

/** A structure in English: the glossary's name of its ten god, or its own for the three named from the day master's element. */
const OWN_ELEMENT_EN: Readonly<Record<string, string>> = { 建禄格: "Thriving Salary", 羊刃格: "Goat Blade", 月劫格: "Month Rob Wealth" };
export function structureEn(name: string): string {
  const god = GLOSSARY.find((g) => `${g.term}格` === name);
  return OWN_ELEMENT_EN[name] ?? god!.en[0]!.replace(/(?<![a-z])[a-z]/g, (c) => c.toUpperCase());
}

/** 格局 by 月令取格: what the month branch holds, which of it shows, and the structure it makes. */
export function structureParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const { structure: s } = frameOf(f);
  const rule = say(
    lang,
    "格局传统上以月令取格（《子平真诠》的方法）：月支是当令之气，看它所藏的天干有没有透出在年、月、时干上，透出的（比劫除外）定格；都不透，取月支本气。",
    "Tradition names a chart's structure (格局) by the month's command (月令取格, the method of 《子平真诠》): the month branch rules the season, so whichever of its hidden stems shows on the year, month or hour stem (the day master's own element aside) names it; if none shows, its main qi does.",
  );
  return say(
    lang,
    `${rule}${howTaken(s, f, lang)}格的成败还要看相神与破格之神；从格、化格、专旺等特殊格局这里不作判断，各家取格也略有不同。`,
    `${rule} ${howTaken(s, f, lang)} Whether a structure holds also turns on what supports or breaks it; special structures (从格, 化格, 专旺) are not judged here, and schools differ in how they take a structure.`,
  );
}

/** What this chart's month branch holds and how its structure was taken from it. */
function howTaken(s: MonthStructure, f: BaziFacts, lang: ReplyLanguage): string {
  const month = f.pillars.month.ganzhi[1]!;
  const day = f.dayMaster.stem;
  if (s.basis === "lu") return say(lang, `你的月支${month}是日干${day}的禄地，为建禄格。`, `Your month branch ${month} is where your day stem ${day} holds office (禄): the Thriving Salary structure (建禄格).`);
  if (s.basis === "blade") return say(lang, `你的月支${month}是日干${day}的羊刃，为羊刃格。`, `Your month branch ${month} is your day stem ${day}'s goat blade (羊刃): the Goat Blade structure (羊刃格).`);
  const held = f.pillars.month.hidden.map((h) => h[0]!);
  const holds = say(lang, `你的月支${month}藏${held.join("、")}`, `Your month branch ${month} holds ${list("en", held)}`);
  const shown = STEMS[s.stem!]!;
  if (s.name === null) return say(lang, `${holds}，本气${shown}与日主同为比肩，其余藏干也没有透出：按此法不成八正格，传统上改看天干透出的财、官、印、食来定用。`, `${holds}; its main qi ${shown} is your day master's own element (比肩) and none of the others shows, so by this method it makes none of the eight structures, and tradition turns to the wealth, officer, resource or output stars that show.`);
  const named = say(lang, `对日主${day}为${s.tenGod}，成${s.name}。`, `${s.tenGod} to your day master ${day}, the ${structureEn(s.name)} structure (${s.name}).`);
  return s.basis === "revealed"
    ? say(lang, `${holds}，其中${shown}透出在${PILLAR_ZH[PILLAR_NAMES[s.shownOn!]!][0]}干，${named}`, `${holds}; ${shown} shows on the ${PILLAR_NAMES[s.shownOn!]} stem and is ${named}`)
    : say(lang, `${holds}，天干没有透出可定格的一字，取本气${shown}，${named}`, `${holds}, and none that could name a structure shows on a stem, so its main qi ${shown} does: ${named}`);
}

/** 财库: the wealth element's storehouse, whether the chart holds it, and the coming year that clashes it open. */
export function storehouseParagraph(f: BaziFacts, lang: ReplyLanguage, now: number): string {
  const { storehouse } = frameOf(f);
  const branch = storehouse.branch;
  const dm = f.dayMaster;
  const wealth = elementOfTenGod(dm.element, "正财");
  const b = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  const pair = CLASHES.find((c) => c.includes(b))!;
  const clashing = BRANCHES[pair[0] === b ? pair[1] : pair[0]]!;
  // The coming years are a whole cycle of the twelve branches, so each branch comes once among them.
  const years = comingYearPillars(f, now);
  const opens = years.find((y) => y.ganzhi[1] === clashing)!;
  const arrives = years.find((y) => y.ganzhi[1] === branch)!;
  const rule = say(
    lang,
    `传统上财库指财星五行的墓库。你的日主${dm.stem}属${elementName("zh", dm.element)}，${elementName("zh", dm.element)}克${elementName("zh", wealth)}，${elementName("zh", wealth)}为财，${elementName("zh", wealth)}的库在${branch}${wealth === "earth" ? "（本盘十二长生以戊随丙；以土随水的一派说在辰）" : ""}。`,
    `Tradition calls the storehouse (墓库) of the wealth element a chart's wealth storehouse (财库). Your day master ${dm.stem} is ${dm.element}, which controls ${wealth}, so ${wealth} is your wealth, and its storehouse is ${branch}${wealth === "earth" ? " (this chart's growth stages put earth with fire; schools that put it with water say 辰)" : ""}.`,
  );
  const held = storehouse.on.length
    ? say(lang, `你的${storehouse.on.map((n) => PILLAR_ZH[n]).join("、")}地支是${branch}：盘中带财库，传统上主能守财、有积蓄之象。`, `Your ${list("en", storehouse.on)} ${storehouse.on.length > 1 ? "branches are" : "branch is"} ${branch}: the chart holds its wealth storehouse, traditionally a sign of keeping and saving money.`)
    : say(lang, `你的四柱地支没有${branch}：盘中不带财库，流年逢${branch}（如${arrives.year}年${arrives.ganzhi}）传统上说财库到来。`, `None of your branches is ${branch}: the chart does not hold it; a year of ${branch} (such as ${arrives.year}, ${arrives.ganzhi}) is traditionally said to bring it.`);
  const clashedOn = storehouse.on.length ? PILLAR_NAMES.filter((n) => f.pillars[n].ganzhi[1] === clashing) : [];
  const openAlready = clashedOn.length
    ? say(lang, `盘中${clashedOn.map((n) => PILLAR_ZH[n]).join("、")}地支${clashing}与它相冲，传统上称库已开，钱财来去都快。`, `The ${clashing} of your ${list("en", clashedOn)} pillar${clashedOn.length > 1 ? "s" : ""} clashes it, which tradition calls a storehouse already open: money comes and goes quickly.`)
    : "";
  const opened = say(lang, `库逢冲则开：${clashing}冲${branch}，${opens.year}年${opens.ganzhi}冲开财库，传统上主钱财进出较大，宜理财有度。`, `A storehouse opens when clashed: ${clashing} clashes ${branch}, so ${opens.year} (${opens.ganzhi}) opens it, traditionally a year of money moving in and out, to be managed with care.`);
  return sentences(lang, rule, held, openAlready, opened, say(lang, "这是民间常用的说法，不是财富多少的断语。", "This is a popular traditional notion, not a verdict on how much one will have."));
}
