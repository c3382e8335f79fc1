/**
 * Scoring details (design §4, and the sub-scores fixed in src/healing/DECISIONS.md): the
 * intensity and movement preference sub-scores on each side of their conditions, the
 * spiritual ceiling seen by the preference component, and the last tie-break (id ↑).
 */
import { describe, expect, test } from "bun:test";
import { getProtocol, type Protocol } from "../../../src/healing/catalog/index.ts";
import { normalizePlanInput } from "../../../src/healing/input.ts";
import { rankProtocols, scoreProtocol } from "../../../src/healing/scoring.ts";
import type { PlanInput, Preferences } from "../../../src/healing/types.ts";
import { input } from "./fixtures.ts";

/**
 * The preference component of a protocol. `script_only` voice adds no sub-score, so with it
 * only the sub-scores under test (and the always-applying intensity one) make up the mean.
 */
const preference = (id: string, prefs: Partial<Preferences>, safety: Partial<PlanInput["safety"]> = {}) =>
  scoreProtocol(getProtocol(id)!, normalizePlanInput(input({ safety, preferences: { voice_preference: "script_only", ...prefs } })), null)
    .components.preference;

describe("preference: intensity sub-score (always applies)", () => {
  test("gentle wanted: a gentle protocol 100, a moderate one 0", () => {
    expect(preference("music_breath_10", { preferred_intensity: "gentle" })).toBe(100);
    expect(preference("baduanjin_standing_12", { preferred_intensity: "gentle" })).toBe(0);
    expect(preference("liuzijue_full_12", {})).toBe(0); // gentle is the default
  });

  test("moderate wanted: a moderate protocol 100, a gentle one still 50", () => {
    expect(preference("baduanjin_standing_12", { preferred_intensity: "moderate" })).toBe(100);
    expect(preference("liuzijue_full_12", { preferred_intensity: "moderate" })).toBe(100);
    expect(preference("music_breath_10", { preferred_intensity: "moderate" })).toBe(50);
  });

  test("with the guided default voice alongside, a moderate protocol wanted gentle averages 0 and 100", () => {
    // baduanjin_standing_12 has guided density: voice 100, intensity 0 → ⌊100/2⌋.
    expect(scoreProtocol(getProtocol("baduanjin_standing_12")!, normalizePlanInput(input()), null).components.preference).toBe(50);
  });
});

describe("preference: movement sub-score", () => {
  test("avoid: no movement 100, minimal movement 50", () => {
    // music_breath_10 and butterfly_hug_3 are both gentle, so intensity adds 100 to each mean.
    expect(preference("music_breath_10", { movement_preference: "avoid" })).toBe(100);
    expect(preference("butterfly_hug_3", { movement_preference: "avoid" })).toBe(75);
  });

  test("avoid ranks the still practice above the minimal one that otherwise scores the same", () => {
    expect(preference("butterfly_hug_3", {})).toBe(100);
    expect(preference("butterfly_hug_3", { movement_preference: "avoid" }))
      .toBeLessThan(preference("music_breath_10", { movement_preference: "avoid" }));
  });

  test("okay adds no movement sub-score", () => {
    expect(preference("butterfly_hug_3", { movement_preference: "okay" })).toBe(100);
    expect(preference("music_breath_10", { movement_preference: "okay" })).toBe(100);
  });

  test("prefer: moderate movement 100 as gentle movement is", () => {
    // baduanjin_standing_12 moves moderately and is a moderate practice: intensity 100, movement 100.
    expect(preference("baduanjin_standing_12", { movement_preference: "prefer", preferred_intensity: "moderate" })).toBe(100);
    // walking_mindful_10 moves gently and is gentle: intensity 100, movement 100.
    expect(preference("walking_mindful_10", { movement_preference: "prefer" })).toBe(100);
    // music_breath_10 does not move: movement 0.
    expect(preference("music_breath_10", { movement_preference: "prefer" })).toBe(50);
  });
});

describe("preference: spiritual sub-score follows the applied ceiling", () => {
  test("an adult asking for traditional framing is best served by a traditional protocol", () => {
    // Adults are not capped: traditional protocol at the ceiling 100, a cultural one 50 (intensity 100 each).
    expect(preference("jingzuo_traditional_20", { spiritual_language: "traditional" })).toBe(100);
    expect(preference("jingzuo_10", { spiritual_language: "traditional" })).toBe(75);
  });

  test("a minor asking for neutral framing gets no spiritual sub-score", () => {
    // Neutral is below the minors' cap, so the ceiling stays neutral and adds nothing.
    expect(preference("music_breath_10", { spiritual_language: "neutral" }, { age_group: "minor" })).toBe(100);
    expect(preference("jingzuo_10", { spiritual_language: "neutral" }, { age_group: "unknown" })).toBe(100);
  });
});

describe("tie-break by id", () => {
  /** Protocols identical but for their id, so every earlier tie-break is equal. */
  const twin = (id: string): Protocol => ({ ...getProtocol("extended_exhale_3")!, id: id as never });
  const orders = (ids: string[]): string[][] =>
    ids.length <= 1 ? [ids] : ids.flatMap<string[]>((id, i) => orders([...ids.slice(0, i), ...ids.slice(i + 1)]).map((rest) => [id, ...rest]));

  test("equal candidates come out in id order whatever order they arrive in", () => {
    const x = normalizePlanInput(input());
    for (const arrival of orders(["a_twin", "b_twin", "c_twin"])) {
      const ranked = rankProtocols(arrival.map(twin), x, null);
      expect(new Set(ranked.map((r) => r.scored.total)).size).toBe(1);
      expect(ranked.map((r): string => r.protocol.id)).toEqual(["a_twin", "b_twin", "c_twin"]);
    }
  });
});
