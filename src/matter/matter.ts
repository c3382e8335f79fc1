/**
 * Change-of-matter classifier. A LiuYao cast answers one matter (一事一占), so a
 * follow-up that clearly asks about a different matter must get 409
 * NEW_SUBJECT_REQUIRED instead of an answer read off the wrong cast.
 *
 * The classifier is deliberately one-sided: a false alarm blocks a legitimate
 * follow-up, a miss only stretches a reading. It fires only when the follow-up
 * names a matter with a strong keyword, names none of the cast's matters, and
 * does not link itself to the cast's matter by cause or effect.
 *
 * Conservatism rule: when the cast question names no matter strongly ("帮我算
 * 一卦", "what about my fortune?", or only a person such as 老公), the first
 * follow-up usually *tells* us the matter, so we fire only on an explicit new
 * question ("换个问题…", "another question: …") that names a matter strongly.
 * The same explicit phrase is needed when the follow-up names its matter only
 * weakly (a person or place word).
 */
import { CueIndex } from "../text/cue-index.ts";
import { type FrameReason, frameChange } from "./frame-change.ts";
import { offersAnotherOption } from "./own-act.ts";
import { inMandarin } from "./cantonese.ts";
import { whose } from "./person.ts";
import { foldText } from "../text/language.ts";
import { committedMatterModel, matterFeatures, newMatterProbability, restatesQuestion, type MatterModel } from "./learned.ts";
import {
  LINK_WORDS_EN,
  LINK_WORDS_ZH,
  MATTER_LEXICON,
  SWITCH_PHRASES_EN,
  SWITCH_PHRASES_ZH,
  MATTERS,
  type Matter,
  type TermStrength,
} from "./lexicon.ts";

// The closed set of matters lives with the lexicon that names them.
export { MATTERS, type Matter } from "./lexicon.ts";

/** Why detectMatterChange decided as it did; stable codes for logs and tests. */
export type MatterChangeReason =
  | FrameReason
  | "different_matter"
  | "explicit_new_question"
  | "no_matter_in_follow_up"
  | "same_matter"
  | "linked_to_cast_matter"
  | "cast_matter_unknown"
  | "weak_follow_up_matter"
  | "refers_to_cast_matter"
  /** The learned model (learned.ts) was sure of another matter where the rules saw none. */
  | "learned_new"
  /** A rule saw another matter and the learned model all but ruled it out. */
  | "learned_same"
  /** Asked after a person of the cast's own matter (the rival, the other candidates): never another matter. */
  | "inside_the_matter";

/** Result of comparing a cast question with a follow-up. */
export interface MatterChange {
  changed: boolean;
  /** Matters of the cast question (strong ones, else weak ones). */
  from: Matter[];
  /** Matters of the follow-up (strong ones, else weak ones). */
  to: Matter[];
  reason: MatterChangeReason;
}

interface CompiledTerm {
  re: RegExp;
  /** A Chinese term without regex syntax: looked for with includes(), much cheaper than the regex on every question. */
  literal: string | null;
  /** An English term: skipped at once on text without Latin letters. */
  latin: boolean;
  matters: readonly Matter[];
  strength: TermStrength;
  /** Longer, more specific terms run first and mask what they match. */
  priority: number;
}

