/**
 * "Is this meditation?", "is it religious?", "how is it different from yoga?": what kind of practice the
 * Plan's is — where it puts attention, and how much framing it carries — from the protocol's own form.
 */
import type { ProtocolFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { say } from "./text.ts";
import { anchor } from "./healing-during.ts";

/** The kind of practice asked after; 正念 alone is not here, since 正念行走 names a practice of the catalog. */
export const KIND = /冥想|打坐|禅修|坐禅|瑜伽(?!垫)|气功|宗教|佛教|道教|信仰|灵修|灵性|迷信|(?<![a-z])(?:meditat\w*|mindfulness|yoga(?! mat)|qi ?gong|religio\w*|spiritual|buddhis[mt]|taois[mt]|superstiti\w*)(?![a-z])/;

const FRAMING = {
  neutral: ["它不带宗教或灵性的内容，是一项日常的身心练习", "it carries no religious or spiritual content: an everyday mind-body practice"],
  cultural: ["它出自一种文化传统（可以问它的文化背景），练习时不要求任何信仰", "it comes from a cultural tradition (ask for its background), and asks for no belief"],
  traditional: ["它保留了传统的说法和语境（可以问它的文化背景），但练习时不要求任何信仰", "it keeps its tradition's own words and setting (ask for its background), and asks for no belief"],
} as const;

/** Where the practice puts attention and what framing it carries, beside meditation, qigong and yoga in general. */
export function kindParagraph(p: ProtocolFacts, lang: ReplyLanguage): string {
  const moving = p.movement === "gentle" || p.movement === "moderate";
  const way = moving
    ? say(lang, "以缓慢的动作带着注意力走", "it carries attention through slow movement")
    : say(lang, `静静地把注意力放在${anchor(p, lang)}上`, `it rests attention on ${anchor(p, lang)}, keeping still`);
  const [zh, en] = FRAMING[p.spiritual];
  return say(
    lang,
    `冥想、气功、瑜伽这类练习，都是把注意力安放在某处（呼吸、身体或动作）；「${p.title["zh-Hans"]}」也是这一类：${way}。${zh}。它不是治疗，也不需要做到“放空”；跟着脚本做就好。`,
    `Meditation, qigong and yoga all rest attention somewhere (the breath, the body, movement); "${p.title.en}" is of that kind: ${way}, and ${en}. It is not a treatment, and there is no need to "empty the mind": following the script is enough.`,
  );
}
