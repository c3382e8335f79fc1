/**
 * Hard filters (design §3), one case per row: starting from a payload no filter touches,
 * each case switches one row on and checks that the filter removed something, that no
 * survivor and never the chosen protocol breaks the row, and that the Plan is not blocked.
 */
import { describe, expect, test } from "bun:test";
import type { Protocol } from "../../../src/healing/catalog/index.ts";
import { CATALOG, getProtocol } from "../../../src/healing/catalog/index.ts";
import { SUPPORT_NOTICE } from "../../../src/healing/constraints.ts";
import { applyHardFilters, firstFailingFilter, spiritualCeiling, type FilterName } from "../../../src/healing/filters.ts";
import { normalizePlanInput } from "../../../src/healing/input.ts";
import { createPlanBody } from "../../../src/healing/recommend.ts";
import { ENVIRONMENTS, PHYSICAL_CONSTRAINTS, SPIRITUAL_LEVELS, type PlanInput } from "../../../src/healing/types.ts";
import { DEPS, input } from "./fixtures.ts";

/** Adult, 20 free minutes, clear space, traditional language allowed: the whole catalog survives. */
function wide(overrides: Parameters<typeof input>[0] = {}): PlanInput {
  const x = input({ ...overrides, check_in: { available_minutes: 20, ...overrides.check_in } });
  return { ...x, preferences: { spiritual_language: "traditional", ...overrides.preferences } };
}

const LEVEL = ["neutral", "cultural", "traditional"];

interface FilterCase {
  name: string;
  filter: FilterName;
  payload: PlanInput;
  allowed: (p: Protocol) => boolean;
}

const CASES: FilterCase[] = [
  ...(["minor", "unknown"] as const).map((age_group) => ({
    name: `age_group ${age_group}: only suitable_for_minors, framing at most cultural`,
    filter: "age_group" as const,
    payload: wide({ safety: { age_group } }),
    allowed: (p: Protocol) => p.suitable_for_minors && LEVEL.indexOf(p.spiritual) <= 1,
  })),
  ...[9, 10].map((intensity) => ({
    name: `intensity ${intensity}: only acute_ok`,
    filter: "acute_intensity" as const,
    payload: wide({ check_in: { intensity, goal: "rest", arousal: "low" } }),
    allowed: (p: Protocol) => p.acute_ok,
  })),
  ...[7, 8].map((intensity) => ({
    name: `intensity ${intensity} with high arousal: only high_activation_ok`,
    filter: "high_activation" as const,
    payload: wide({ check_in: { intensity, arousal: "high", goal: "rest" } }),
    allowed: (p: Protocol) => p.high_activation_ok,
  })),
  ...(["self_blame", "guilt"] as const).map((tag) => ({
    name: `intensity 7 with ${tag}: no self_blame_caution protocol`,
    filter: "self_blame_caution" as const,
    payload: wide({ check_in: { intensity: 7, emotion_tags: [tag, "regret"], goal: "release" } }),
    allowed: (p: Protocol) => !p.self_blame_caution,
  })),
  {
    name: "space not clear: no requires_clear_space protocol",
    filter: "clear_space",
    payload: wide({ safety: { space_clear: false }, check_in: { goal: "release", emotion_tags: ["stuck"] } }),
    allowed: (p) => !p.requires_clear_space,
  },
  ...ENVIRONMENTS.filter((e) => e !== "private_indoor").map((environment) => ({
    name: `environment ${environment}: only protocols listing it`,
    filter: "environment" as const,
    payload: wide({ check_in: { environment } }),
    allowed: (p: Protocol) => p.environments.includes(environment),
  })),
  ...(["seated", "standing"] as const).map((posture_available) => ({
    name: `posture ${posture_available}: ${posture_available} or either`,
    filter: "posture" as const,
    payload: wide({ check_in: { posture_available } }),
    allowed: (p: Protocol) => p.posture === posture_available || p.posture === "either",
  })),
  {
    name: "no audio at hand: no requires_audio protocol",
    filter: "audio",
    payload: wide({ check_in: { audio_available: false } }),
    allowed: (p) => !p.requires_audio,
  },
  {
    name: "voice script_only: no requires_audio protocol",
    filter: "audio",
    payload: wide({ preferences: { voice_preference: "script_only" } }),
    allowed: (p) => !p.requires_audio,
  },
  ...[1, 3, 7].map((available_minutes) => ({
    name: `${available_minutes} available minutes: duration fits`,
    filter: "available_minutes" as const,
    payload: wide({ check_in: { available_minutes } }),
    allowed: (p: Protocol) => p.duration <= available_minutes,
  })),
  ...PHYSICAL_CONSTRAINTS.map((constraint) => ({
    name: `physical constraint ${constraint}: no protocol contraindicating it`,
    filter: "physical_constraints" as const,
    payload: wide({ safety: { physical_constraints: [constraint] } }),
    allowed: (p: Protocol) => !p.contraindications.includes(constraint),
  })),
  {
    name: "excluded ids are removed",
    filter: "excluded_protocol_ids",
    payload: wide({ preferences: { spiritual_language: "traditional", excluded_protocol_ids: ["music_breath_10", "extended_exhale_3"] } }),
    allowed: (p) => p.id !== "music_breath_10" && p.id !== "extended_exhale_3",
  },
  {
    name: "movement avoid: none or minimal only",
    filter: "movement_preference",
    payload: wide({ preferences: { spiritual_language: "traditional", movement_preference: "avoid" } }),
    allowed: (p) => p.movement === "none" || p.movement === "minimal",
  },
  {
    name: "eyes open: no eyes-closed protocol",
    filter: "eyes_closed_preference",
    payload: wide({ check_in: { goal: "rest" }, preferences: { spiritual_language: "traditional", eyes_closed_preference: "open" } }),
    allowed: (p) => p.eyes !== "closed",
  },
  ...(["neutral", "cultural"] as const).map((spiritual_language) => ({
    name: `spiritual_language ${spiritual_language}: ceiling over the protocol's level`,
    filter: "spiritual_language" as const,
    payload: wide({ preferences: { spiritual_language } }),
    allowed: (p: Protocol) => LEVEL.indexOf(p.spiritual) <= LEVEL.indexOf(spiritual_language),
  })),
];

