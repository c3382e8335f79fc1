/**
 * What a chart says of the person themselves: the day master's traditional image and temperament
 * (日主象意), one pillar asked after by name (what it stands for, its ten god, hidden stems and 纳音), and
 * compatibility, which tradition reads from two charts, not from one.
 */
import { PILLAR_NAMES, type BaziFacts, type PillarName } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { elementName, foldedInput, list, say } from "./text.ts";
import { PILLAR_ZH } from "./bazi-details.ts";
import { ELEMENT_EN, type ElementZh } from "../../bazi/index.ts";

/** One language's words for a day master: its image, the traits read from it, and the weak side of them. */
interface Temperament {
  image: string;
  virtues: string;
  flaw: string;
}

/** The ten stems as day masters: the image the tradition gives each and the temperament read from it. */
export const DAY_MASTER_IMAGE: Readonly<Record<string, { zh: Temperament; en: Temperament }>> = {
  甲: { zh: { image: "参天大树", virtues: "正直、有担当、向上", flaw: "固执" }, en: { image: "a tall tree", virtues: "upright, dependable and striving", flaw: "be stubborn" } },
  乙: { zh: { image: "花草藤蔓", virtues: "柔韧、灵活、善于适应", flaw: "依附" }, en: { image: "flowers and vines", virtues: "supple, adaptable and tactful", flaw: "lean on others" } },
  丙: { zh: { image: "太阳", virtues: "热情、开朗、大方", flaw: "急躁" }, en: { image: "the sun", virtues: "warm, open and generous", flaw: "be impatient" } },
  丁: { zh: { image: "烛火灯光", virtues: "细腻、体贴、有心思", flaw: "多虑" }, en: { image: "candlelight", virtues: "attentive, thoughtful and caring", flaw: "worry" } },
  戊: { zh: { image: "高山厚土", virtues: "稳重、可靠、包容", flaw: "保守" }, en: { image: "a mountain", virtues: "steady, reliable and tolerant", flaw: "be set in its ways" } },
  己: { zh: { image: "田园之土", virtues: "温和、务实、善于照顾人", flaw: "犹豫" }, en: { image: "garden soil", virtues: "gentle, practical and nurturing", flaw: "hesitate" } },
  庚: { zh: { image: "刀剑钢铁", virtues: "果断、刚直、重义气", flaw: "锋芒太露" }, en: { image: "a blade of steel", virtues: "decisive, straight and loyal", flaw: "be sharp" } },
  辛: { zh: { image: "珠玉首饰", virtues: "精致、敏锐、重体面", flaw: "挑剔" }, en: { image: "a jewel", virtues: "refined, perceptive and proud", flaw: "be particular" } },
  壬: { zh: { image: "江河大海", virtues: "聪明、奔放、有胆识", flaw: "随性" }, en: { image: "a river or the sea", virtues: "quick, free and bold", flaw: "drift" } },
  癸: { zh: { image: "雨露", virtues: "温柔、敏感、富于想象", flaw: "内敛多思" }, en: { image: "rain and dew", virtues: "gentle, sensitive and imaginative", flaw: "turn inward" } },
};

/** Asking after weaknesses alone ("我的性格有什么缺点", "what are my flaws?"), not strengths as well. */
export const FLAWS = /缺点|短处|弱点|weakness|flaw|shortcoming/;
/** The person's strengths ("strengths", plural: "my day master's strength" is another question). */
const VIRTUES = /优点|长处|强项|strengths|good (?:side|point)/;

/**
 * Personality: the day master's image and temperament, and how its strength colours it. Asked after
 * weaknesses alone, the weak side comes first — the image's, then the strength's — and the rest as
 * the other side of it.
 */
export function personalityParagraph(f: BaziFacts, lang: ReplyLanguage, input: string): string {
  const { zh, en } = DAY_MASTER_IMAGE[f.dayMaster.stem]!;
  const strong = f.strength === "strong";
  const folded = foldedInput(input);
  if (FLAWS.test(folded) && !VIRTUES.test(folded)) {
    return say(
      lang,
      `说到短处，传统上先看日主：你是${f.dayMaster.stem}${elementName("zh", f.dayMaster.element)}，象为${zh.image}，短处在容易${zh.flaw}。${strong ? "日主偏强，主见强，也容易固执、听不进别人的意见" : "日主偏弱，容易犹豫、顾虑多，也容易受环境和身边的人左右"}。短处往往是长处的另一面（${zh.virtues}）；这是传统的象征说法，人的性格终究由经历和选择塑造。`,
      `On weaknesses, tradition reads the day master first: you are ${f.dayMaster.stem}, ${f.dayMaster.yin_yang} ${f.dayMaster.element}, whose image is ${en.image}, and whose weak side is being apt to ${en.flaw}. ${strong ? "A strong day master holds its views firmly, and can be stubborn and slow to take advice" : "A weak day master tends to hesitate and worry, and is swayed by the people and setting around it"}. A weakness is often the other side of a strength (${en.virtues}); a traditional image, not a verdict: a character is shaped by experience and choice.`,
    );
  }
  return say(
    lang,
    `性格传统上先看日主：你是${f.dayMaster.stem}${elementName("zh", f.dayMaster.element)}，象为${zh.image}：${zh.virtues}，也容易${zh.flaw}。${strong ? "日主偏强，这些特质显得更鲜明、更有主见" : "日主偏弱，这些特质更含蓄，也更看重身边的支持"}。这是传统的象征说法，人的性格终究由经历和选择塑造。`,
    `Temperament is read first from the day master: you are ${f.dayMaster.stem}, ${f.dayMaster.yin_yang} ${f.dayMaster.element}, whose image is ${en.image}: ${en.virtues}, and apt to ${en.flaw}. ${strong ? "A strong day master shows these traits more plainly, with a mind of its own" : "A weak day master holds these traits more quietly, and values the support around it"}. A traditional image, not a verdict: a character is shaped by experience and choice.`,
  );
}

