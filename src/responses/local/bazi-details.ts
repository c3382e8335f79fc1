/**
 * What people ask of a chart after its pillars: its 神煞 (a star by name, or all of them), the
 * relations among its pillars (合冲刑害), and health, which a chart cannot judge — the tradition's
 * element–organ pairing is said as a cultural correspondence only, with a doctor named first.
 */
import { COMING_YEARS, comingYearPillars, PILLAR_NAMES, type BaziFacts, type PillarName, starBranchNames } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { SHEN_SHA_NAMES } from "../../bazi/shen-sha.ts";
import { elementName, glossaryTermsNamed, list, say } from "./text.ts";

export const PILLAR_ZH: Readonly<Record<PillarName, string>> = { year: "年柱", month: "月柱", day: "日柱", hour: "时柱" };
const BASIS: Readonly<Record<string, [zh: string, en: string]>> = {
  day_stem: ["按日干", "by the day stem"],
  year_stem: ["按年干", "by the year stem"],
  year_branch: ["按年支", "by the year branch"],
  day_branch: ["按日支", "by the day branch"],
  day_pillar: ["按日柱旬空", "by the day pillar's void"],
};

/** Each star in a few words, for the list of all of them (a star asked by name gets its glossary entry). */
export const SHEN_SHA_GIST: Readonly<Record<string, [zh: string, en: string]>> = {
  天乙贵人: ["遇难有人相助", "help when it is needed"],
  文昌: ["利学业文书", "study and writing"],
  禄神: ["衣食俸禄", "livelihood"],
  羊刃: ["刚强冲劲，宜收敛", "drive, to be tempered"],
  驿马: ["奔波迁动", "travel and moves"],
  桃花: ["人缘与异性缘", "charm and romance"],
  华盖: ["才艺与孤高", "art and solitude"],
  将星: ["领导与威望", "leadership"],
  红鸾: ["婚恋喜事", "romance and weddings"],
  天喜: ["喜庆添丁", "celebrations and births"],
  孤辰: ["独立少伴", "independence"],
  寡宿: ["清冷寡言", "reserve"],
  空亡: ["所落之柱暂时落空", "the pillar it marks is 'not yet in place'"],
};

/** The stars a question names, in the engine's order. */
export function shenShaNamed(input: string): string[] {
  const named = new Set(glossaryTermsNamed(input).map((g) => g.term));
  return SHEN_SHA_NAMES.filter((name) => named.has(name));
}

/** "月柱（按日干、按年干）": where a star sits and what it was looked up from (none when the chart lacks it or its stars). */
export function starPlaces(f: BaziFacts, lang: ReplyLanguage, name: string): string[] {
  const stars = (f.shenSha ?? []).filter((s) => s.name === name);
  return PILLAR_NAMES.filter((p) => stars.some((s) => s.pillar === p)).map((p) => {
    const bases = stars.filter((s) => s.pillar === p).map((s) => BASIS[s.basis] ?? [s.basis, s.basis]);
    return say(lang, `${PILLAR_ZH[p]}（${bases.map(([zh]) => zh).join("、")}）`, `the ${p} pillar (${list("en", bases.map(([, en]) => en))})`);
  });
}

const SCHOOLS = { zh: "神煞是传统的辅助星，各家查法不尽相同；断命仍以五行与十神为主。", en: "神煞 are the tradition's auxiliary stars, looked up differently by different schools; a reading still rests on the elements and the ten gods." };
const NOT_STORED = { zh: "这个命盘保存时还没有记录神煞；重新创建命盘即可得到。", en: "This chart was stored before its 神煞 were recorded; a chart created again has them." };

/**
 * The coming years whose branch carries a star the chart lacks (桃花 by the year and day branches'
 * three-combination, 天乙贵人 by the day and year stems…): when tradition says a year brings it in.
 * A clause, without the sentence's end.
 */
export function starYears(f: BaziFacts, lang: ReplyLanguage, name: string, now: number): string {
  const targets = starBranchNames(f, name);
  // At most four branches, each met once in twelve years: every target has its year, and no more than four are named.
  const years = comingYearPillars(f, now).filter((y) => targets.includes(y.ganzhi[1]!));
  if (years.length === 0) return say(lang, "传统上看大运、流年何时带来它", "tradition looks at which luck pillars and years bring it in");
  const named = years.map((y) => say(lang, `${y.year}年${y.ganzhi}`, `${y.year} (${y.ganzhi})`));
  return say(
    lang,
    `传统上流年地支逢${targets.join("、")}时引动它，从今年起的${COMING_YEARS}年里是${list(lang, named)}`,
    `tradition has a year bring it in when its branch is ${list("en", targets)}: in the ${COMING_YEARS} years from this one, ${list("en", named)}`,
  );
}