describe("hard filters", () => {
  test("the wide baseline keeps the whole catalog", () => {
    const { survivors, rejected } = applyHardFilters(normalizePlanInput(wide()));
    expect(survivors).toHaveLength(CATALOG.length);
    expect(rejected).toEqual({});
  });

  for (const c of CASES) {
    test(c.name, () => {
      const { survivors, rejected } = applyHardFilters(normalizePlanInput(c.payload));
      expect(Object.values(rejected)).toContain(c.filter);
      for (const [id, filter] of Object.entries(rejected)) {
        expect(filter).toBe(c.filter);
        expect(c.allowed(CATALOG.find((p) => p.id === id)!)).toBe(false);
      }
      for (const p of survivors) expect(c.allowed(p)).toBe(true);
      const plan = createPlanBody(c.payload, DEPS);
      expect(plan.status).toBe("recommended");
      expect(plan.selection!.mode).toBe("scored");
      expect(c.allowed(CATALOG.find((p) => p.id === plan.protocol!.id)!)).toBe(true);
      expect(plan.selection!.rejected).toEqual(rejected);
    });
  }

  test("intensity ≥ 9 carries the soft support notice; 8 does not", () => {
    expect(createPlanBody(wide({ check_in: { intensity: 9 } }), DEPS).support_notice).toEqual(SUPPORT_NOTICE);
    expect(createPlanBody(wide({ check_in: { intensity: 8 } }), DEPS).support_notice).toBeNull();
    expect(SUPPORT_NOTICE.text.en).not.toMatch(/\d/);
  });

  test("just outside each band the rows stay off: intensity 6 keeps high-activation-unsafe protocols, 9 replaces them", () => {
    const at6 = applyHardFilters(normalizePlanInput(wide({ check_in: { intensity: 6, arousal: "high" } })));
    expect(at6.rejected).toEqual({});
    const selfBlameAt6 = applyHardFilters(normalizePlanInput(wide({ check_in: { intensity: 6, emotion_tags: ["self_blame"] } })));
    expect(selfBlameAt6.rejected).toEqual({});
    const at9 = applyHardFilters(normalizePlanInput(wide({ check_in: { intensity: 9, arousal: "high" } })));
    expect(new Set(Object.values(at9.rejected))).toEqual(new Set(["acute_intensity"]));
  });

  test("unknown excluded ids are ignored, not an error", () => {
    const without = createPlanBody(wide(), DEPS);
    const withUnknown = createPlanBody(wide({ preferences: { spiritual_language: "traditional", excluded_protocol_ids: ["no_such_protocol"] } }), DEPS);
    expect(withUnknown.status).toBe("recommended");
    expect(withUnknown.protocol).toEqual(without.protocol);
    expect(withUnknown.selection).toEqual(without.selection);
  });

  test("excluding the winner moves the choice to another protocol", () => {
    const first = createPlanBody(wide(), DEPS).protocol!.id;
    const second = createPlanBody(wide({ preferences: { spiritual_language: "traditional", excluded_protocol_ids: [first] } }), DEPS);
    expect(second.protocol!.id).not.toBe(first);
    expect(second.selection!.rejected[first]).toBe("excluded_protocol_ids");
  });

  test("a protocol failing several rows is reported under the first in table order", () => {
    const { rejected } = applyHardFilters(normalizePlanInput(wide({
      safety: { age_group: "minor", space_clear: false },
      check_in: { environment: "in_transit" },
    })));
    // liuzijue_full_12: unsuitable for minors, needs clear space, not in transit → the age row wins.
    expect(rejected.liuzijue_full_12).toBe("age_group");
    // baduanjin_standing_12 is suitable for minors (cultural) but needs clear space.
    expect(rejected.baduanjin_standing_12).toBe("clear_space");
  });
});