/** What each pillar stands for in the tradition (宫位). */
const PILLAR_MEANS: Readonly<Record<PillarName, [zh: string, en: string]>> = {
  year: ["祖上与早年", "family roots and early years"],
  month: ["父母、兄弟与青年，也是事业的宫位", "parents, siblings and youth, and the palace of career"],
  day: ["你自己（日干）与配偶（日支，夫妻宫）", "yourself (its stem) and your partner (its branch, the spouse palace)"],
  hour: ["子女与晚年", "children and later life"],
};
/**
 * A pillar by its name, or by the stage of life it stands for (早年 the year, 青年 the month); later life
 * (晚年, old age) has a reading of its own, from the hour pillar and the late luck pillars (bazi-life.ts).
 */
const PILLAR_ASKED: Readonly<Record<PillarName, RegExp>> = {
  year: /年柱|早年|童年|(?<![a-z])(?:year pillar|early years|childhood)(?![a-z])/,
  month: /月柱|青年时|青年时期|(?<![a-z])(?:month pillar|my youth)(?![a-z])/,
  day: /日柱|(?<![a-z])day pillar(?![a-z])/,
  hour: /时柱|(?<![a-z])hour pillar(?![a-z])/,
};

/** The pillars a question names, in chart order. */
export const pillarsNamed = (input: string): PillarName[] => PILLAR_NAMES.filter((n) => PILLAR_ASKED[n].test(foldedInput(input)));

/** One pillar: what it stands for, its stem's ten god (the day's is the day master), hidden stems, 纳音. */
export function pillarParagraph(f: BaziFacts, lang: ReplyLanguage, n: PillarName): string {
  const p = f.pillars[n];
  const [zh, en] = PILLAR_MEANS[n];
  const god = n === "day" ? say(lang, "天干就是日主", "its stem is the day master") : say(lang, `天干为${p.ten_god}`, `its stem is your ${p.ten_god}`);
  return say(
    lang,
    `你的${PILLAR_ZH[n]}是${p.ganzhi}，传统上代表${zh}。${god}，地支藏${p.hidden.join("、")}，纳音为${p.nayin}。`,
    `Your ${n} pillar is ${p.ganzhi}; traditionally it stands for ${en}. ${god.charAt(0).toUpperCase()}${god.slice(1)}, its branch hides ${list("en", p.hidden)}, and its 纳音 is ${p.nayin}.`,
  );
}

const ELEMENT_WORD = /(木|火|土|金|水)(?:命|的人|型)|(?<![a-z])(wood|fire|earth|metal|water)(?: person| sign| type| element)(?![a-z])/;

/**
 * Compatibility: tradition compares two whole charts (合婚), which one chart cannot do; an element
 * named is said to be favourable to this chart or not, as far as that goes.
 */
export function compatibilityParagraph(f: BaziFacts, lang: ReplyLanguage, input: string): string {
  const m = ELEMENT_WORD.exec(foldedInput(input));
  const element = m ? (m[1] ? ELEMENT_EN[m[1] as ElementZh] : m[2]!) : null;
  const Element = element ? `${element[0]!.toUpperCase()}${element.slice(1)}` : "";
  const named = element
    ? f.favorable.includes(element)
      ? say(lang, `${elementName("zh", element)}是你的喜用五行，传统上说带来${elementName("zh", element)}的人与事对你较有助益。`, `${Element} is among your favourable elements, so tradition says people and things that bring ${element} tend to help you.`)
      : say(lang, `${elementName("zh", element)}不在你的喜用五行里（你喜${list("zh", f.favorable.map((e) => elementName("zh", e)))}），但单凭一个五行说明不了两个人合不合。`, `${Element} is not among your favourable elements (${list("en", f.favorable)}), but one element says little about two people.`)
    : "";
  return say(
    lang,
    `传统上看两个人合不合（合婚），要把两个人的八字放在一起比较：日主、喜用五行、日柱与年柱的冲合。这里只有你一个人的命盘，所以只能说到你这一边。${named}缘分终究要在相处中见分晓。`,
    `Tradition reads whether two people suit each other (合婚) by setting both charts side by side: their day masters, favourable elements, and how their day and year pillars clash or combine. Only your chart is here, so only your side can be read. ${named} In the end, how two people get along shows in living it.`.replace("  ", " "),
  );
}
