/**
 * Red lines (design §2): each one alone blocks, combinations keep the priority order, and
 * the blocked Plan carries the fixed safety text and nothing to practise.
 */
import { describe, expect, test } from "bun:test";
import { createPlanBody } from "../../../src/healing/recommend.ts";
import { RED_LINE_CODES, SAFETY_ACTION, evaluateRedLines } from "../../../src/healing/safety.ts";
import { CRISIS_FLAGS, type CrisisFlag, type PlanInput } from "../../../src/healing/types.ts";
import { DEPS, input } from "./fixtures.ts";

const ALL_FLAGS_BY_PRIORITY: CrisisFlag[] = [
  "self_harm", "harm_others", "chest_pain", "severe_breathing_difficulty", "fainting",
  "psychotic_experience", "severe_dissociation", "acute_intoxication", "unsafe_environment",
];

/** One payload per red line, alone, with the code the design gives it. */
const SINGLE_HITS: [string, PlanInput][] = [
  ["IMMEDIATE_DANGER", input({ safety: { immediate_danger: true } })],
  ["CRISIS_SELF_HARM", input({ safety: { crisis_flags: ["self_harm"] } })],
  ["CRISIS_HARM_OTHERS", input({ safety: { crisis_flags: ["harm_others"] } })],
  ["MEDICAL_CHEST_PAIN", input({ safety: { crisis_flags: ["chest_pain"] } })],
  ["MEDICAL_SEVERE_BREATHING_DIFFICULTY", input({ safety: { crisis_flags: ["severe_breathing_difficulty"] } })],
  ["MEDICAL_FAINTING", input({ safety: { crisis_flags: ["fainting"] } })],
  ["ACUTE_PSYCHOTIC_EXPERIENCE", input({ safety: { crisis_flags: ["psychotic_experience"] } })],
  ["ACUTE_SEVERE_DISSOCIATION", input({ safety: { crisis_flags: ["severe_dissociation"] } })],
  ["ACUTE_INTOXICATION", input({ safety: { crisis_flags: ["acute_intoxication"] } })],
  ["UNSAFE_ENVIRONMENT", input({ safety: { crisis_flags: ["unsafe_environment"] } })],
  ["DRIVING_OR_OPERATING", input({ safety: { driving_or_operating: true } })],
];

describe("each red line alone", () => {
  test("the table covers every code and every crisis flag", () => {
    expect(SINGLE_HITS.map(([code]) => code)).toEqual([...RED_LINE_CODES]);
    expect([...ALL_FLAGS_BY_PRIORITY].sort()).toEqual([...CRISIS_FLAGS].sort());
  });

  for (const [code, payload] of SINGLE_HITS) {
    test(`${code} blocks the Plan`, () => {
      const plan = createPlanBody(payload, DEPS);
      expect(plan.status).toBe("blocked");
      expect(plan.block).toEqual({ blocked: true, primary_reason: code as never, reason_codes: [code as never], safety_action: SAFETY_ACTION });
      expect(plan.protocol).toBeNull();
      expect(plan.selection).toBeNull();
      expect(plan.applied_constraints).toEqual([]);
      expect(plan.support_notice).toBeNull();
      expect(plan.policy_version).toBe("1.0.0");
      expect(plan.catalog_version).toBe("1.0.0");
      expect(plan.input_sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  }
});

describe("combined red lines", () => {
  test("everything at once: primary is IMMEDIATE_DANGER and all codes follow in priority order", () => {
    const block = evaluateRedLines(input({
      safety: { immediate_danger: true, driving_or_operating: true, crisis_flags: [...CRISIS_FLAGS].reverse() },
    }).safety)!;
    expect(block.primary_reason).toBe("IMMEDIATE_DANGER");
    expect(block.reason_codes).toEqual([...RED_LINE_CODES]);
  });

  test("priority follows the design, not the order flags are sent in", () => {
    const block = evaluateRedLines(input({
      safety: { driving_or_operating: true, crisis_flags: ["unsafe_environment", "severe_dissociation", "psychotic_experience", "chest_pain"] },
    }).safety)!;
    expect(block.primary_reason).toBe("MEDICAL_CHEST_PAIN");
    expect(block.reason_codes).toEqual([
      "MEDICAL_CHEST_PAIN", "ACUTE_PSYCHOTIC_EXPERIENCE", "ACUTE_SEVERE_DISSOCIATION", "UNSAFE_ENVIRONMENT", "DRIVING_OR_OPERATING",
    ]);
  });

  test("every pair of flags gives the higher-priority one as primary", () => {
    for (const [i, a] of ALL_FLAGS_BY_PRIORITY.entries()) {
      for (const b of ALL_FLAGS_BY_PRIORITY.slice(i + 1)) {
        const block = evaluateRedLines(input({ safety: { crisis_flags: [b, a] } }).safety)!;
        expect(block.reason_codes).toHaveLength(2);
        expect(block.reason_codes[0]).toBe(block.primary_reason);
        expect(RED_LINE_CODES.indexOf(block.reason_codes[0]!)).toBeLessThan(RED_LINE_CODES.indexOf(block.reason_codes[1]!));
      }
    }
  });

  test("no preference or check-in can unblock: exclusions, bazi, calm answers change nothing", () => {
    const plan = createPlanBody(input({
      safety: { crisis_flags: ["self_harm"] },
      check_in: { intensity: 0, arousal: "low" },
      preferences: { excluded_protocol_ids: [], spiritual_language: "traditional" },
    }), { ...DEPS, bazi: { favorable_elements: ["earth"], unfavorable_elements: [] } });
    expect(plan.status).toBe("blocked");
    expect(plan.protocol).toBeNull();
  });

  test("no red line: no block", () => {
    expect(evaluateRedLines(input().safety)).toBeNull();
  });
});

describe("the fixed safety text", () => {
  const { en, "zh-Hans": zh } = SAFETY_ACTION.text;

  test("has a stable id and no phone numbers (no digits at all)", () => {
    expect(SAFETY_ACTION.text_id).toBe("healing.safety_action.v1");
    expect(en).not.toMatch(/\d/);
    expect(zh).not.toMatch(/\d/);
  });

  test("safe place first, emergency services or a crisis line, not alone, not an emergency service", () => {
    for (const phrase of ["safe place", "emergency services", "crisis line", "do not stay alone", "not an emergency service"]) {
      expect(en.toLowerCase()).toContain(phrase);
    }
    expect(en.indexOf("safe place")).toBeLessThan(en.indexOf("emergency services"));
    for (const phrase of ["安全的地方", "紧急服务", "危机热线", "不要独自", "不是紧急服务"]) expect(zh).toContain(phrase);
  });

  test("is frozen so no caller can alter it", () => {
    expect(Object.isFrozen(SAFETY_ACTION)).toBe(true);
    expect(Object.isFrozen(SAFETY_ACTION.text)).toBe(true);
  });
});
