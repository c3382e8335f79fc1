/**
 * The counsel a cast gives: what to do from how the useful god stands — for a lost thing how hard to look,
 * for an illness how to recover, otherwise whether to press on or hold — with a yes-or-no question answered
 * first; and which of several options, which a cast does not pick.
 */
import type { LineFacts, LiuyaoFacts } from "../facts/index.ts";
import type { ReplyLanguage } from "../../text/language.ts";
import { foldedInput, helpFirst, list, matchesTopic, say, SEEK_HELP, WHETHER } from "./text.ts";
import { isStrong, strengthText } from "./liuyao-strength.ts";
import { SEARCHING, searchFirst } from "./liuyao-lost.ts";

type Words = readonly [zh: string, en: string];

/** What a strong and a weak useful god counsel, by the kind of matter. */
const COUNSEL: Readonly<Record<"lost" | "health" | "travel" | "other", readonly [strong: Words, weak: Words]>> = {
  // A lost thing is searched for whatever the cast says: its strength tells how hard, not whether to wait.
  lost: [
    ["用神有力，传统上说容易找回：趁早去找", "the useful god is strong: traditionally it is found without much trouble, so look soon"],
    ["用神无力，传统上说一时难寻：要多找几处、多花些时间，别只等着", "the useful god is weak: traditionally it is hard to find for now, so look in more places and for longer rather than wait"],
  ],
  // An illness is recovered from as the doctors direct: the strength tells how readily, never what to do instead.
  health: [
    ["用神有力，传统上说恢复得顺：照医嘱调养即可", "the useful god is strong: traditionally recovery goes well; follow the doctors' aftercare"],
    ["用神无力，传统上说恢复要慢一些：多休养、别着急，一切照医嘱", "the useful god is weak: traditionally recovery takes longer; rest, be patient, and follow the doctors in everything"],
  ],
  // A journey is made either way: the strength tells how smoothly, and what to allow for.
  travel: [
    ["用神有力，传统上说一路较顺：照常准备、留足时间即可", "the useful god is strong: traditionally the journey goes smoothly; prepare as usual and allow enough time"],
    ["用神无力，传统上说路上多阻滞：多留些时间，证件行李多检查一遍，注意安全", "the useful god is weak: traditionally the way has its hold-ups; allow extra time, check your papers and luggage twice, and travel safely"],
  ],
  other: [
    ["用神有力，传统上是可以积极争取的时候：准备充分、主动推进", "the useful god is strong: traditionally a time to go for it, well prepared"],
    ["用神无力，传统上主张守而待时：先补强自己能掌握的部分，不宜勉强", "the useful god is weak: traditionally a time to hold and wait, strengthening what is in your hands rather than forcing it"],
  ],
};

const COUNSEL_KIND: Readonly<Record<string, keyof typeof COUNSEL>> = { lost_item: "lost", health: "health", travel: "travel" };
const counselKind = (matter: string | null | undefined): keyof typeof COUNSEL => COUNSEL_KIND[matter ?? ""] ?? "other";

/**
 * A choice of care asked in words the safety screen's medical-decision topic may not name ("should we get a
 * second opinion?", "要不要转院"): answered the same way, with no lean.
 */
export const MEDICAL_CHOICE = /换医院|换家医院|换一家医院|转院|换医生|换个医生|第二意见|再看一个医生|换药|停药|放弃治疗|停止治疗|不治了|做不做手术|要不要(?:做)?手术|化疗|放疗|(?<![a-z])(?:second opinion|another doctor|(?:change|switch)(?:ing)? (?:hospitals?|doctors?|treatments?|medications?|meds)|(?:stop(?:ping)?|giv(?:e|ing) up(?: on)?) (?:the )?(?:treatment|medication|meds|chemo)|have the (?:surgery|operation)|chemo(?:therapy)?|radiotherapy)(?![a-z])/;

/** A medical decision asked of a cast: the useful god as it stands, and no counsel; the doctors decide. */
function medicalParagraph(line: LineFacts, strong: boolean | null, lang: ReplyLanguage): string {
  const state = strong === null ? "" : say(lang, strong ? "，用神有力" : "，用神无力", strong ? "; the useful god is strong" : "; the useful god is weak");
  return say(
    lang,
    `本卦用神在第${line.position}爻${line.relative}${line.ganzhi}${strengthText(line, "zh")}${state}。这只是传统的参照，卦象不替你做医疗决定：换不换医院、改不改治疗，请和医生商量，拿不准时可以再听一位医生的意见。`,
    `This cast's useful god is line ${line.position}, ${line.relative} ${line.ganzhi}${strengthText(line, "en")}${state}. This is only the tradition's reference, and a hexagram makes no medical decision: whether to change hospitals or treatment is for you and your doctors, and a second opinion is there when you are unsure.`,
  );
}

/**
 * Giving the matter up ("要不要放弃", "该不该分手", "should I quit?"): the act runs against the matter the
 * useful god stands for, so its strength counsels the other way — strong, hold on; weak, letting go is no
 * failing. Of an illness it is a medical decision, which gets no lean.
 */
export const LETTING_GO = /放弃|放手|分手|离婚|辞职|辞工|离职|裸辞|退出|退学|止损|割肉|死心|不等了|(?<![a-z])(?:give (?:it |him |her |them )?up|giving up|quit(?:ting)?|resign(?:ing)?|break up|walk away|let (?:it|him|her|them) go|move on|cut (?:my |our )?loss(?:es)?|back out|pull out)(?![a-z])/;

