/**
 * The catalog is data checked by rules: the design's attributes unchanged, slow breathing
 * only, scripts timed to the minute, cautions and cultural notes present, audio on one
 * protocol only.
 */
import { referencePath } from "../../helpers/reference.ts";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import {
  BASE_CAUTION, BREATH_PATTERNS, CATALOG, CATALOG_VERSION, DENSITIES, EYES, MOVEMENTS, MUSIC_BREATH_AUDIO_PATH,
  PROTOCOL_ATTRIBUTES, PROTOCOL_IDS, getProtocol,
} from "../../../src/healing/catalog/index.ts";
import { MOVEMENT_CAUTION, VOCAL_CAUTION } from "../../../src/healing/catalog/script-helpers.ts";
import {
  AROUSAL_LEVELS, EMOTION_TAGS, ENVIRONMENTS, FIVE_ELEMENTS, GOALS, PHYSICAL_CONSTRAINTS, POSTURES,
  PREFERRED_INTENSITIES, SPIRITUAL_LEVELS,
} from "../../../src/healing/types.ts";

const DESIGN_CATALOG = referencePath("design", "healing-catalog.json");
const CJK = /[\u4e00-\u9fff]/;

describe("catalog attributes", () => {
  test("equal the design's healing-catalog.json, protocol by protocol", () => {
    const design = JSON.parse(readFileSync(DESIGN_CATALOG, "utf8"));
    expect(CATALOG_VERSION).toBe("1.0.0");
    expect(design.catalog_version).toBe(CATALOG_VERSION);
    expect(PROTOCOL_ATTRIBUTES.map((p) => p.id)).toEqual(design.protocols.map((p: { id: string }) => p.id));
    for (const [i, attributes] of PROTOCOL_ATTRIBUTES.entries()) expect(attributes).toEqual(design.protocols[i]);
  });

  test("17 unique ids, each ending in its duration in minutes", () => {
    expect(CATALOG).toHaveLength(17);
    expect(new Set(CATALOG.map((p) => p.id)).size).toBe(17);
    expect(CATALOG.map((p) => p.id).sort()).toEqual([...PROTOCOL_IDS].sort());
    for (const p of CATALOG) expect(p.id.endsWith(`_${p.duration}`)).toBe(true);
  });

  test("every value comes from its closed vocabulary, without repeats", () => {
    for (const p of CATALOG) {
      expect(POSTURES).toContain(p.posture);
      expect(MOVEMENTS).toContain(p.movement);
      expect(EYES).toContain(p.eyes);
      expect(BREATH_PATTERNS).toContain(p.breath);
      expect(PREFERRED_INTENSITIES).toContain(p.intensity);
      expect(DENSITIES).toContain(p.density);
      expect(SPIRITUAL_LEVELS).toContain(p.spiritual);
      for (const [list, vocabulary] of [[p.environments, ENVIRONMENTS], [p.contraindications, PHYSICAL_CONSTRAINTS], [p.elements, FIVE_ELEMENTS]] as const) {
        expect(new Set(list).size).toBe(list.length);
        for (const item of list) expect(vocabulary as readonly string[]).toContain(item);
      }
      expect(p.environments.length).toBeGreaterThan(0);
    }
  });

  test("durations are whole minutes from 1 to 20; weights are integers 0–100 for every key", () => {
    const weighted = EMOTION_TAGS.filter((t) => t !== "other");
    for (const p of CATALOG) {
      expect(Number.isInteger(p.duration) && p.duration >= 1 && p.duration <= 20).toBe(true);
      expect(Object.keys(p.goals).sort()).toEqual([...GOALS].sort());
      expect(Object.keys(p.emotions).sort()).toEqual([...weighted].sort());
      expect(Object.keys(p.arousal).sort()).toEqual([...AROUSAL_LEVELS].sort());
      for (const w of [...Object.values(p.goals), ...Object.values(p.emotions), ...Object.values(p.arousal)]) {
        expect(Number.isInteger(w) && w >= 0 && w <= 100).toBe(true);
      }
    }
  });

  test("the fallback passes every filter but an exclusion: any posture, environment, no audio, no contraindication", () => {
    const p = getProtocol("grounding_orient_1")!;
    expect(p).toMatchObject({ duration: 1, posture: "either", movement: "none", eyes: "open", spiritual: "neutral", requires_audio: false });
    expect(p).toMatchObject({ suitable_for_minors: true, acute_ok: true, high_activation_ok: true, self_blame_caution: false, requires_clear_space: false });
    expect([...p.environments].sort()).toEqual([...ENVIRONMENTS].sort());
    expect(p.contraindications).toEqual([]);
  });
});

describe("breathing is slow and unforced", () => {
  const FORBIDDEN = /hold (?:your|the) breath|breath[- ]?hold|retain|retention|forceful|forcefully|rapid|fast breath|quick breath|hyperventilat|憋气|屏气|屏住|闭气|快速呼吸|用力呼/i;

  test("no protocol retains the breath or uses a fast or forceful pattern", () => {
    for (const p of CATALOG) {
      expect(p.breath_retention).toBe(false);
      expect(["natural", "extended_exhale", "paced_extended_exhale", "vocalized_exhale"]).toContain(p.breath);
    }
  });

  test("paces are at most 6 breaths a minute, out-breath longest; paced patterns have a pace", () => {
    for (const p of CATALOG) {
      if (p.breath === "paced_extended_exhale" || p.breath === "extended_exhale") expect(p.breath_pace).not.toBeNull();
      if (!p.breath_pace) continue;
      const { inhale_seconds: i, exhale_seconds: e } = p.breath_pace;
      expect(Number.isInteger(i) && Number.isInteger(e)).toBe(true);
      expect(e).toBeGreaterThan(i);
      expect(60 / (i + e)).toBeLessThanOrEqual(6);
    }
  });

  test("no script step asks for retention, speed or force", () => {
    for (const p of CATALOG) for (const s of p.steps) {
      expect(s.text.en).not.toMatch(FORBIDDEN);
      expect(s.text["zh-Hans"]).not.toMatch(FORBIDDEN);
    }
  });

  test("vocalised exhales carry the soft-sound caution", () => {
    for (const p of CATALOG.filter((x) => x.breath === "vocalized_exhale")) expect(p.cautions).toContainEqual(VOCAL_CAUTION);
  });
});