/** Where the named stars sit in the chart, or that it has none of them and which coming years bring it. */
export function namedStarsParagraph(f: BaziFacts, lang: ReplyLanguage, names: readonly string[], now: number): string {
  if (!f.shenSha) return say(lang, NOT_STORED.zh, NOT_STORED.en);
  const each = names.map((name) => {
    const at = starPlaces(f, lang, name);
    return at.length
      ? say(lang, `你的盘中，${name}在${at.join("、")}。`, `In your chart ${name} sits on ${list("en", at)}.`)
      : say(lang, `你的盘中没有${name}；${starYears(f, lang, name, now)}。`, `Your chart does not carry ${name}; ${starYears(f, lang, name, now)}.`);
  });
  return [...each, say(lang, SCHOOLS.zh, SCHOOLS.en)].join(say(lang, "", " "));
}

/** Every star the chart carries, each with a few words. */
export function allStarsParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  if (!f.shenSha) return say(lang, NOT_STORED.zh, NOT_STORED.en);
  const names = SHEN_SHA_NAMES.filter((name) => f.shenSha!.some((s) => s.name === name));
  if (names.length === 0) return say(lang, `你的盘中没有查到常用的神煞。${SCHOOLS.zh}`, `Your chart carries none of the core 神煞. ${SCHOOLS.en}`);
  const each = names.map((name) => {
    const [zh, en] = SHEN_SHA_GIST[name] ?? ["", ""];
    return say(lang, `${name}在${starPlaces(f, lang, name).join("、")}，主${zh}`, `${name} on ${list("en", starPlaces(f, lang, name))}: ${en}`);
  });
  return say(lang, `你的盘中有这些神煞：${each.join("；")}。${SCHOOLS.zh}`, `Your chart carries these 神煞: ${each.join("; ")}. ${SCHOOLS.en}`);
}

const RELATION_READING = {
  zh: "传统上，合主亲和与牵绊，冲主变动与分离，刑、害、破主摩擦与损耗；落在哪两柱，就应在那两柱所代表的人事上（年柱祖上与早年，月柱父母与青年，日柱自己与配偶，时柱子女与晚年）。",
  en: "Traditionally a combination binds and brings together, a clash moves and separates, and a punishment, harm or break wears and rubs; it bears on what its two pillars stand for (the year: family roots and early years; the month: parents and youth; the day: yourself and your partner; the hour: children and later life).",
};

/** 合冲刑害破 among the four pillars, and how tradition reads them. */
export function relationsParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  if (!f.relations) return say(lang, "这个命盘保存时还没有记录四柱之间的刑冲合害；重新创建命盘即可得到。", "This chart was stored before the relations among its pillars were recorded; a chart created again has them.");
  if (f.relations.length === 0) return say(lang, `你的四柱之间没有合、冲、刑、害、破。`, "Your four pillars meet in no combination, clash, punishment, harm or break.");
  const each = f.relations.map((r) => say(lang, `${r.name}（${r.members.map((m) => PILLAR_ZH[m]).join("与")}）`, `${r.name} (${list("en", r.members.map((m) => `${m}`))} pillars)`));
  return say(lang, `你的四柱之间有：${each.join("、")}。${RELATION_READING.zh}`, `Among your four pillars: ${each.join("; ")}. ${RELATION_READING.en}`);
}

/** The five elements' organs in the tradition (五行配五脏六腑). */
const ORGANS: Readonly<Record<string, [zh: string, en: string]>> = {
  wood: ["肝胆", "the liver and gallbladder"],
  fire: ["心与小肠", "the heart and small intestine"],
  earth: ["脾胃", "the spleen and stomach"],
  metal: ["肺与大肠", "the lungs and large intestine"],
  water: ["肾与膀胱", "the kidneys and bladder"],
};

/**
 * A health question: a chart cannot tell anyone about their health — said first, with a doctor — then
 * the tradition's pairing of elements and organs and which of the chart's elements are most and least
 * present, as the correspondence it is.
 */
export function healthParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const entries = Object.entries(f.counts);
  const most = Math.max(...entries.map(([, n]) => n));
  const strongest = entries.filter(([, n]) => n === most).map(([e]) => e);
  const missing = entries.filter(([, n]) => n === 0).map(([e]) => e);
  const pairs = Object.entries(ORGANS).map(([e, [zh, en]]) => say(lang, `${elementName("zh", e)}配${zh}`, `${e} with ${en}`));
  const named = (es: string[]) => list(lang, es.map((e) => elementName(lang, e)));
  return say(
    lang,
    `八字不能判断健康状况，身体有任何不适请看医生。传统上五行各配脏腑：${pairs.join("，")}；命理书据此把偏多或缺失的五行当作养生时留意的方向。你的盘中${named(strongest)}最多（${most}个）${missing.length ? `，缺${named(missing)}` : "，五行俱全"}。这只是文化上的对应，不是对你身体的任何判断。`,
    `A chart cannot tell you anything about your health; for any concern, please see a doctor. The tradition pairs each element with organs: ${pairs.join("; ")}, and its books treat an element in excess or missing as something to mind in daily care. In your chart ${named(strongest)} ${strongest.length > 1 ? "are" : "is"} the most common (${most})${missing.length ? `, and ${named(missing)} ${missing.length > 1 ? "are" : "is"} missing` : ", and no element is missing"}. This is a cultural correspondence only, not a judgement of your body.`,
  );
}
