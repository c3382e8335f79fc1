/**
 * Checkout rules (design §6): terminal state only, once, adverse tags iff adverse
 * experience, and when the safety text is shown.
 */
import { describe, expect, test } from "bun:test";
import { submitCheckout } from "../../../src/healing/checkout.ts";
import { SAFETY_ACTION } from "../../../src/healing/safety.ts";
import { SAFETY_ACTIONS } from "../../../src/safety/index.ts";
import type { CheckoutInput, SessionState } from "../../../src/healing/types.ts";

function payload(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    before_intensity: 6, after_intensity: 4, perceived_change: "somewhat_better", body_state: "more_settled",
    would_repeat: true, adverse_experience: false, adverse_tags: [], ...overrides,
  };
}

const done = { state: "completed" as SessionState, checkout_submitted: false };

describe("when a checkout is accepted", () => {
  for (const state of ["ready", "active", "paused"] as const) {
    test(`${state}: SESSION_NOT_FINISHED`, () => {
      expect(submitCheckout({ state, checkout_submitted: false }, payload())).toEqual({ ok: false, code: "SESSION_NOT_FINISHED", state });
    });
  }

  for (const state of ["completed", "stopped", "abandoned"] as const) {
    test(`${state}: accepted once, then CHECKOUT_ALREADY_SUBMITTED`, () => {
      expect(submitCheckout({ state, checkout_submitted: false }, payload()).ok).toBe(true);
      expect(submitCheckout({ state, checkout_submitted: true }, payload())).toEqual({ ok: false, code: "CHECKOUT_ALREADY_SUBMITTED", state });
    });
  }

  test("the record: payload plus intensity_change and no safety text for a calm checkout", () => {
    expect(submitCheckout(done, payload({ comment: "ok" }))).toEqual({
      ok: true,
      checkout: { ...payload(), comment: "ok", intensity_change: -2, show_safety_text: false, safety_reasons: [], safety_action: null },
    });
  });
});

describe("adverse tags", () => {
  test("adverse_experience true with no tags → VALIDATION_ERROR", () => {
    expect(submitCheckout(done, payload({ adverse_experience: true }))).toEqual({
      ok: false, code: "VALIDATION_ERROR",
      details: [{ path: "adverse_tags", message: "must list at least one tag when adverse_experience is true" }],
    });
  });

  test("tags without adverse_experience → VALIDATION_ERROR", () => {
    const r = submitCheckout(done, payload({ adverse_tags: ["dizziness"] }));
    expect(r).toMatchObject({ ok: false, code: "VALIDATION_ERROR", details: [{ path: "adverse_tags" }] });
  });

  test("a repeated tag → VALIDATION_ERROR at its index", () => {
    const r = submitCheckout(done, payload({ adverse_experience: true, adverse_tags: ["pain", "pain"] }));
    expect(r).toMatchObject({ ok: false, code: "VALIDATION_ERROR", details: [{ path: "adverse_tags[1]" }] });
  });

  test("validation comes before the state checks", () => {
    expect(submitCheckout({ state: "active", checkout_submitted: false }, payload({ adverse_experience: true }))).toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

describe("safety text on checkout", () => {
  const shown = (p: CheckoutInput) => {
    const r = submitCheckout(done, p);
    if (!r.ok) throw new Error(r.code);
    expect(r.checkout.safety_action).toEqual(r.checkout.show_safety_text ? SAFETY_ACTION : null);
    return r.checkout.safety_reasons;
  };

  test("after_intensity ≥ 9", () => {
    expect(shown(payload({ before_intensity: 9, after_intensity: 9 }))).toEqual(["AFTER_INTENSITY_HIGH"]);
    expect(shown(payload({ before_intensity: 8, after_intensity: 8 }))).toEqual([]);
  });

  test("a rise of 3 or more (not 2)", () => {
    expect(shown(payload({ before_intensity: 2, after_intensity: 5 }))).toEqual(["INTENSITY_ROSE"]);
    expect(shown(payload({ before_intensity: 2, after_intensity: 4 }))).toEqual([]);
    expect(shown(payload({ before_intensity: 5, after_intensity: 10 }))).toEqual(["AFTER_INTENSITY_HIGH", "INTENSITY_ROSE"]);
  });

  test("panic_increase, dissociation or emotional_overwhelm; other adverse tags alone do not", () => {
    for (const tag of ["panic_increase", "dissociation", "emotional_overwhelm"] as const) {
      expect(shown(payload({ adverse_experience: true, adverse_tags: ["dizziness", tag] }))).toEqual([`ADVERSE_${tag.toUpperCase()}` as never]);
    }
    expect(shown(payload({ adverse_experience: true, adverse_tags: ["dizziness", "pain", "breathing_discomfort", "balance_problem", "other"] }))).toEqual([]);
  });
});

describe("what the checkout record keeps", () => {
  test("the adverse tags as sent", () => {
    const r = submitCheckout(done, payload({ adverse_experience: true, adverse_tags: ["dizziness", "pain"] }));
    if (!r.ok) throw new Error(r.code);
    expect(r.checkout.adverse_tags).toEqual(["dizziness", "pain"]);
  });

  test("no comment member at all when none was sent (absent, not undefined)", () => {
    const r = submitCheckout(done, payload());
    if (!r.ok) throw new Error(r.code);
    expect(Object.keys(r.checkout)).not.toContain("comment");
  });

  test("tags without adverse_experience: the detail says the tags must then be empty", () => {
    const r = submitCheckout(done, payload({ adverse_tags: ["dizziness"] }));
    if (r.ok || r.code !== "VALIDATION_ERROR") throw new Error("not a validation error");
    expect(r.details).toHaveLength(1);
    expect(r.details[0]!.path).toBe("adverse_tags");
    expect(r.details[0]!.message).toContain("empty");
    expect(r.details[0]!.message).toContain("adverse_experience");
  });
});

describe("crisis language in the comment", () => {
  // docs/healing.md: the comment is checked like a Response's input; crisis language adds
  // COMMENT_<CATEGORY> and the safety action is then that category's text.
  const emergency = "during the breathing my chest tightened and now I can't breathe, my lips are turning blue";

  test("adds COMMENT_<CATEGORY> and shows that category's text, not the generic safety action", () => {
    const r = submitCheckout(done, payload({ comment: emergency }));
    if (!r.ok) throw new Error(r.code);
    expect(r.checkout.comment).toBe(emergency);
    expect(r.checkout.show_safety_text).toBe(true);
    expect(r.checkout.safety_reasons).toEqual(["COMMENT_MEDICAL_EMERGENCY"]);
    expect(r.checkout.safety_action).toEqual(SAFETY_ACTIONS.medical_emergency);
    expect(r.checkout.safety_action).not.toEqual(SAFETY_ACTION);
  });

  test("the category's text wins over the generic one when other reasons apply too", () => {
    const r = submitCheckout(done, payload({ before_intensity: 4, after_intensity: 9, comment: emergency }));
    if (!r.ok) throw new Error(r.code);
    expect(r.checkout.safety_reasons).toEqual(["AFTER_INTENSITY_HIGH", "INTENSITY_ROSE", "COMMENT_MEDICAL_EMERGENCY"]);
    expect(r.checkout.safety_action).toEqual(SAFETY_ACTIONS.medical_emergency);
  });
});
