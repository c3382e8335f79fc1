/**
 * "我跟属马的人合得来吗", "Am I compatible with a rabbit?": the folk zodiac matching (生肖配对) of the
 * asker's animal (the year pillar's branch) with the one named, from the engine's zodiacMatch, said
 * as the coarsest layer of matching two charts (合婚), which needs both charts.
 */
import type { BaziFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { BRANCHES } from "../../bazi/tables.ts";
import { zodiacMatch, type ZodiacVerdict } from "../../bazi/index.ts";
import { foldedInput, list, say } from "./text.ts";
import { ANIMALS_EN, ANIMALS_ZH } from "./bazi-names.ts";

/** English words for each animal, in the branches' order. */
const ANIMAL_WORDS_EN = ["rat|mouse", "ox|cow|buffalo", "tiger", "rabbit|hare", "dragon", "snake", "horse", "goat|sheep|ram", "monkey", "rooster|chicken", "dog", "pig|boar"];
/** An animal as a person's sign: "属马", "马年", "year of the horse", "a horse", "rabbits". */
const ANIMAL_ZH = new RegExp(`属(${ANIMALS_ZH.join("|")})|(${ANIMALS_ZH.join("|")})年`, "g");
const ANIMAL_EN = new RegExp(`(?<![a-z])(${ANIMAL_WORDS_EN.join("|")})s?(?![a-z])`, "g");

/** The branches of the animals a question names, in the order named. */
export function animalsNamed(input: string): number[] {
  const folded = foldedInput(input);
  const zh = [...folded.matchAll(ANIMAL_ZH)].map((m) => ANIMALS_ZH.indexOf(m[1] ?? m[2]!));
  const en = [...folded.matchAll(ANIMAL_EN)].map((m) => ANIMAL_WORDS_EN.findIndex((words) => new RegExp(`^(?:${words})$`).test(m[1]!)));
  return [...zh, ...en];
}

/** An animal's English name with its article: "an Ox", "a Horse". */
const an = (animal: string) => `${"AEIOU".includes(animal[0]!) ? "an" : "a"} ${animal}`;

const VERDICT: Readonly<Record<ZodiacVerdict, [zh: string, en: string]>> = {
  good: ["算相合的一对", "a good match"],
  poor: ["算不太合的一对", "a poor match"],
  friction: ["小有摩擦，谈不上不合", "some friction, not a poor match"],
  neutral: ["无所谓合与不合", "neither a good nor a poor match"],
};

/**
 * The folk matching of the asker's animal with the other one the question names (the asker's own,
 * said again, is passed over), or null when it names none.
 */
export function zodiacMatchParagraph(f: BaziFacts, lang: ReplyLanguage, input: string): string | null {
  const mine = BRANCHES.indexOf(f.pillars.year.ganzhi[1] as (typeof BRANCHES)[number]);
  const named = animalsNamed(input);
  const theirs = named.find((b) => b !== mine) ?? named[0];
  if (theirs === undefined) return null;
  const match = zodiacMatch(mine, theirs);
  const [verdictZh, verdictEn] = VERDICT[match.verdict];
  const same = theirs === mine;
  return say(
    lang,
    `你属${ANIMALS_ZH[mine]}（年支${BRANCHES[mine]}），${same ? `属${ANIMALS_ZH[theirs]}的人和你同一个年支` : `属${ANIMALS_ZH[theirs]}的人年支是${BRANCHES[theirs]}`}：${match.relations.length ? match.relations.join("、") : same ? "同支相见，不合不冲" : "两支之间没有合、冲、刑、害、破"}。民间的生肖配对以六合、三合为合，六冲、六害为不合，刑、破为小有摩擦；按这个说法，属${ANIMALS_ZH[mine]}与属${ANIMALS_ZH[theirs]}${verdictZh}。不过生肖只看两人年柱的地支，是合婚里最粗的一层：合婚要把两个人的八字放在一起看日主、喜用五行和日柱的冲合，这里只有你的命盘。缘分终究要在相处中见分晓。`,
    `You are ${an(ANIMALS_EN[mine]!)} (year branch ${BRANCHES[mine]}); ${same ? `someone born in ${an(ANIMALS_EN[theirs]!)} year has the same branch` : `someone born in ${an(ANIMALS_EN[theirs]!)} year has ${BRANCHES[theirs]}`}: ${match.relations.length ? list("en", match.relations) : same ? "the same branch twice, neither combining nor clashing" : "the two branches neither combine, clash, punish, harm nor break"}. Folk zodiac matching counts a six or three combination as a good match, a clash or a harm as a poor one, and a punishment or a break as some friction; by it, ${ANIMALS_EN[mine]} and ${ANIMALS_EN[theirs]} are ${verdictEn}. The zodiac reads only the two year branches, the coarsest layer of matching: tradition sets both whole charts side by side (day masters, favourable elements, how the day pillars meet), and only yours is here. In the end, how two people get along shows in living it.`,
  );
}

/** Which animals suit one best, none named ("我和什么属相最配", "which zodiac signs match me best?"). */
export const BEST_MATCH = /(?:什么|哪个|哪些|啥|咩|边个)(?:属相|生肖|属)[^，,？?]{0,6}(?:最配|最合|合得来|相配|配|合|夹|啱)|属什么的[^，,？?]{0,6}(?:配|合)|(?<![a-z])(?:(?:which|what) (?:zodiac )?(?:animal|sign|zodiac)s? (?:is |are )?(?:best |most )?(?:for|suits?|match(?:es)?|go(?:es)? with|compatible with)|best (?:zodiac )?match(?:es)?|most compatible (?:zodiac )?(?:sign|animal)s?)(?![a-z])/;

/** The animals of the folk matching's good and poor verdicts for the asker's, in the branches' order. */
export function bestMatchesParagraph(f: BaziFacts, lang: ReplyLanguage): string {
  const mine = BRANCHES.indexOf(f.pillars.year.ganzhi[1] as (typeof BRANCHES)[number]);
  // The asker's own animal is never a good or a poor match with itself (the same branch, or a self-punishment).
  const of = (verdict: ZodiacVerdict) => BRANCHES.map((_, b) => b).filter((b) => zodiacMatch(mine, b).verdict === verdict);
  const names = (bs: number[]) => say(lang, bs.map((b) => `属${ANIMALS_ZH[b]}`).join("、"), list("en", bs.map((b) => ANIMALS_EN[b]!)));
  const [good, poor] = [of("good"), of("poor")];
  return say(
    lang,
    `你属${ANIMALS_ZH[mine]}（年支${BRANCHES[mine]}）。按民间的生肖配对（六合、三合为合，六冲、六害为不合），与${names(good)}的人相合，与${names(poor)}的人不太合，其余的小有摩擦或无所谓合与不合。不过生肖只看年支，是合婚里最粗的一层；两个人合不合，要把两个人的八字放在一起看，更要在相处中见分晓。`,
    `You are ${an(ANIMALS_EN[mine]!)} (year branch ${BRANCHES[mine]}). By the folk zodiac matching (a six or three combination is a good match, a clash or a harm a poor one), the ${names(good)} suit you, the ${names(poor)} less so, and the rest are some friction or neither. The zodiac reads only the year branches, the coarsest layer of matching; whether two people suit each other takes both whole charts side by side, and living it.`,
  );
}
