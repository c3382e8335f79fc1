/**
 * What happens to one turn of a conversation, decided before any model is
 * called (pure). Expected outcomes are values; the route turns them into
 * status codes. Order matters:
 *  1. a blocked Plan is never interpreted (the safety state is not ours to change);
 *  2. crisis language wins over everything else that could still be said,
 *     including a change of matter: the person gets the safety text, not a 409.
 *     A LiuYao cast's own question counts as the person's words on every turn:
 *     the cast is a deterministic fact and is stored as cast, but no reading of
 *     a question in crisis language is given;
 *  3. a LiuYao turn that asks about another matter needs a new cast (一事一占);
 *  4. otherwise the turn is interpreted, at the safety level found (`concern`
 *     adds a support line), with the sensitive topics the reading must not decide.
 */
import { judgeSafety, SENSITIVE_TOPICS, type CrisisCategory, type SafetyLevel, type SensitiveTopic } from "../safety/index.ts";
import { detectMatterChange, type MatterChange } from "../matter/matter.ts";
import { SAFETY_ACTION, type FixedText } from "../healing/index.ts";
import type { Capability } from "../db/types.ts";

export type TurnDecision =
  | { kind: "plan_blocked"; safetyAction: FixedText }
  | { kind: "escalate"; categories: CrisisCategory[] }
  | { kind: "new_subject_required"; change: MatterChange }
  | { kind: "interpret"; level: Exclude<SafetyLevel, "crisis">; topics: SensitiveTopic[] };

/** The few members of a stored Subject the decision reads. */
export interface SubjectGate {
  /** A Plan's status. */
  status?: string;
  /** A blocked Plan's block. */
  block?: { safety_action?: FixedText } | null;
  /** A cast's question. */
  question?: string;
}

/**
 * @example decideTurn("liuyao", { question: "这次面试能通过吗" }, "我的身体有没有什么问题").kind // "new_subject_required"
 */
export function decideTurn(capability: Capability, subject: SubjectGate, input: string): TurnDecision {
  if (capability === "healing" && subject.status === "blocked") {
    return { kind: "plan_blocked", safetyAction: subject.block?.safety_action ?? SAFETY_ACTION };
  }
  const question = capability === "liuyao" && typeof subject.question === "string" ? subject.question : null;
  const said = judgeSafety(input);
  const asked = question === null ? null : judgeSafety(question);
  if (said.level === "crisis" || asked?.level === "crisis") {
    const categories = [...new Set([...said.categories, ...(asked?.categories ?? [])])];
    return { kind: "escalate", categories };
  }
  if (question !== null) {
    const change = detectMatterChange(question, input);
    if (change.changed) return { kind: "new_subject_required", change };
  }
  // A cast's question is the matter every turn answers: its sensitive topics stay with it.
  const topics = SENSITIVE_TOPICS.filter((t) => said.topics.includes(t) || (asked?.topics.includes(t) ?? false));
  return { kind: "interpret", level: said.level === "concern" ? "concern" : "none", topics };
}
