/**
 * A relationship cast whose question did not say who the partner is has no useful god (PARTNER_UNKNOWN),
 * nor has one that asks after a him or a her without a word of the matter ("他还会回来找我吗": NO_MATTER):
 * tradition reads a man from 官鬼 and a woman from 妻财. The follow-up that speaks of the partner as a
 * man or as a woman ("他还爱我吗", "will she text me?") says which — else the cast's own question does —
 * and that one answer is read from it.
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { partnerSpokenOf } from "../../matter/partner.ts";
import { say } from "./text.ts";

/** The facts with the partner's useful god, and the sentence that says why; null when neither the follow-up nor the cast's question says, or one says both. */
export function withPartnerNamed(f: LiuyaoFacts, input: string, lang: ReplyLanguage): { facts: LiuyaoFacts; note: string } | null {
  if (!f.partnerGods || f.usefulGod) return null;
  const said = partnerSpokenOf(input);
  const sex = said ?? partnerSpokenOf(f.question);
  if (!sex) return null;
  const man = sex === "man";
  const god = man ? f.partnerGods.male : f.partnerGods.female;
  const unknown = f.usefulGodReason?.code === "PARTNER_UNKNOWN";
  const what = unknown
    ? say(lang, "这一卦问的是感情，起卦时没说对方是谁", "The cast asks about a relationship without saying who the partner is")
    : say(lang, "这一卦问的是对方与你之间的事，按感情来读", "The cast asks about someone and you, which tradition reads as a relationship");
  const who = said
    ? say(lang, `你说的是${man ? "他" : "她"}`, `you speak of ${man ? "him" : "her"}`)
    : say(lang, `问题里说的是${man ? "他" : "她"}`, `its question speaks of ${man ? "him" : "her"}`);
  const note = man
    ? say(lang, `${what}；${who}，传统上男方看官鬼，这一答就以官鬼为用神。`, `${what}; ${who}, and tradition reads a man from 官鬼, so this answer takes 官鬼 as the useful god.`)
    : say(lang, `${what}；${who}，传统上女方看妻财，这一答就以妻财为用神。`, `${what}; ${who}, and tradition reads a woman from 妻财, so this answer takes 妻财 as the useful god.`);
  return { facts: { ...f, usefulGod: god, usefulGodReason: null }, note };
}
