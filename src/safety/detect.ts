/**
 * The free-text safety judgement: every rule of the lexicons read against the
 * text's views (views.ts), then, where they find no crisis, the learned
 * screen (learned.ts). Crisis rules name a category and escalate; concern
 * rules (distress without a clear risk signal) add a support line to a normal
 * answer. A miss is worse than a false alarm, so the crisis rules reach wide,
 * and each rule's `unless` and the lexicons' near-miss examples keep idioms,
 * fiction and other people's news out.
 */
import { CRISIS_CATEGORIES, SENSITIVE_TOPICS, type CrisisCategory, type SafetyLevel, type SensitiveTopic } from "./rules.ts";
import { firingRules, prepareRules, scan } from "./rule-table.ts";
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

/**
 * Builds what the first judgement would (rules, cue indexes, the learned model: ~100 ms), so
 * the service can do it right after it starts listening instead of on the first Response.
 */
export function prepareSafety(): void {
  prepareRules();
  committedModel();
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
  for (const rule of firingRules(v)) {
    rules.push(rule.id);
    const { tier, category, topic } = rule;
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
