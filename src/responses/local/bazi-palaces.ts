/**
 * Two questions asked of one branch of the chart: the spouse palace (婚姻宫, the day branch) — what it
 * holds and what meets it — and 犯太岁, a year's branch against the birth-year branch.
 */
import type { BaziFacts, PillarName } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { yearPillarsAround } from "../facts/index.ts";
import { list, say } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";

/** The spouse palace asked after, or marriage itself (which tradition reads there as well as from the stars). */
export const SPOUSE_PALACE = /婚姻宫|夫妻宫|配偶宫|日支|婚姻|离婚|夫妻|配偶|(?<![a-z])(?:spouse palace|marriage|divorce|divorced|spouse)(?![a-z])/;

const BRANCH_RELATIONS = new Set(["six_combination", "three_combination", "half_combination", "directional_combination", "clash", "punishment", "harm", "destruction"]);

/** The day branch: its hidden stems with their ten gods, and the branch relations it takes part in. */
export function spousePalaceParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const day = f.pillars.day;
  const branch = day.ganzhi[1]!;
  const meets = (f.relations ?? []).filter((r) => r.members.includes("day") && BRANCH_RELATIONS.has(r.type));
  const others = (members: readonly PillarName[]) => members.filter((m) => m !== "day");
  const relations =
    f.relations === null
      ? ""
      : meets.length
        ? say(
          lang,
          `它与${meets.map((r) => `${others(r.members).map((m) => PILLAR_ZH[m]).join("、")}${r.name}`).join("，")}。`,
          `It meets ${list("en", meets.map((r) => `the ${list("en", others(r.members))} pillar${others(r.members).length > 1 ? "s" : ""} in ${r.name}`))}.`,
        )
        : say(lang, "它与其余三柱没有合、冲、刑、害、破，传统上称为安稳。", "It meets the other pillars in no combination, clash, punishment, harm or break, which tradition reads as settled.");
  return say(
    lang,
    `婚姻宫是日柱的地支：你的是${branch}，藏${day.hidden.join("、")}。${relations}传统上日支逢合主亲和，逢冲主变动，逢刑害主摩擦；这是看婚姻的一个角度，要与配偶星合看，不是定论。`,
    `The spouse palace is the day pillar's branch: yours is ${branch}, holding ${list("en", day.hidden)}. ${relations}${relations ? " " : ""}Traditionally a combination there brings closeness, a clash change, a punishment or harm friction; it is one angle on marriage, read together with the spouse star, not a verdict.`,
  );
}

/** Asking whether a year offends 太岁 (the year's ruling branch), or after one's 本命年. */
export const TAI_SUI = /太岁|本命年|(?<![a-z])(?:tai ?sui|grand duke|zodiac year|year of my (?:zodiac|animal|sign))(?![a-z])/;
const OFFENCE_ZH = { clash: "冲太岁", punishment: "刑太岁", harm: "害太岁", destruction: "破太岁" } as const;
const OFFENCE_EN = { clash: "clashes with", punishment: "punishes", harm: "harms", destruction: "breaks" } as const;

/**
 * 犯太岁 in a year: its branch the same as the birth-year branch (值太岁, the 本命年), or clashing,
 * punishing, harming or breaking it — the common rule by the birth-year branch (the zodiac animal).
 */
export function taiSuiParagraph(f: BaziFacts, lang: ReplyLanguage, year: number): string {
  const [y] = yearPillarsAround(f, year);
  const birth = f.pillars.year.ganzhi[1]!;
  const branch = y!.ganzhi[1]!;
  const offences = y!.relations.filter((r) => r.members.includes("year") && r.type in OFFENCE_ZH) as { type: keyof typeof OFFENCE_ZH; name: string }[];
  // The same branch meets itself in nothing but a self-punishment (午午自刑), which the 本命年 already says.
  const found =
    branch === birth
      ? [say(lang, `与你的年支${birth}相同，为值太岁（本命年）`, `it is your own branch ${birth} (值太岁, your 本命年)`)]
      : offences.map((r) => say(lang, `${r.name}，为${OFFENCE_ZH[r.type]}`, `it ${OFFENCE_EN[r.type]} your birth-year branch ${birth} (${r.name})`));
  const rule = say(lang, "传统上，流年地支与出生年支相同为值太岁（本命年），相冲、相刑、相害、相破分别为冲、刑、害、破太岁。", "Traditionally a year offends 太岁 when its branch is your birth-year branch (值太岁, the 本命年) or clashes with, punishes, harms or breaks it.");
  const verdict = found.length
    ? say(lang, `${year}年流年${y!.ganzhi}：${found.join("；")}，传统上这一年宜稳重行事、少冒进。`, `${year} is a ${y!.ganzhi} year: ${found.join("; ")}. Tradition advises a steady, careful year.`)
    : say(lang, `你生于${birth}年，${year}年流年${y!.ganzhi}与它不冲、不刑、不害、不破，也不是本命年：不犯太岁。`, `You were born in a ${birth} year; ${year}'s ${y!.ganzhi} neither clashes with, punishes, harms nor breaks it, and is not your own branch: it does not offend 太岁.`);
  return say(lang, `${rule}${verdict}这是民俗的说法，不必为此担忧。`, `${rule} ${verdict} This is folk custom, nothing to worry about.`);
}
