/**
 * "这个卦是什么意思", "卦辞怎么说", "What does this hexagram mean?": the classic's text for the hexagram —
 * its judgment (卦辞) and image (大象) — and that a 纳甲 reading rests on the lines, not on the text.
 * The changed hexagram's when the question names it and the cast has one. And casting again on the same
 * question ("要不要再起一卦"), which the classic itself answers (蒙: 初筮告，再三渎).
 */
import type { LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { HEXAGRAMS } from "../../liuyao/index.ts";
import { HEXAGRAM_TEXTS, JUDGMENT_TITLE } from "../data/hexagram-texts.ts";
import { matchesTopic, say } from "./text.ts";

/** The classic's text asked for by name (卦辞, the judgment), or what the hexagram means. */
export const HEXAGRAM_TEXT =
  /卦辞|象辞|大象|象曰|卦义|周易|易经|卦(?:象|的|象的)?(?:是)?(?:什么|啥|咩)?(?:意思|含义|意义|寓意)|卦(?:代表|象征)|(?<![a-z])(?:i ching|yijing|book of changes|(?:judgment|image) (?:text|of (?:the|this|my) hexagram)|hexagram'?s? (?:meaning|text)|(?:meaning|text) of (?:the|this|my|that) (?:changed |second |resulting )?hexagram|(?:the|this|my|that) (?:changed |second |resulting )?hexagram (?:means?|says?|(?:is )?about))(?![a-z])/;

/** Asked what it means, not for the text alone ("卦辞怎么说"): the reading in brief follows the text. */
export const MEANING = /意思|含义|意义|寓意|代表|象征|(?<![a-z])(?:mean|meaning|about)(?![a-z])/;

const CHANGED = /变卦|之卦|(?<![a-z])(?:changed|second|resulting)(?![a-z])/;

export function hexagramTextParagraph(f: LiuyaoFacts, lang: ReplyLanguage, input: string): string {
  const ofChanged = f.changed !== null && matchesTopic(input, CHANGED);
  const { name, kingWen } = ofChanged ? f.changed! : f.primary;
  const { judgment, image, plain } = HEXAGRAM_TEXTS[kingWen - 1]!;
  const quoted = `「${JUDGMENT_TITLE[kingWen] ?? HEXAGRAMS[kingWen - 1]!.short_name}：${judgment}」`;
  return say(
    lang,
    `${ofChanged ? "变卦" : "本卦"}${name}（第${kingWen}卦），《周易》卦辞：${quoted}大意是${plain.zh}。《象》曰：「${image}」六爻纳甲断事不凭卦辞，看的是用神、世应和动爻，卦辞只作背景。`,
    `The classic's judgment for ${ofChanged ? "the changed hexagram" : "this hexagram"}, ${name}: ${quoted} — in plain words, ${plain.en}. A 纳甲 (najia) reading does not rest on this text but on the useful god, the world and response lines and the moving lines; the text is background.`,
  );
}

/** "要不要再起一卦", "能不能再摇一次", "Should I cast again?": another cast on the same question. */
export const CAST_AGAIN = /再(?:起|占|算|摇|卜|测)(?:一|个)?(?:卦|次|遍|下)|重新(?:起|摇|占|卜)|多(?:起|摇|算)(?:几|一)(?:卦|次)|(?<![a-z])(?:cast (?:it |this )?again|another cast|re-?cast|(?:do|try|ask) (?:it|this|the cast|the question) again)(?![a-z])/;

export function castAgainParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `传统上一事一占：同一件事不反复起卦。《周易》蒙卦的卦辞说「初筮告，再三渎，渎则不告」——第一次诚心问的才作数，一问再问，反而不取。这一卦答的就是「${f.question}」；等事情本身有了新的变化，或要问另一件事，再另起一卦。`,
    `Tradition casts once for one matter: the same question is not cast again. The classic's judgment for 山水蒙 says 「初筮告，再三渎，渎则不告」 — the first sincere cast answers; asking again and again is disrespect, and is not answered. This cast answers "${f.question}"; when the matter itself changes, or for another matter, make a new cast.`,
  );
}