/** Masked text uses a control character: not a letter, not a space, so it can neither match nor glue words together. */
const MASK = "\u0000";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whole-word wrapper for English fragments (\b misbehaves next to "-" and "'"). */
const enWord = (source: string) => `(?<![a-z0-9])(?:${source})(?![a-z0-9])`;
/** Rough literal length of a regexp fragment, used only to order terms. */
const literalLength = (source: string) => source.replace(/\(\?[:!<=]+|[()?*+|\\\][]/g, "").length;

const TERMS: readonly CompiledTerm[] = MATTER_LEXICON.flatMap((row) => {
  const make = (source: string, priority: number, literal: string | null = null, latin = false): CompiledTerm => ({
    re: new RegExp(source, "g"),
    literal,
    latin,
    matters: row.matters,
    strength: row.strength,
    priority,
  });
  return [
    ...row.zh.map((t) => make(escapeRe(t), t.length * 3, t)),
    ...row.zhRe.map((t) => make(t, literalLength(t))),
    ...row.en.map((t) => make(enWord(t), literalLength(t), null, true)),
  ];
}).sort((a, b) => b.priority - a.priority);

/** The Chinese literal terms found in one pass: most questions hold a handful of the hundreds. */
const LITERALS = new CueIndex(TERMS.flatMap((t) => (t.literal === null ? [] : [t.literal])));
const LITERAL_ID = new Map(LITERALS.cues.map((c, id) => [c, id]));

const phraseRe = (zh: string, en: readonly string[], extra: string[] = []) =>
  new RegExp([...zh.split(/\s+/).filter(Boolean).map(escapeRe), ...en.map(enWord), ...extra].join("|"));

/** A leading "另外…" / "also, …" opens a new question; mid-sentence it usually means "besides". */
const SWITCH_RE = phraseRe(SWITCH_PHRASES_ZH, SWITCH_PHRASES_EN, ["^另外", "^also(?![a-z])"]);
const LINK_RE = phraseRe(LINK_WORDS_ZH, LINK_WORDS_EN);

interface Scan {
  strong: Set<Matter>;
  weak: Set<Matter>;
}

/** The lexicon's matters in a folded text (foldText). */
function scan(folded: string): Scan {
  let s = folded;
  const result: Scan = { strong: new Set(), weak: new Set() };
  const hasLatin = /[a-z]/.test(s);
  const present = LITERALS.found(s);
  for (const term of TERMS) {
    if (term.latin && !hasLatin) continue;
    if (term.literal !== null) {
      // Found before any masking; still there only if a longer term did not mask it.
      if (!present[LITERAL_ID.get(term.literal)!] || !s.includes(term.literal)) continue;
    } else {
      term.re.lastIndex = 0;
      if (!term.re.test(s)) continue;
    }
    if (term.strength !== "mask") {
      const bucket = term.strength === "strong" ? result.strong : result.weak;
      for (const m of term.matters) bucket.add(m);
    }
    s = s.replace(term.re, (hit) => MASK.repeat(hit.length));
  }
  return result;
}

/** Strong matters when there are any, else the weak ones, in MATTERS order. */
function effective(scanned: Scan): Matter[] {
  const set = scanned.strong.size > 0 ? scanned.strong : scanned.weak;
  return MATTERS.filter((m) => set.has(m));
}

/**
 * The matters a text is about, in MATTERS order. Strong keywords win; person
 * or place words (老公, mom, home) count only when no strong keyword is there.
 * Chinese and English, simplified or traditional, Cantonese matter words (份工, 拍拖) read as their
 * Mandarin ones (cantonese.ts; the change-of-matter judgment below reads the lexicon alone). Empty when
 * nothing matched.
 */
export function classifyMatter(text: string): Matter[] {
  return effective(scan(inMandarin(foldText(text))));
}

/** Bearing a load ("吃得消", "扛得住", "hold up"): of the matter asked about, whatever domain the body or the money is. */
const ENDURES = /吃得消|吃不消|受得了|受不了|扛得住|扛不住|撑得住|撑不住|顶得住|顶不住|(?<![a-z])(?:hold up|cope with (?:it|this|that))(?![a-z])/;

/** A follow-up standing on its own: the asker or someone named, no reference back into the cast's matter. */
const FRESH = /我|今年|明年|(?<![a-z])(?:my|i|me)(?![a-z])/;
const REFERS_BACK =
  /^(?:the|that|those|these|their|his|her|its|our)(?![a-z])|(?<![a-z])(?:that|those|these|their|its|it|they|he|she|him|her)(?![a-z])|(?<![a-z])this (?!year|month|week|summer|winter|spring|fall|autumn|time)|这家|那家|这个|那个|这位|那位|这边|那边|(?<![其吉])他|她|它|该|此|选的|选在/;

/**
 * Whether `followUp` opens another matter than the cast's question: first the frame (frame-change.ts:
 * another person's matter, another target, a decision after the outcome, the matter dropped); then a
 * domain switch (the lexicon's matters, disjoint from the cast's) only when the follow-up stands on
 * its own — measured on an independent labelled set, a bare domain word was as often a person or
 * thing inside the cast's matter ("the CEO was arrested", "这家生殖中心的医生"). Last, the learned
 * model (learned.ts) keeps a rule's "new" only when it agrees a little, and adds one when it is sure.
 * @example detectMatterChange("我明年能升职吗？", "那我老婆明年能升职吗？").reason // "whose"
 */
export function detectMatterChange(castQuestion: string, followUp: string, model: MatterModel = committedMatterModel()): MatterChange {
  const byRules = detectMatterChangeByRules(castQuestion, followUp);
  const p = newMatterProbability(model, matterFeatures(castQuestion, followUp, byRules.from, byRules.to));
  if (byRules.changed) return p >= vetoCut(byRules, model) ? byRules : { ...byRules, changed: false, reason: "learned_same" };
  return mayJudgeNew(byRules, castQuestion, followUp) && p >= model.threshold ? { ...byRules, changed: true, reason: "learned_new" } : byRules;
}

/**
 * Whether the model may call a follow-up new where the rules did not: not when the cast's question
 * named no matter ("帮我算一卦"), since the follow-up then most likely says what the cast was for,
 * and not when the follow-up only restates the question (a first Response that asks it again).
 */
export const mayJudgeNew = (byRules: MatterChange, castQuestion: string, followUp: string) =>
  byRules.reason !== "cast_matter_unknown" && byRules.reason !== "inside_the_matter" && !restatesQuestion(castQuestion, followUp);

/**
 * How sure the learned model must be that a rule's "new" is wrong to overrule it: a frame's at
 * `veto`; a plain switch of domain ("Will I get promoted?" → "Is my marriage going to last?") only
 * below the much lower `switchVeto`, since most such switches are new matters and the independent
 * sets hold few bare ones (their authors wrote the subtle cases); an explicit new question never.
 */
export function vetoCut(change: MatterChange, cuts: Pick<MatterModel, "veto" | "switchVeto">): number {
  if (change.reason === "explicit_new_question") return 0;
  return change.reason === "different_matter" ? cuts.switchVeto : cuts.veto;
}

/** The frames, then the domains (below), without the learned model. */
export function detectMatterChangeByRules(castQuestion: string, followUp: string): MatterChange {
  const frame = frameChange(castQuestion, followUp);
  const byDomain = detectDomainChange(castQuestion, followUp);
  if (frame.changed) return { ...byDomain, changed: true, reason: frame.reason! };
  if (frame.inside) return { ...byDomain, changed: false, reason: "inside_the_matter" };
  if (!byDomain.changed || byDomain.reason === "explicit_new_question") return byDomain;
  const f = foldText(followUp);
  // Another option to the cast's own decision, in another domain's words ("or should we wait until after my promotion").
  if (offersAnotherOption(foldText(castQuestion), f)) return { ...byDomain, changed: false, reason: "inside_the_matter" };
  // Whether the asker can bear the matter's load ("我身体吃得消吗" after a new job): its strain, not their health.
  if (ENDURES.test(f) && whose(followUp).named.length === 0) return { ...byDomain, changed: false, reason: "linked_to_cast_matter" };
  return FRESH.test(f) && !REFERS_BACK.test(f) ? byDomain : { ...byDomain, changed: false, reason: "refers_to_cast_matter" };
}

/**
 * The domain switch by the lexicon alone (the check before frames existed):
 * whether `followUp` names a different matter than the cast question did. Fires (changed: true) only when the follow-up names a matter,
 * shares none with the cast, does not tie
 * itself to the cast by cause or effect, and either the cast's matter is
 * strongly known and the follow-up's is strong too, or the follow-up is an
 * explicit new question ("换个问题", "another question", "what about my …").
 */
function detectDomainChange(castQuestion: string, followUp: string): MatterChange {
  const folded = foldText(followUp);
  const cast = scan(foldText(castQuestion));
  const next = scan(folded);
  const from = effective(cast);
  const to = effective(next);
  const decide = (changed: boolean, reason: MatterChangeReason): MatterChange => ({ changed, from, to, reason });

  if (to.length === 0) return decide(false, "no_matter_in_follow_up");
  if (to.some((m) => from.includes(m))) return decide(false, "same_matter");

  const explicit = SWITCH_RE.test(folded);
  if (!explicit && LINK_RE.test(folded)) return decide(false, "linked_to_cast_matter");
  if (cast.strong.size === 0) {
    return explicit && next.strong.size > 0
      ? decide(true, "explicit_new_question")
      : decide(false, "cast_matter_unknown");
  }
  if (next.strong.size === 0) {
    return explicit ? decide(true, "explicit_new_question") : decide(false, "weak_follow_up_matter");
  }
  return decide(true, explicit ? "explicit_new_question" : "different_matter");
}