describe("written scripts", () => {
  test("step timings are positive whole seconds summing to the duration", () => {
    for (const p of CATALOG) {
      expect(p.steps.length).toBeGreaterThanOrEqual(3);
      for (const s of p.steps) expect(Number.isInteger(s.seconds) && s.seconds > 0).toBe(true);
      expect(p.steps.reduce((sum, s) => sum + s.seconds, 0)).toBe(p.duration * 60);
    }
  });

  test("every text exists in English and Simplified Chinese", () => {
    for (const p of CATALOG) {
      for (const t of [p.title, p.cultural_note, ...p.cautions, ...p.steps.map((s) => s.text)]) {
        expect(t.en.trim().length).toBeGreaterThan(0);
        expect(t["zh-Hans"]).toMatch(CJK);
      }
    }
  });

  test("the shared caution comes first: stop if dizzy, in pain or overwhelmed; open your eyes", () => {
    expect(BASE_CAUTION.en).toMatch(/stop/i);
    for (const word of ["dizzy", "pain", "overwhelmed", "open your eyes"]) expect(BASE_CAUTION.en).toContain(word);
    for (const p of CATALOG) expect(p.cautions[0]).toEqual(BASE_CAUTION);
  });

  test("standing protocols say to sit down when unsteady; moving ones keep to a pain-free range", () => {
    for (const p of CATALOG) {
      if (p.posture === "standing") expect(p.cautions.some((c) => /sit down/.test(c.en))).toBe(true);
      if (p.movement === "gentle" || p.movement === "moderate") expect(p.cautions).toContainEqual(MOVEMENT_CAUTION);
    }
  });

  test("eyes-open protocols never ask to close the eyes; the eyes-closed one does", () => {
    for (const p of CATALOG) {
      const all = p.steps.map((s) => `${s.text.en} ${s.text["zh-Hans"]}`).join(" ");
      if (p.eyes === "open") expect(all).not.toMatch(/close (?:your|the) eyes|闭上眼睛|闭眼/i);
      if (p.eyes === "closed") expect(all).toMatch(/close your eyes/i);
    }
  });

  test("ho'oponopono is presented as inspired by, crediting its Hawaiian origin", () => {
    const p = getProtocol("hooponopono_reflection_8")!;
    for (const t of [p.title.en, p.cultural_note.en]) expect(t).toMatch(/inspired by/i);
    for (const t of [p.title.en, p.cultural_note.en]) expect(t).toMatch(/Hawaiian/);
    expect(p.cultural_note["zh-Hans"]).toContain("夏威夷");
    expect(p.cultural_note["zh-Hans"]).toContain("启发");
  });
});

describe("audio", () => {
  test("only music_breath_10 requires audio and has a track: instrumental, authorized, at the spec's path", () => {
    const withAudio = CATALOG.filter((p) => p.requires_audio || p.audio !== null).map((p) => p.id);
    expect(withAudio).toEqual(["music_breath_10"]);
    expect(getProtocol("music_breath_10")!.audio).toEqual({
      path: MUSIC_BREATH_AUDIO_PATH, media_type: "audio/mpeg", license_status: "authorized", instrumental: true,
    });
    expect(MUSIC_BREATH_AUDIO_PATH).toBe("/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3");
  });

  test("the catalog is frozen, so a Plan cannot edit it through a shared reference", () => {
    const p = getProtocol("music_breath_10")!;
    expect(Object.isFrozen(CATALOG)).toBe(true);
    expect(Object.isFrozen(p.steps[0]!.text)).toBe(true);
    expect(getProtocol("no_such_protocol")).toBeUndefined();
  });
});

describe("frozen catalog", () => {
  test("every object reachable from the catalog is frozen, at any depth", () => {
    const seen = new Set<object>();
    const walk = (value: unknown, path: string): void => {
      if (value === null || typeof value !== "object" || seen.has(value)) return;
      seen.add(value);
      expect({ path, frozen: Object.isFrozen(value) }).toEqual({ path, frozen: true });
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    };
    walk(CATALOG, "CATALOG");
    // Attributes, weights, steps, texts, paces, cautions, notes and the audio record all count.
    expect(seen.size).toBeGreaterThan(CATALOG.length * 10);
  });

  test("writing into a nested member throws instead of changing the catalog", () => {
    const p = getProtocol("music_breath_10")!;
    const attempts: (() => void)[] = [
      () => { (p.steps[0]!.text as { en: string }).en = "changed"; },
      () => { (p.breath_pace as { inhale_seconds: number }).inhale_seconds = 1; },
      () => { (p.goals as Record<string, number>).calm = 0; },
      () => { (p.cautions as unknown[]).push(p.cautions[0]); },
      () => { (p.audio as { path: string }).path = "/elsewhere.mp3"; },
      () => { (p.environments as string[])[0] = "in_transit"; },
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
    expect(p.steps[0]!.text.en).not.toBe("changed");
    expect(p.breath_pace).toEqual({ inhale_seconds: 4, exhale_seconds: 6 });
  });
});
