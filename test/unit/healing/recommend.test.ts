/**
 * Plan creation: scoring arithmetic and tie-breaks (design §4), the fallback, the BaZi
 * component's bounded effect, the protocol snapshot, applied constraints, duplicate-item
 * validation and byte-identical output.
 */
import { describe, expect, test } from "bun:test";
import { canonicalJson, sha256Hex } from "../../../src/healing/canonical.ts";
import { CATALOG, getProtocol, type Protocol } from "../../../src/healing/catalog/index.ts";
import { findDuplicateItems, inputSha256, normalizePlanInput } from "../../../src/healing/input.ts";
import { FALLBACK_REASON, createPlanBody } from "../../../src/healing/recommend.ts";
import { rankProtocols, scoreProtocol } from "../../../src/healing/scoring.ts";
import { DEPS, input } from "./fixtures.ts";

const score = (id: string, x = input(), bazi = null as Parameters<typeof scoreProtocol>[2]) =>
  scoreProtocol(getProtocol(id)!, normalizePlanInput(x), bazi);

describe("scoring", () => {
  test("hand-computed totals for the calm baseline", () => {
    // goal 100, emotion 100, arousal 100, time ⌊100·10/15⌋ = 66, preference 100, bazi 50.
    expect(score("music_breath_10")).toEqual({
      protocol_id: "music_breath_10", total: 9240,
      components: { goal: 100, emotion: 100, arousal: 100, time: 66, preference: 100, bazi: 50 },
    });
    // goal 100, emotion 100, arousal 90, time 20, preference 100, bazi 50.
    expect(score("extended_exhale_3").total).toBe(3500 + 2000 + 1350 + 300 + 1000 + 250);
    expect(createPlanBody(input(), DEPS).protocol!.id).toBe("music_breath_10");
  });

  test("emotion: floor of the mean over the tags, other = 50", () => {
    expect(score("music_breath_10", input({ check_in: { emotion_tags: ["anxiety", "other"] } })).components.emotion).toBe(75);
    expect(score("music_breath_10", input({ check_in: { emotion_tags: ["anxiety", "confusion", "self_blame"] } })).components.emotion).toBe(66);
  });

  test("time: t = min(available, 15), floor(100·min(duration, t)/t)", () => {
    expect(score("grounding_54321_5", input({ check_in: { available_minutes: 7 } })).components.time).toBe(71);
    expect(score("jingzuo_traditional_20", input({ check_in: { available_minutes: 100 } })).components.time).toBe(100);
    expect(score("grounding_orient_1", input({ check_in: { available_minutes: 120 } })).components.time).toBe(6);
  });

  test("preference: mean of the sub-scores that apply; an omitted preference equals its default", () => {
    const explicit = input({ preferences: { preferred_intensity: "gentle", eyes_closed_preference: "no_preference", voice_preference: "guided", movement_preference: "okay", spiritual_language: "neutral" } });
    for (const p of CATALOG) expect(score(p.id, explicit)).toEqual(score(p.id));
    // moderate wanted: intensity 50 for a gentle protocol, density minimal vs guided voice 50.
    expect(score("jingzuo_traditional_20", input({ preferences: { preferred_intensity: "moderate" } })).components.preference).toBe(50);
    // eyes closed wanted: closed 100, optional 50, open 0 (with intensity 100 and voice 100 alongside).
    const eyesClosed = input({ preferences: { eyes_closed_preference: "closed", voice_preference: "script_only" } });
    expect(score("jingzuo_traditional_20", eyesClosed).components.preference).toBe(100);
    expect(score("jingzuo_10", eyesClosed).components.preference).toBe(75);
    expect(score("zhanzhuang_5", eyesClosed).components.preference).toBe(50);
    // movement prefer: gentle 100, minimal 50, none 0 (intensity gentle 100, voice script_only adds none).
    const moving = input({ preferences: { movement_preference: "prefer", voice_preference: "script_only" } });
    expect(score("walking_mindful_10", moving).components.preference).toBe(100);
    expect(score("butterfly_hug_3", moving).components.preference).toBe(75);
    expect(score("body_scan_8", moving).components.preference).toBe(50);
    // cultural framing wanted: a cultural protocol 100, a neutral one 50 (with intensity 100 and voice 100).
    const cultural = input({ preferences: { spiritual_language: "cultural" } });
    expect(score("liuzijue_xu_he_6", cultural).components.preference).toBe(100);
    expect(score("music_breath_10", cultural).components.preference).toBe(83);
    // a minor asking for traditional framing is scored against the capped ceiling, cultural.
    expect(score("liuzijue_xu_he_6", input({ safety: { age_group: "minor" }, preferences: { spiritual_language: "traditional" } })).components.preference).toBe(100);
  });

  test("every total is an integer 0–10000 equal to the weighted sum of its components", () => {
    for (const p of CATALOG) {
      const { total, components: c } = score(p.id, input({ check_in: { emotion_tags: ["guilt", "other", "stuck"], goal: "release" } }));
      expect(Number.isInteger(total)).toBe(true);
      expect(total).toBe(35 * c.goal + 20 * c.emotion + 15 * c.arousal + 15 * c.time + 10 * c.preference + 5 * c.bazi);
      expect(total).toBeGreaterThanOrEqual(0);
      expect(total).toBeLessThanOrEqual(10000);
    }
  });

  test("tie-breaks: total ↓, then goal ↓, emotion ↓, duration ↑, id ↑", () => {
    const base = getProtocol("extended_exhale_3")!;
    const make = (id: string, goal: number, emotion: number, arousal: number, duration = 3): Protocol => ({
      ...base, id: id as never, duration,
      goals: { ...base.goals, calm: goal }, emotions: { ...base.emotions, anxiety: emotion }, arousal: { ...base.arousal, medium: arousal },
    });
    // One available minute gives every duration the same time score, so only the tie-breaks differ.
    const x = normalizePlanInput(input({ check_in: { available_minutes: 1 } }));
    const order = (ps: Protocol[]): string[] => rankProtocols(ps, x, null).map((r) => r.protocol.id);
    expect(order([make("b", 80, 100, 90), make("a", 100, 65, 90)])).toEqual(["a", "b"]); // goal decides
    expect(order([make("d", 80, 85, 90), make("c", 80, 100, 70)])).toEqual(["c", "d"]); // emotion decides
    expect(order([make("e", 80, 80, 80, 5), make("f", 80, 80, 80, 3)])).toEqual(["f", "e"]); // duration decides
    expect(order([make("h", 80, 80, 80), make("g", 80, 80, 80)])).toEqual(["g", "h"]); // id decides
    expect(order([make("low", 10, 10, 10), make("high", 90, 90, 90)])).toEqual(["high", "low"]); // total first
  });

  test("candidates: the top three, best first, with components", () => {
    const plan = createPlanBody(input(), DEPS);
    const { candidates } = plan.selection!;
    expect(candidates).toHaveLength(3);
    expect(candidates[0]!.protocol_id).toBe(plan.protocol!.id);
    expect(candidates[0]!.total).toBe(plan.protocol!.scoring.total);
    for (const [i, c] of candidates.slice(1).entries()) expect(c.total).toBeLessThanOrEqual(candidates[i]!.total);
  });
});

