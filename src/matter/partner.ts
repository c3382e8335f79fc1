/**
 * Someone the asker is with, or was, spoken of as a man or as a woman ("他还爱我吗", "will she text
 * me?"), and a question that asks how such a person feels about the asker or comes back ("他还会回来
 * 找我吗", "does he miss me?"): tradition reads that as a relationship, a man from 官鬼 and a woman
 * from 妻财, even where no word of the matter lexicon says so.
 */
import { foldText } from "../text/language.ts";

const MAN = /他(?!们|人)|男朋友|男友|老公|丈夫|前夫|男方|(?<![a-z])(?:he|him|his|boyfriend|husband|ex-husband|ex-boyfriend)(?![a-z])/;
const WOMAN = /她(?!们)|女朋友|女友|老婆|妻子|太太|前妻|女方|(?<![a-z])(?:she|her|hers|girlfriend|wife|ex-wife|ex-girlfriend)(?![a-z])/;
/** How someone feels about the asker, or whether they come back to them. */
const ABOUT_THE_ASKER = /回来找我|回头找我|回到我身边|复合|挽回|和好|想我|爱我|喜欢我|在乎我|心里(?:还)?有我|忘了我|忘记我|(?<![a-z])(?:miss(?:es)? me|loves? me|likes? me|come back to me|get back together|back with me|think(?:s|ing)? (?:of|about) me)(?![a-z])/;

/** The partner a text speaks of: a man, a woman, or null when it names neither or both. */
export function partnerSpokenOf(text: string): "man" | "woman" | null {
  const folded = foldText(text);
  const man = MAN.test(folded);
  return man === WOMAN.test(folded) ? null : man ? "man" : "woman";
}

/** A question about how a him or a her feels about the asker, or whether they come back ("他还会回来找我吗"). */
export const asksAfterPartner = (question: string) => partnerSpokenOf(question) !== null && ABOUT_THE_ASKER.test(foldText(question));