/** The answer to a yes-or-no question comes first, then what it rests on. */
function whetherLead(strong: boolean, lang: ReplyLanguage, lettingGo: boolean): string {
  if (lettingGo) {
    return strong
      ? say(lang, "要不要放手？按这一卦，用神有力，传统上偏向先别放手：这件事还有可为。", "Whether to let it go: by this cast the useful god is strong, so tradition leans towards holding on: the matter still has life in it. ")
      : say(lang, "要不要放手？按这一卦，用神无力，传统上不主张勉强：退一步、另作打算也在情理之中。", "Whether to let it go: by this cast the useful god is weak, so tradition does not counsel forcing it: stepping back and making other plans is reasonable. ");
  }
  return strong
    ? say(lang, "要不要这样做？按这一卦，传统上偏向可以去做，但要准备充分。", "Whether to go ahead: by this cast, tradition leans towards yes, well prepared. ")
    : say(lang, "要不要这样做？按这一卦，传统上偏向先等一等，或先迈一小步。", "Whether to go ahead: by this cast, tradition leans towards waiting, or a smaller first step. ");
}

/**
 * Which of several options ("我应该报哪个学校", "which offer should I take?"): not a direction, a month or
 * a line, which have their own answers.
 */
export const WHICH_ONE = /(?:哪个|哪一个|哪家|哪所|哪间|哪科|哪门|哪一科|哪条|选哪)(?!方向|方位|月|天|日|年|时|爻|里|边)|which (?:one|school|university|college|company|job|offer|subject|course|option|programme|program|city|house|flat|apartment)(?![a-z])/;

/** A cast does not choose among options it was not asked about: each is named and asked of in turn, one cast each. */
export function whichOneParagraph(f: LiuyaoFacts, lang: ReplyLanguage): string {
  return say(
    lang,
    `一卦只问一事：卦象不会从几个没说出来的选项里替你挑一个。传统的做法是把选项说出来，一个一个问，比如“报A校能上岸吗”，每个另起一卦；这一卦答的仍是「${f.question}」。`,
    `One cast answers one matter: a hexagram does not pick among options it was not asked about. Tradition names each option and asks of it in turn ("will I get into school A?"), one cast each; this cast still answers "${f.question}".`,
  );
}

/**
 * How the useful god stands and what tradition advises from it. A medical decision (`medical`: changing
 * hospitals or treatment) gets no lean and no counsel: the reading limits have said it is the doctors'.
 */
export function adviceParagraph(f: LiuyaoFacts, lang: ReplyLanguage, input: string, medical: boolean): string {
  const g = f.usefulGod;
  const line = g?.lines[0] ? f.lines[g.lines[0] - 1] : undefined;
  if (!g || !line) {
    return say(lang, "这一卦没有可依的用神爻，传统上就以世爻为主：把能掌握的部分做好，等事情更明朗时再问。", "This cast has no useful-god line to lean on, so tradition looks to the world line: do well what is in your hands, and ask again when the matter is clearer.");
  }
  const strong = isStrong(line);
  const source = g.yuan_shen.lines.length ? say(lang, `原神${g.yuan_shen.relative}在第${g.yuan_shen.lines.join("、")}爻`, `its source ${g.yuan_shen.relative} is on line ${list("en", g.yuan_shen.lines.map(String))}`) : say(lang, `原神${g.yuan_shen.relative}不上卦`, `its source ${g.yuan_shen.relative} is not on the lines`);
  const adversary = g.ji_shen.lines.some((n) => f.lines[n - 1]!.moving) ? say(lang, `忌神${g.ji_shen.relative}发动，需防阻力`, `the adversary ${g.ji_shen.relative} moves: expect resistance`) : "";
  const lettingGo = matchesTopic(input, LETTING_GO);
  if (medical || matchesTopic(input, MEDICAL_CHOICE) || (g.matter === "health" && lettingGo)) return medicalParagraph(line, strong, lang);
  const verdict = strong === null ? say(lang, "用神的旺衰要结合月日来看", "the useful god's strength rests on the month and day") : say(lang, ...COUNSEL[counselKind(g.matter)][strong ? 0 : 1]);
  // Whether to call the police, see a doctor or a lawyer is never left to a hexagram: the help comes first.
  const whether = matchesTopic(input, SEEK_HELP)
    ? say(lang, `${helpFirst(lang, "卦象")}下面只是传统的参照。`, `${helpFirst(lang, "a hexagram")} What follows is only the tradition's reference. `)
    : g.matter === "lost_item" && matchesTopic(input, SEARCHING)
      ? searchFirst(lang)
      : WHETHER.test(foldedInput(input)) && !WHICH_ONE.test(foldedInput(input)) && strong !== null ? whetherLead(strong, lang, lettingGo) : "";
  // Letting go answered, the counsel for pressing on or holding would only say it again the other way round.
  const counsel = whether !== "" && lettingGo ? say(lang, strong ? "用神有力" : "用神无力", strong ? "the useful god is strong" : "the useful god is weak") : verdict;
  return say(
    lang,
    `${whether}本卦用神在第${line.position}爻${line.relative}${line.ganzhi}${strengthText(line, "zh")}。${counsel}；${source}${adversary ? `，${adversary}` : ""}。这是传统的趋避之道，具体怎么做仍由你根据实际情况决定。`,
    `${whether}This cast's useful god is line ${line.position}, ${line.relative} ${line.ganzhi}${strengthText(line, "en")}. So ${counsel}; ${source}${adversary ? `, and ${adversary}` : ""}. This is the tradition's counsel; what to do is still yours to decide from the actual situation.`,
  );
}