describe("fallback", () => {
  test("nothing survives → grounding_orient_1, mode fallback with the reason, still recommended", () => {
    const plan = createPlanBody(input({
      check_in: { available_minutes: 1 },
      preferences: { excluded_protocol_ids: ["grounding_orient_1"] },
    }), DEPS);
    expect(plan.status).toBe("recommended");
    expect(plan.protocol!.id).toBe("grounding_orient_1");
    expect(plan.selection).toMatchObject({ mode: "fallback", reason: FALLBACK_REASON, candidates: [] });
    expect(Object.keys(plan.selection!.rejected)).toHaveLength(CATALOG.length);
    expect(plan.selection!.rejected.grounding_orient_1).toBe("excluded_protocol_ids");
    expect(plan.protocol!.scoring.total).toBe(score("grounding_orient_1", input({ check_in: { available_minutes: 1 } })).total);
  });

  test("scored Plans carry no reason member", () => {
    expect("reason" in createPlanBody(input(), DEPS).selection!).toBe(false);
  });
});

describe("bazi component (exactly 5%)", () => {
  test("no chart: every protocol scores 50", () => {
    for (const p of CATALOG) expect(score(p.id).components.bazi).toBe(50);
  });

  test("100 if an element is favourable, 0 if all are unfavourable, 50 otherwise", () => {
    const bazi = (favorable_elements: string[], unfavorable_elements: string[]) => ({ favorable_elements, unfavorable_elements });
    expect(score("music_breath_10", input(), bazi(["metal"], [])).components.bazi).toBe(100);
    expect(score("music_breath_10", input(), bazi([], ["metal"])).components.bazi).toBe(0);
    expect(score("liuzijue_xu_he_6", input(), bazi(["fire"], ["wood"])).components.bazi).toBe(100);
    expect(score("liuzijue_xu_he_6", input(), bazi([], ["wood"])).components.bazi).toBe(50);
    expect(score("liuzijue_xu_he_6", input(), bazi([], ["wood", "fire"])).components.bazi).toBe(0);
    expect(score("liuzijue_full_12", input(), bazi(["water"], ["wood", "fire", "earth", "metal"])).components.bazi).toBe(50);
    expect(score("jingzuo_10", input(), bazi(["metal"], ["fire"])).components.bazi).toBe(50);
  });

  test("an element on both lists counts as favourable; unknown names are ignored; the Plan records the lists", () => {
    const plan = createPlanBody(input(), { ...DEPS, bazi: { favorable_elements: ["metal", "aether", "metal"], unfavorable_elements: ["metal", "wood"] } });
    expect(plan.selection!.bazi).toEqual({ favorable_elements: ["metal"], unfavorable_elements: ["wood"] });
    expect(plan.protocol!.scoring.components.bazi).toBe(100);
  });

  test("moves a total by at most 250 and never the status or the surviving set", () => {
    const x = input({ check_in: { goal: "release", emotion_tags: ["anger"] }, preferences: { spiritual_language: "cultural" } });
    const plain = createPlanBody(x, DEPS);
    for (const bazi of [{ favorable_elements: ["wood"], unfavorable_elements: ["metal"] }, { favorable_elements: [], unfavorable_elements: ["wood", "fire", "earth", "metal", "water"] }]) {
      const charted = createPlanBody(x, { ...DEPS, bazi });
      expect(charted.status).toBe(plain.status);
      expect(charted.selection!.rejected).toEqual(plain.selection!.rejected);
      expect(charted.input_sha256).toBe(plain.input_sha256);
      const survivors = CATALOG.filter((p) => !(p.id in plain.selection!.rejected));
      for (const p of survivors) {
        const delta = score(p.id, x, charted.selection!.bazi).total - score(p.id, x).total;
        expect(Math.abs(delta)).toBeLessThanOrEqual(250);
      }
    }
  });
});

