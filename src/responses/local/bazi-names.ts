/**
 * What a chart calls the person by: the zodiac animal (生肖, from the year pillar's branch), the 纳音 of
 * each pillar (the year's is the "纳音命"), and the three palaces 命宫, 身宫 and 胎元.
 */
import { LunarUtil } from "lunar-typescript";
import { PILLAR_NAMES, type BaziFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { BRANCHES } from "../../bazi/tables.ts";
import { list, say } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";

/** The animals in English, in the branches' order (子 the Rat … 亥 the Pig); the Chinese are lunar-typescript's. */
/** The animals in Chinese, in the branches' order (lunar-typescript counts them from 1). */
export const ANIMALS_ZH = LunarUtil.SHENGXIAO.slice(1, 13);
export const ANIMALS_EN = ["Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog", "Pig"] as const;

export const ZODIAC = /(?<!贵人.{0,4})(?:生肖|属什么|属相)|(?<![a-z])(?:chinese zodiac|zodiac (?:animal|sign)|what animal)(?![a-z])/;

/** The zodiac animal: the year pillar's branch, whose year begins at 立春 rather than on New Year's Day. */
export function zodiacParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const branch = f.pillars.year.ganzhi[1]!;
  const index = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  const animal = ANIMALS_ZH[index]!;
  return say(
    lang,
    `你属${animal}：生肖看年柱的地支（${branch}）。八字的年柱以立春换年，所以生在元旦之后、立春之前的人，属的是前一年的生肖。`,
    `Your zodiac animal is the ${ANIMALS_EN[index]} (${animal}), from the year pillar's branch ${branch}. A chart's year turns at 立春 (around 4 February), not on New Year's Day, so someone born between the two has the year before's animal.`,
  );
}

/** 纳音 by name, or the folk "我是什么命" / "我是金命吗" (the year's 纳音 names a person's 命; not 命格 or 命运). */
export const NAYIN = /纳音|(?:什么|啥|咩|乜(?:嘢)?)命(?!格|运|宫|盘|理)|[金木水火土]命吗|(?<![a-z])(?:na ?yin|what element am i|what(?:'s| is) my (?:own )?element|my (?:life|birth|destiny) element)(?![a-z])/;

/** Each pillar's 纳音; the year's names the person's 纳音命 in the tradition. */
export function nayinParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const each = PILLAR_NAMES.map((n) => say(lang, `${PILLAR_ZH[n]}${f.pillars[n].ganzhi}为${f.pillars[n].nayin}`, `${n} ${f.pillars[n].ganzhi}: ${f.pillars[n].nayin}`));
  return say(
    lang,
    `你四柱的纳音：${each.join("，")}。传统上以年柱纳音论“命”，所以你是${f.pillars.year.nayin}命；纳音是辅助的象，断命仍以五行与十神为主。`,
    `Your pillars' 纳音: ${each.join("; ")}. Tradition names a person by the year's, so yours is ${f.pillars.year.nayin}; 纳音 is an auxiliary image, and a reading still rests on the elements and the ten gods.`,
  );
}

export const PALACES = /命宫|身宫|胎元|(?<![a-z])(?:life palace|body palace|conception pillar|ming gong|shen gong|tai yuan)(?![a-z])/;

/** 命宫, 身宫 and 胎元 with their 纳音, and what tradition reads from each, or that the chart predates them. */
export function palacesParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const p = f.palaces;
  if (!p) return say(lang, "这个命盘保存时还没有记录命宫、身宫和胎元；重新创建命盘即可得到。", "This chart was stored before its 命宫, 身宫 and 胎元 were recorded; a chart created again has them.");
  const named = [
    say(lang, `命宫${p.mingGong.ganzhi}（${p.mingGong.nayin}）`, `命宫 (life palace) ${p.mingGong.ganzhi} (${p.mingGong.nayin})`),
    say(lang, `身宫${p.shenGong.ganzhi}（${p.shenGong.nayin}）`, `身宫 (body palace) ${p.shenGong.ganzhi} (${p.shenGong.nayin})`),
    say(lang, `胎元${p.taiYuan.ganzhi}（${p.taiYuan.nayin}）`, `胎元 (conception pillar) ${p.taiYuan.ganzhi} (${p.taiYuan.nayin})`),
  ];
  return say(
    lang,
    `你的${named.join("、")}。传统上命宫看一生的大体格调，身宫看后天着力之处，胎元看先天的根基；三者都是辅助的参看，断命仍以四柱为主。`,
    `Your ${list("en", named)}. Tradition reads the life palace for the tenor of a life, the body palace for where effort goes later on, and the conception pillar for what one starts with; all three are auxiliary, and a reading rests on the four pillars.`,
  );
}
