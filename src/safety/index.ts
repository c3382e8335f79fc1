/**
 * Free-text safety: the detector (rules as data, views of the text), the
 * tiers it reports and the fixed texts each crisis category gets.
 */
export { judgeSafety, prepareSafety, type SafetyJudgement } from "./detect.ts";
export { SAFETY_RULES } from "./rule-table.ts";
export { CRISIS_CATEGORIES, SENSITIVE_TOPICS, type CrisisCategory, type SafetyLevel, type SensitiveTopic } from "./rules.ts";
export { SAFETY_ACTIONS, SUPPORT_LINE, safetyActionFor, type SafetyActionText } from "./actions.ts";