describe("spiritual ceiling", () => {
  const ceiling = (age_group: PlanInput["safety"]["age_group"], spiritual_language: (typeof SPIRITUAL_LEVELS)[number]) =>
    spiritualCeiling(normalizePlanInput(input({ safety: { age_group }, preferences: { spiritual_language } })));

  test("an adult gets exactly the framing asked for", () => {
    for (const level of SPIRITUAL_LEVELS) expect(ceiling("adult", level)).toBe(level);
  });

  test("minors and unknown ages are capped at cultural, and never raised to it", () => {
    for (const age of ["minor", "unknown"] as const) {
      expect(ceiling(age, "traditional")).toBe("cultural");
      expect(ceiling(age, "cultural")).toBe("cultural");
      expect(ceiling(age, "neutral")).toBe("neutral");
    }
  });
});

describe("filter rows outside their bands", () => {
  // No catalog protocol is acute_ok without also being high_activation_ok, so a variant isolates the row.
  const acuteOnly: Protocol = { ...getProtocol("extended_exhale_3")!, acute_ok: true, high_activation_ok: false };
  const firstFailing = (intensity: number) =>
    firstFailingFilter(acuteOnly, normalizePlanInput(wide({ check_in: { intensity, arousal: "high" } })));

  test("the high-activation row covers intensity 7–8 only: at 9–10 an acute-safe protocol stays", () => {
    expect(firstFailing(6)).toBeNull();
    expect(firstFailing(7)).toBe("high_activation");
    expect(firstFailing(8)).toBe("high_activation");
    expect(firstFailing(9)).toBeNull();
    expect(firstFailing(10)).toBeNull();
  });
});

describe("the age row's two conditions", () => {
  // Every catalog protocol suitable for minors is framed at most culturally, so variants isolate each condition.
  const base = getProtocol("extended_exhale_3")!;
  const minor = normalizePlanInput(wide({ safety: { age_group: "minor" } }));

  test("a protocol suitable for minors but framed traditionally is still no minor's", () => {
    expect(firstFailingFilter({ ...base, suitable_for_minors: true, spiritual: "traditional" }, minor)).toBe("age_group");
  });

  test("a protocol framed neutrally but not suitable for minors is no minor's", () => {
    expect(firstFailingFilter({ ...base, suitable_for_minors: false, spiritual: "neutral" }, minor)).toBe("age_group");
  });

  test("suitable for minors and framed at most culturally: the row lets it stay", () => {
    expect(firstFailingFilter({ ...base, suitable_for_minors: true, spiritual: "cultural" }, minor)).toBeNull();
  });
});

describe("filter outcome order", () => {
  const byId = (ids: string[]) => [...ids].sort();
  const arrivals = { design: [...CATALOG], reversed: [...CATALOG].reverse() };

  for (const [name, catalog] of Object.entries(arrivals)) {
    test(`survivors come out in id order from a catalog in ${name} order`, () => {
      const ids = applyHardFilters(normalizePlanInput(wide()), catalog).survivors.map((p): string => p.id);
      expect(ids).toEqual(byId(CATALOG.map((p) => p.id)));
    });

    test(`rejected is keyed in id order from a catalog in ${name} order`, () => {
      // Only one free minute and the one-minute practice excluded: every protocol is rejected.
      const { rejected } = applyHardFilters(normalizePlanInput(wide({
        check_in: { available_minutes: 1 },
        preferences: { spiritual_language: "traditional", excluded_protocol_ids: ["grounding_orient_1"] },
      })), catalog);
      expect(Object.keys(rejected)).toEqual(byId(CATALOG.map((p) => p.id)));
    });
  }
});
