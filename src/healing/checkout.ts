/**
 * Checkout rules (design §6): only after the Session has finished, exactly once, adverse
 * tags present exactly when an adverse experience is reported, and the safety text when
 * the answers suggest the person is worse off or the comment is in crisis language.
 */
import { duplicateItemDetails } from "./input.ts";
import { SAFETY_ACTION, type FixedText } from "./safety.ts";
import { isTerminal } from "./sessions.ts";
import { judgeSafety, safetyActionFor, type CrisisCategory } from "../safety/index.ts";
import type { AdverseTag, CheckoutInput, SessionState, ValidationDetail } from "./types.ts";

/** Adverse experiences that always call for the safety text. */
export const ALARMING_ADVERSE_TAGS: readonly AdverseTag[] = ["panic_increase", "dissociation", "emotional_overwhelm"];

/** Why a checkout shows the safety text; the record keeps them for audit. */
export type CheckoutSafetyReason = "AFTER_INTENSITY_HIGH" | "INTENSITY_ROSE" | `ADVERSE_${Uppercase<AdverseTag>}` | `COMMENT_${Uppercase<CrisisCategory>}`;

/** The stored checkout: the payload plus what the service derived from it. */
export interface CheckoutRecord extends CheckoutInput {
  intensity_change: number;
  show_safety_text: boolean;
  safety_reasons: CheckoutSafetyReason[];
  safety_action: FixedText | null;
}

export type CheckoutResult =
  | { ok: true; checkout: CheckoutRecord }
  | { ok: false; code: "VALIDATION_ERROR"; details: ValidationDetail[] }
  | { ok: false; code: "SESSION_NOT_FINISHED"; state: SessionState }
  | { ok: false; code: "CHECKOUT_ALREADY_SUBMITTED"; state: SessionState };

/**
 * The payload rules the schema cannot express: adverse_tags non-empty exactly when
 * adverse_experience is true, and no repeated tag.
 */
export function checkoutValidationDetails(payload: CheckoutInput): ValidationDetail[] {
  const details = duplicateItemDetails("adverse_tags", payload.adverse_tags);
  if (payload.adverse_experience && payload.adverse_tags.length === 0) {
    details.unshift({ path: "adverse_tags", message: "must list at least one tag when adverse_experience is true" });
  }
  if (!payload.adverse_experience && payload.adverse_tags.length > 0) {
    details.unshift({ path: "adverse_tags", message: "must be empty when adverse_experience is false" });
  }
  return details;
}

/**
 * The reasons to show the safety text: after_intensity ≥ 9, a rise of 3 or more, or an
 * alarming adverse tag; empty when none applies.
 */
export function checkoutSafetyReasons(payload: CheckoutInput): CheckoutSafetyReason[] {
  const reasons: CheckoutSafetyReason[] = [];
  if (payload.after_intensity >= 9) reasons.push("AFTER_INTENSITY_HIGH");
  if (payload.after_intensity - payload.before_intensity >= 3) reasons.push("INTENSITY_ROSE");
  for (const tag of ALARMING_ADVERSE_TAGS) {
    if (payload.adverse_tags.includes(tag)) reasons.push(`ADVERSE_${tag.toUpperCase() as Uppercase<AdverseTag>}`);
  }
  return reasons;
}

/**
 * Evaluates a checkout for a Session. Validation first (as the schema would), then the
 * Session must be terminal, then no checkout may exist yet.
 * @example submitCheckout({ state: "completed", checkout_submitted: false }, payload)
 *   // { ok: true, checkout: { …payload, intensity_change: -3, show_safety_text: false, … } }
 */
export function submitCheckout(
  session: { state: SessionState; checkout_submitted: boolean },
  payload: CheckoutInput,
): CheckoutResult {
  const details = checkoutValidationDetails(payload);
  if (details.length > 0) return { ok: false, code: "VALIDATION_ERROR", details };
  if (!isTerminal(session.state)) return { ok: false, code: "SESSION_NOT_FINISHED", state: session.state };
  if (session.checkout_submitted) return { ok: false, code: "CHECKOUT_ALREADY_SUBMITTED", state: session.state };
  // The comment is the person's own words after a practice: crisis language in it calls for its category's text.
  const commentCrisis = payload.comment === undefined ? [] : judgeSafety(payload.comment).categories;
  const safety_reasons = [...checkoutSafetyReasons(payload), ...commentCrisis.map((c) => `COMMENT_${c.toUpperCase() as Uppercase<CrisisCategory>}` as const)];
  const checkout: CheckoutRecord = {
    before_intensity: payload.before_intensity,
    after_intensity: payload.after_intensity,
    perceived_change: payload.perceived_change,
    body_state: payload.body_state,
    would_repeat: payload.would_repeat,
    adverse_experience: payload.adverse_experience,
    adverse_tags: [...payload.adverse_tags],
    ...(payload.comment === undefined ? {} : { comment: payload.comment }),
    intensity_change: payload.after_intensity - payload.before_intensity,
    show_safety_text: safety_reasons.length > 0,
    safety_reasons,
    safety_action: commentCrisis.length > 0 ? safetyActionFor(commentCrisis) : safety_reasons.length > 0 ? SAFETY_ACTION : null,
  };
  return { ok: true, checkout };
}
