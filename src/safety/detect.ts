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
import { committedModel, learnedCrisis } from "./learned.ts";

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

/** A text read for matching: its views, and the cues found in each. */
export interface Scan {
  views: Record<View, string>;
  cues: Record<View, ReadonlySet<string>>;
}

const VIEWS: readonly View[] = ["zh", "en", "squashed"];

/** The compiled rules and their indexes, built on first use (see prepareSafety). */
interface Compiled {
  rules: CompiledRule[];
  cueIndexes: Record<View, CueIndex>;
  /** Rules whose first pattern has no cue: always candidates. */
  alwaysTried: CompiledRule[];
  /** Each cue lists the rules whose first pattern it gates, keyed `${view}:${cue}`. */
  rulesByCue: Map<string, CompiledRule[]>;
}

let built: Compiled | null = null;
function compiled(): Compiled {
  if (built) return built;
  const rules = SAFETY_RULES.map((rule) => compileRule(rule));
  const cueIndexes = Object.fromEntries(
    VIEWS.map((view) => [view, new CueIndex(rules.filter((c) => c.rule.view === view).flatMap((c) => c.cues.flatMap((cues) => cues ?? [])))]),
  ) as Record<View, CueIndex>;
  const rulesByCue = new Map<string, CompiledRule[]>();
  for (const rule of rules) {
    for (const cue of rule.cues[0] ?? []) {
      const key = `${rule.rule.view}:${cue}`;
      const list = rulesByCue.get(key);
      if (list) list.push(rule);
      else rulesByCue.set(key, [rule]);
    }
  }
  return (built = { rules, cueIndexes, alwaysTried: rules.filter((c) => c.cues[0] === null), rulesByCue });
}

/**
 * Builds what the first judgement would (rules, cue indexes, the learned model: ~100 ms), so
 * the service can do it right after it starts listening instead of on the first Response.
 */
export function prepareSafety(): void {
  compiled();
  committedModel();
}

/** Reads `text` once for every rule. */
export function scan(text: string): Scan {
  const v = views(text);
  const { cueIndexes } = compiled();
  return { views: v, cues: { zh: cueIndexes.zh.found(v.zh), en: cueIndexes.en.found(v.en), squashed: cueIndexes.squashed.found(v.squashed) } };
}

/** Whether one compiled rule fires on a scanned text. */
export function fires(rule: CompiledRule, text: Scan): boolean {
  const { view: name } = rule.rule;
  const view = text.views[name];
  if (view.length === 0) return false;
  for (let i = 0; i < rule.all.length; i++) {
    const cues = rule.cues[i];
    if (cues && !cues.some((cue) => text.cues[name].has(cue))) return false;
    if (!rule.all[i]!.test(view)) return false;
  }
  return !(rule.unless?.test(view) ?? false);
}

/** Which rules can fire, from the cues found: work for the cues a text contains, not for every rule. */
function candidates(text: Scan): Set<CompiledRule> {
  const { alwaysTried, rulesByCue } = compiled();
  const found = new Set<CompiledRule>(alwaysTried);
  for (const view of VIEWS) for (const cue of text.cues[view]) for (const rule of rulesByCue.get(`${view}:${cue}`) ?? []) found.add(rule);
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
  for (const rule of compiled().rules) {
    if (!tried.has(rule) || !fires(rule, v)) continue;
    rules.push(rule.rule.id);
    const { tier, category, topic } = rule.rule;
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
