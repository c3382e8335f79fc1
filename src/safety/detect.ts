/**
 * The free-text safety judgement: every rule of the lexicons read against the
 * text's views (views.ts), then, where they find no crisis, the learned
 * screen (learned.ts). Crisis rules name a category and escalate; concern
 * rules (distress without a clear risk signal) add a support line to a normal
 * answer. A miss is worse than a false alarm, so the crisis rules reach wide,
 * and each rule's `unless` and the lexicons' near-miss examples keep idioms,
 * fiction and other people's news out.
 */
import { EN_RULES } from "./lexicon-en.ts";
import { EN_SITUATION_RULES } from "./lexicon-en-situations.ts";
import { ZH_RULES } from "./lexicon-zh.ts";
import { ZH_SITUATION_RULES } from "./lexicon-zh-situations.ts";
import { TOPIC_RULES } from "./topics.ts";
import { CRISIS_CATEGORIES, SENSITIVE_TOPICS, type CrisisCategory, type SafetyLevel, type SafetyRule, type SensitiveTopic, type View } from "./rules.ts";
import { views } from "./views.ts";
import { CueIndex, cuesOf } from "./cues.ts";
import { learnedCrisis } from "./learned.ts";

export interface SafetyJudgement {
  level: SafetyLevel;
  /** Crisis categories found, in CRISIS_CATEGORIES order; empty below the crisis level. */
  categories: CrisisCategory[];
  /** Sensitive questions found (any level), in SENSITIVE_TOPICS order. */
  topics: SensitiveTopic[];
  /** The ids of the rules that fired (for audit and tuning). */
  rules: string[];
}

export const SAFETY_RULES: readonly SafetyRule[] = [...EN_RULES, ...EN_SITUATION_RULES, ...ZH_RULES, ...ZH_SITUATION_RULES, ...TOPIC_RULES];

interface CompiledRule {
  rule: SafetyRule;
  all: RegExp[];
  /** Per pattern: literals one of which any match contains (cues.ts); null: always tried. */
  cues: (string[] | null)[];
  unless: RegExp | null;
}

/** English sources match whole words only. */
const wrap = (view: View, source: string) => (view === "en" ? `(?<![a-z0-9])(?:${source})(?![a-z0-9])` : source);

export function compileRule(rule: SafetyRule, useCues = true): CompiledRule {
  return {
    rule,
    all: rule.all.map((source) => new RegExp(wrap(rule.view, source))),
    cues: rule.all.map((source) => (useCues ? cuesOf(source) : null)),
    unless: rule.unless ? new RegExp(rule.unless) : null,
  };
}

const COMPILED = SAFETY_RULES.map((rule) => compileRule(rule));

/** A text read for matching: its views, and the cues found in each. */
export interface Scan {
  views: Record<View, string>;
  cues: Record<View, ReadonlySet<string>>;
}

const VIEWS: readonly View[] = ["zh", "en", "squashed"];
const CUE_INDEXES = Object.fromEntries(
  VIEWS.map((view) => [view, new CueIndex(COMPILED.filter((c) => c.rule.view === view).flatMap((c) => c.cues.flatMap((cues) => cues ?? [])))]),
) as Record<View, CueIndex>;

/** Reads `text` once for every rule. */
export function scan(text: string): Scan {
  const v = views(text);
  return { views: v, cues: { zh: CUE_INDEXES.zh.found(v.zh), en: CUE_INDEXES.en.found(v.en), squashed: CUE_INDEXES.squashed.found(v.squashed) } };
}

/** Whether one compiled rule fires on a scanned text. */
export function fires(compiled: CompiledRule, text: Scan): boolean {
  const { view: name } = compiled.rule;
  const view = text.views[name];
  if (view.length === 0) return false;
  for (let i = 0; i < compiled.all.length; i++) {
    const cues = compiled.cues[i];
    if (cues && !cues.some((cue) => text.cues[name].has(cue))) return false;
    if (!compiled.all[i]!.test(view)) return false;
  }
  return !(compiled.unless?.test(view) ?? false);
}

/**
 * Which rules can fire, from the cues found: each cue lists the rules whose first pattern it
 * gates, so a text costs work for the cues it contains, not for every rule (rules whose first
 * pattern has no cue are always candidates).
 */
const ALWAYS_TRIED = COMPILED.filter((c) => c.cues[0] === null);
const RULES_BY_CUE = new Map<string, CompiledRule[]>();
for (const compiled of COMPILED) {
  for (const cue of compiled.cues[0] ?? []) {
    const key = `${compiled.rule.view}:${cue}`;
    const list = RULES_BY_CUE.get(key);
    if (list) list.push(compiled);
    else RULES_BY_CUE.set(key, [compiled]);
  }
}

function candidates(text: Scan): Set<CompiledRule> {
  const found = new Set<CompiledRule>(ALWAYS_TRIED);
  for (const view of VIEWS) for (const cue of text.cues[view]) for (const compiled of RULES_BY_CUE.get(`${view}:${cue}`) ?? []) found.add(compiled);
  return found;
}

/**
 * @example judgeSafety("I just want to go to sleep and never wake up").level // "crisis"
 * @example judgeSafety("累死了，明天还要上班").level // "none"
 */
export function judgeSafety(text: string): SafetyJudgement {
  const v = scan(text);
  const found = new Set<CrisisCategory>();
  const topics = new Set<SensitiveTopic>();
  const rules: string[] = [];
  let concern = false;
  const tried = candidates(v);
  // In table order, so `rules` lists them as the table does.
  for (const compiled of COMPILED) {
    if (!tried.has(compiled) || !fires(compiled, v)) continue;
    rules.push(compiled.rule.id);
    const { tier, category, topic } = compiled.rule;
    if (category) found.add(category);
    else if (topic) topics.add(topic);
    else if (tier === "concern") concern = true;
  }
  // The rules found no crisis: the learned screen, trained on other authors' messages, is asked too.
  if (found.size === 0) {
    const learned = learnedCrisis(v.views);
    if (learned.length > 0) rules.push("learned");
    for (const category of learned) found.add(category);
  }
  const categories = CRISIS_CATEGORIES.filter((c) => found.has(c));
  return {
    level: categories.length > 0 ? "crisis" : concern ? "concern" : "none",
    categories,
    topics: SENSITIVE_TOPICS.filter((t) => topics.has(t)),
    rules,
  };
}
