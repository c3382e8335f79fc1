/**
 * A relationship cast whose question did not say who the partner is has no useful god (PARTNER_UNKNOWN):
 * tradition reads a man from 官鬼 and a woman from 妻财. A follow-up that speaks of the partner as a man
 * or as a woman ("他还爱我吗", "will she text me?") says which, and that one answer is read from it.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { matchesTopic, say } from "./text.ts";

const MAN = /他(?!们|人)|男朋友|男友|老公|丈夫|前夫|男方|(?<![a-z])(?:he|him|his|boyfriend|husband|ex-husband|ex-boyfriend)(?![a-z])/;
const WOMAN = /她(?!们)|女朋友|女友|老婆|妻子|太太|前妻|女方|(?<![a-z])(?:she|her|hers|girlfriend|wife|ex-wife|ex-girlfriend)(?![a-z])/;

/** The facts with the partner's useful god, and the sentence that says why; null when the follow-up does not say, or says both. */
export function withPartnerNamed(f: LiuyaoFacts, input: string, lang: ReplyLanguage): { facts: LiuyaoFacts; note: string } | null {
  if (!f.partnerGods || f.usefulGod) return null;
  const man = matchesTopic(input, MAN);
  if (man === matchesTopic(input, WOMAN)) return null;
  const god = man ? f.partnerGods.male : f.partnerGods.female;
  const note = man
    ? say(lang, "这一卦问的是感情，起卦时没说对方是谁；你说的是他，传统上男方看官鬼，这一答就以官鬼为用神。", "The cast asks about a relationship without saying who the partner is; you speak of him, and tradition reads a man from 官鬼, so this answer takes 官鬼 as the useful god.")
    : say(lang, "这一卦问的是感情，起卦时没说对方是谁；你说的是她，传统上女方看妻财，这一答就以妻财为用神。", "The cast asks about a relationship without saying who the partner is; you speak of her, and tradition reads a woman from 妻财, so this answer takes 妻财 as the useful god.");
  return { facts: { ...f, usefulGod: god, usefulGodReason: null }, note };
}
