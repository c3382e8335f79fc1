/**
 * What happens to one turn of a conversation, decided before any model is
 * called (pure). Expected outcomes are values; the route turns them into
 * status codes. Order matters:
 *  1. a blocked Plan is never interpreted (the safety state is not ours to change);
 *  2. crisis language wins over everything else that could still be said,
 *     including a change of matter: the person gets the safety text, not a 409;
 *  3. a LiuYao turn that asks about another matter needs a new cast (一事一占).
 */
import { detectCrisis, type CrisisCategory } from "./crisis.ts";
import { detectMatterChange, type MatterChange } from "./matter.ts";
import { SAFETY_ACTION, type FixedText } from "../healing/index.ts";
import type { Capability } from "../db/types.ts";

export type TurnDecision =
  | { kind: "plan_blocked"; safetyAction: FixedText }
  | { kind: "escalate"; categories: CrisisCategory[] }
  | { kind: "new_subject_required"; change: MatterChange }
  | { kind: "interpret" };

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
  const crisis = detectCrisis(input);
  if (crisis.crisis) return { kind: "escalate", categories: crisis.categories };
  if (capability === "liuyao" && typeof subject.question === "string") {
    const change = detectMatterChange(subject.question, input);
    if (change.changed) return { kind: "new_subject_required", change };
  }
  return { kind: "interpret" };
}
