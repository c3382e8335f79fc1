/**
 * Small text helpers the local interpreter's writers share: one sentence in
 * two languages, list joining, and topic matching on the folded input.
 */
import { foldText, type ReplyLanguage } from "../../text/language.ts";
import { GLOSSARY, type GlossaryEntry } from "../data/glossary.ts";
import { ELEMENT_ZH } from "../../bazi/tables.ts";

/** Chooses the Chinese or the English wording. */
export const say = (lang: ReplyLanguage, zh: string, en: string) => (lang === "zh" ? zh : en);

/** Sentences of one paragraph: Chinese runs them together, English needs a space. */
export const sentences = (lang: ReplyLanguage, ...parts: string[]) => parts.filter(Boolean).join(lang === "zh" ? "" : " ");

/** "a、b、c" in Chinese; "a, b and c" in English. */
export function list(lang: ReplyLanguage, items: readonly string[]): string {
  if (lang === "zh") return items.join("、");
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** English element names of a chart → the Chinese characters. */
const ELEMENT_ZH_BY_NAME: Readonly<Record<string, string>> = ELEMENT_ZH;
export const elementName = (lang: ReplyLanguage, element: string) => (lang === "zh" ? (ELEMENT_ZH_BY_NAME[element] ?? element) : element);

/** The last input folded: one answer asks dozens of patterns of the same input, and folding Traditional text costs. */
let lastInput = "";
let lastFolded = "";

/**
 * A yes-or-no question about a step ("要不要谈薪水", "我该请假吗", "Should I negotiate?"), not "what should I do" or
 * "how much should I offer": a cast's counsel and a chart's timing answer it first.
 */
export const WHETHER = /要不要|要唔要|该不该|应不应该|应唔应该|应该不应该|使唔使|值不值得|(?:我|我们)(?:应该|该|要)[^？?，,]{1,12}[吗嗎]|(?<![a-z])(?:(?<!(?:what|how|when|where|which|who|how much|how many) )should (?:i|we)|shall (?:i|we)|is it wise|is it worth)(?![a-z])/;

/** Seeking help from the police, a doctor or a lawyer ("要不要报警", "should I call the police?"). */
export const SEEK_HELP = /报警|报案|找警察|叫警察|看医生|看病|就医|去医院|找律师|请律师|(?<![a-z])(?:call the police|the police|report (?:it|the theft|this)|see a doctor|go to (?:the )?(?:doctor|hospital)|get a lawyer|see a lawyer|hire a lawyer)(?![a-z])/;

/** Such help is never left to a reading (`what`: 卦象, 命盘; "a hexagram", "a chart"): if it is needed, it comes first. */
export const helpFirst = (lang: ReplyLanguage, what: string) =>
  say(lang, `报警、就医、找律师这类求助，不必等${what}：需要就去做。`, `Calling the police, seeing a doctor or a lawyer is never a matter for ${what}: if you need it, do it.`);

/** foldText(input), kept for the next call with the same input. */
export function foldedInput(input: string): string {
  if (input !== lastInput) {
    lastFolded = foldText(input);
    lastInput = input;
  }
  return lastFolded;
}

/** Topic patterns are matched against foldText(input): simplified, lower case. */
export function matchesTopic(input: string, pattern: RegExp): boolean {
  return pattern.test(foldedInput(input));
}

/** Asking to redo the Subject ("重新排盘", "change the protocol"): facts are fixed, only explained. */
const REDO_REQUEST = /重新(?:排|算|起|推荐|计算)|重排|改(?:成|一下)(?:命盘|卦|方案)|换(?:个|一个)(?:方案|卦|盘)|recalculat|recomput|re-?cast|redo|change (?:the|my) (?:chart|cast|hexagram|protocol|plan|pillars?)/;

/** What a writer produces for one input; `paragraphs` puts it in the one order every answer follows. */
export interface Explanation {
  /** Always names the Subject's core facts. */
  opening: string;
  /** The part of the Subject the question points at. */
  focus: string[];
  /** The question pointed at something specific (not the default overview). */
  focused?: boolean;
  /** Caveats and notices that follow the focus. */
  notes?: string[];
  /** The cultural or not-medical framing. */
  closing: string;
  /** The same framing in a few words, for follow-ups (it stays in every answer, once). */
  closingShort?: string;
  /** The Subject is a cast: its own terms (the six relatives, a line's changes) are explained. */
  ofCast?: true;
  /** How the Subject was computed, for "is it accurate?" (ACCURACY): by fixed rules, from what it was given. */
  computedFrom?: { zh: string; en: string };
  /** The Subject's name and how to get another one, for the "facts are fixed" notice. */
  redo: { zh: string; en: string; howZh: string; howEn: string };
  /**
   * What this Subject can be asked about, and its name: offered to a follow-up that asks nothing it can
   * answer, instead of the overview again.
   */
  askable?: { zh: string; en: string; name: string };
  /** The notes such an offer keeps (a support notice, a chart's warnings); all of `notes` when absent. */
  lastingNotes?: string[];
}

/**
 * "准不准", "这个可信吗", "Is this accurate?": of a chart or a cast (a Plan's "does it work?" is its own
 * question). 可信 and 信得过 only of the reading itself: "他可信吗" asks about a person.
 */
const ACCURACY = /准不准|准吗|准确吗|准确不|准确度|灵不灵|灵验吗|灵吗|算得准|(?:这个?|卦|盘|结果|八字|算命|这些|说的)(?:的)?(?:可信|能信|信得过)|(?<![a-z])(?:is (?:(?:this|that|the|my) (?:reading|chart|cast|hexagram)|this|it|that) (?:accurate|reliable|real|true|legit)|how accurate|accuracy|can i (?:trust|believe|rely on) (?:this|it|the (?:reading|chart|cast))|should i (?:trust|believe) (?:this|it))(?![a-z])/;

/** Asking for the overview itself ("总结一下", "the overview again"): a follow-up that gets it. */
const ASKS_OVERVIEW = /总结|概括|概览|整体|总体|再说一遍|重新说|(?<![a-z])(?:overview|summary|summari[sz]e|in general|overall|again)(?![a-z])/;

/** Only thanks ("谢谢！", "Thanks, that helps"): a word back, not an offer of what could be asked. */
const THANKS_ONLY = /^(?:好的?|ok(?:ay)?|嗯)?[，,\s]*(?:谢谢|多谢|感谢|唔该|thank you|thanks|thx|ty)\s*(?:你|您|晒|哂|so much|a lot|very much)?[!！.。,，~～\s]*(?:(?:that|this|it) (?:helps|helped)|很有帮助|有帮助)?[!！.。~～\s]*$/;

/**
 * The answer's paragraphs: opening, a "facts are fixed" notice when asked to redo, focus, notes,
 * closing. A follow-up that asks about something specific skips the opening it has already had.
 * `limitsSaid`: the answer already opens with what the reading cannot decide (reading-limits.ts), so a
 * follow-up that asks nothing else is not also told what it could ask.
 */
export function paragraphs(e: Explanation, input: string, lang: ReplyLanguage, followUp = false, limitsSaid = false): string[] {
  // Thanks get a word back; the notes that last (a Plan's support notice) stay, as they do in every answer.
  if (followUp && THANKS_ONLY.test(foldedInput(input))) {
    return [say(lang, "不客气。还想了解哪一部分，随时接着问。", "You're welcome. Ask on about any part whenever you like."), ...(e.lastingNotes ?? e.notes ?? []), e.closingShort ?? e.closing];
  }
  const redo = matchesTopic(input, REDO_REQUEST)
    ? [say(
      lang,
      `${e.redo.zh}由确定性的程序计算后已经固定，我只能解释它，不能重新计算或修改。如需另一个结果，请${e.redo.howZh}。`,
      `The ${e.redo.en} was computed by deterministic code and is fixed: I can explain it, but not recompute or change it. For a different one, ${e.redo.howEn}.`,
    )]
    : [];
  const accuracy = e.computedFrom && matchesTopic(input, ACCURACY)
    ? [say(
      lang,
      `${e.computedFrom.zh}至于准不准，没有科学上可以验证的依据：它是传统文化的参照，不是预测，也不替你做决定。`,
      `${e.computedFrom.en} Whether it is accurate has no scientific basis to be checked against: it is a cultural tradition's reference, not a prediction, and it does not decide for you.`,
    )]
    : [];
  const meanings = [...accuracy, ...glossaryAnswers(input, lang, e.ofCast)];
  // A follow-up that points at nothing answerable is told what can be asked, not given the first answer again.
  if (followUp && !e.focused && meanings.length === 0 && redo.length === 0 && e.askable && !matchesTopic(input, ASKS_OVERVIEW)) {
    if (limitsSaid) return [...(e.lastingNotes ?? e.notes ?? []), e.closingShort ?? e.closing];
    const offer = say(lang, `这一问在${e.redo.zh}（${e.askable.name}）里没有对应的内容，上一次的概览就不重复了。可以接着问：${e.askable.zh}。`, `Nothing in the ${e.redo.en} (${e.askable.name}) answers this, so the overview is not repeated. You can ask about ${e.askable.en}.`);
    return [offer, ...(e.lastingNotes ?? e.notes ?? []), e.closingShort ?? e.closing];
  }
  const opening = followUp && (e.focused || meanings.length > 0) ? [] : [e.opening];
  // A term explained, or how the reading was made, is the answer: the default overview would only repeat what was said before.
  const focus = meanings.length > 0 && !e.focused ? [] : e.focus;
  return [...opening, ...redo, ...meanings, ...focus, ...(e.notes ?? []), followUp && e.closingShort ? e.closingShort : e.closing];
}

/** Asking what a term means ("七杀是什么意思", "what does 用神 mean", "explain the world line"). */
const ASKS_MEANING = /什么意思|是什么|啥意思|什么是|指什么|解释|解釋|意思|what (?:does|is|are)|mean|explain|definition/;

/** The glossary entries a question asks the meaning of, in its language; a cast's own terms only of a cast. */
export function glossaryAnswers(input: string, lang: ReplyLanguage, ofCast = false): string[] {
  if (!ASKS_MEANING.test(foldedInput(input))) return [];
  return glossaryTermsNamed(input).filter((g) => ofCast || !g.castOnly).slice(0, 3).map((g) => say(lang, g.zh, g.text));
}

/** The glossary entries a text names, by their term, a Chinese alias or one of their English names, in the glossary's order. */
export function glossaryTermsNamed(input: string): GlossaryEntry[] {
  const folded = foldedInput(input);
  return GLOSSARY.filter((g) => folded.includes(g.term) || (g.aliases ?? []).some((a) => folded.includes(a)) || ENGLISH_NAMES.get(g)!.test(folded));
}

/** Each entry's English names as words, not inside another ("direct wealth" is not in "indirect wealth"); names are plain lowercase words (the glossary test). */
const ENGLISH_NAMES = new Map(GLOSSARY.map((g) => [g, new RegExp(`(?<![a-z])(?:${g.en.join("|")})(?![a-z])`)]));