describe("protocol snapshot", () => {
  const urls: string[] = [];
  const plan = createPlanBody(input(), { bazi: null, assetUrlFor: (id) => (urls.push(id), `https://lingshu.test/a/${id}.mp3`) });

  test("music_breath_10: available, authorized, absolute asset_url; asked only for it", () => {
    expect(plan.protocol).toMatchObject({ id: "music_breath_10", availability: "available", license_status: "authorized", asset_url: "https://lingshu.test/a/music_breath_10.mp3" });
    expect(urls).toEqual(["music_breath_10"]);
  });

  test("every other protocol is script_only, not_applicable, no asset_url", () => {
    const other = createPlanBody(input({ check_in: { audio_available: false } }), DEPS).protocol!;
    expect(other.id).not.toBe("music_breath_10");
    expect(other).toMatchObject({ availability: "script_only", license_status: "not_applicable", asset_url: null });
  });

  test("complete: every catalog attribute, timed script, cautions, cultural note", () => {
    const p = getProtocol("music_breath_10")!;
    const snap = plan.protocol!;
    for (const key of ["id", "version", "title", "duration", "posture", "movement", "eyes", "breath", "breath_retention", "environments", "contraindications", "elements", "goals", "emotions", "arousal", "cautions", "cultural_note", "breath_pace"] as const) {
      expect(snap[key] as unknown).toEqual(p[key] as unknown);
    }
    expect(snap.script.total_seconds).toBe(600);
    expect(snap.script.steps.map((s) => s.seconds)).toEqual(p.steps.map((s) => s.seconds));
    expect(snap.script.steps.map((s) => s.start_seconds)).toEqual([0, 30, 90, 210, 390, 510, 570]);
  });

  test("sha256 covers the content except the request-dependent scoring", () => {
    const { sha256, scoring, ...content } = plan.protocol!;
    expect(sha256).toBe(sha256Hex(canonicalJson(content)));
    const other = createPlanBody(input({ check_in: { emotion_tags: ["anger"] } }), { bazi: null, assetUrlFor: (id) => `https://lingshu.test/a/${id}.mp3` });
    expect(other.protocol!.id).toBe("music_breath_10");
    expect(other.protocol!.scoring).not.toEqual(scoring);
    expect(other.protocol!.sha256).toBe(sha256);
  });

  test("the snapshot shares nothing with the catalog", () => {
    expect(Object.isFrozen(plan.protocol!.title)).toBe(false);
    expect(plan.protocol!.title).not.toBe(getProtocol("music_breath_10")!.title);
  });
});

describe("applied constraints", () => {
  const codes = (x: Parameters<typeof input>[0]) => createPlanBody(input(x), DEPS).applied_constraints.map((c) => c.code);

  test("none for the calm baseline", () => {
    expect(codes({})).toEqual([]);
  });

  test("a passenger: eyes open, stay seated, quiet", () => {
    const plan = createPlanBody(input({ check_in: { environment: "in_transit" } }), DEPS);
    expect(plan.applied_constraints.map((c) => c.code)).toEqual(["eyes_open", "stay_seated", "quiet_practice"]);
    expect(plan.applied_constraints[0]!.because).toEqual(["check_in.environment=in_transit"]);
    expect(plan.applied_constraints[0]!.text.en).toMatch(/eyes open/);
  });

  test("silent delivery, sit if dizzy, eyes open at intensity 9, capped framing for minors", () => {
    expect(codes({ check_in: { audio_available: false } })).toEqual(["silent_delivery"]);
    expect(codes({ preferences: { voice_preference: "script_only" } })).toEqual(["silent_delivery"]);
    expect(codes({ safety: { physical_constraints: ["vertigo"] } })).toEqual(["sit_if_dizzy"]);
    expect(codes({ check_in: { intensity: 9 } })).toEqual(["eyes_open"]);
    expect(codes({ safety: { age_group: "unknown" }, preferences: { spiritual_language: "traditional" } })).toEqual(["spiritual_framing_capped"]);
    expect(codes({ safety: { age_group: "minor" }, preferences: { spiritual_language: "cultural" } })).toEqual([]);
  });
});

describe("input validation and canonical form", () => {
  test("findDuplicateItems reports each repeat with its path", () => {
    expect(findDuplicateItems(input())).toEqual([]);
    const details = findDuplicateItems(input({
      check_in: { emotion_tags: ["anger", "sadness", "anger"] },
      safety: { crisis_flags: ["fainting", "fainting"], physical_constraints: ["vertigo", "vertigo"] },
      preferences: { excluded_protocol_ids: ["x", "y", "x"] },
    }));
    expect(details.map((d) => d.path)).toEqual([
      "check_in.emotion_tags[2]", "safety.crisis_flags[1]", "safety.physical_constraints[1]", "preferences.excluded_protocol_ids[2]",
    ]);
    expect(details[0]!.message).toBe('duplicate item "anger" (first at index 0)');
  });

  test("identical input → byte-identical Plan body", () => {
    const x = input({ bazi_chart_id: "bzc_1", check_in: { emotion_tags: ["stuck", "anger"] }, metadata: { b: "2", a: "1" } });
    const deps = { ...DEPS, bazi: { favorable_elements: ["wood"], unfavorable_elements: ["metal"] } };
    expect(JSON.stringify(createPlanBody(x, deps))).toBe(JSON.stringify(createPlanBody(structuredClone(x), deps)));
  });

  test("set order, key order and spelled-out defaults do not change the Plan or its input hash", () => {
    const a = input({ check_in: { emotion_tags: ["stuck", "anger"] }, safety: { physical_constraints: ["vertigo", "pregnancy"] } });
    const b = input({
      check_in: { emotion_tags: ["anger", "stuck"] }, safety: { physical_constraints: ["pregnancy", "vertigo"] },
      preferences: { excluded_protocol_ids: [], preferred_intensity: "gentle", spiritual_language: "neutral" },
    });
    const reverseKeys = (v: unknown): unknown => Array.isArray(v) ? v.map(reverseKeys)
      : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).reverse().map(([k, inner]) => [k, reverseKeys(inner)])) : v;
    const reordered = reverseKeys(b) as typeof b;
    expect(Object.keys(reordered)[0]).toBe("preferences");
    expect(JSON.stringify(createPlanBody(reordered, DEPS))).toBe(JSON.stringify(createPlanBody(a, DEPS)));
  });

  test("input_sha256 is the SHA-256 of the canonical normalized input and changes with the input", () => {
    const x = input();
    const plan = createPlanBody(x, DEPS);
    expect(plan.input_sha256).toBe(inputSha256(normalizePlanInput(x)));
    expect(canonicalJson(normalizePlanInput(x))).toContain('"preferences":{"excluded_protocol_ids":[],"eyes_closed_preference":"no_preference"');
    expect(createPlanBody(input({ check_in: { intensity: 6 } }), DEPS).input_sha256).not.toBe(plan.input_sha256);
    expect(plan.bazi_chart_id).toBeNull();
    expect(createPlanBody(input({ bazi_chart_id: "bzc_9" }), DEPS).bazi_chart_id).toBe("bzc_9");
  });
});
