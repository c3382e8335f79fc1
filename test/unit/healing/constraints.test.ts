/**
 * Applied constraints and the support notice (design §3 and §4): each delivery adjustment
 * appears exactly when one of its causes is in the input, names every cause as `path=value`,
 * and carries a bilingual note about the thing it constrains; the soft support notice shows
 * at intensity ≥ 9 only.
 */
import { describe, expect, test } from "bun:test";
import { CONSTRAINT_CODES, SUPPORT_NOTICE, appliedConstraints, supportNoticeFor, type ConstraintCode } from "../../../src/healing/constraints.ts";
import { normalizePlanInput } from "../../../src/healing/input.ts";
import { SAFETY_ACTION } from "../../../src/healing/safety.ts";
import { input } from "./fixtures.ts";

type Overrides = Parameters<typeof input>[0];

const applied = (x: Overrides) => appliedConstraints(normalizePlanInput(input(x)));

/** The constraints as `{code: because}`, so a case states exactly what applies and why. */
const causes = (x: Overrides): Partial<Record<ConstraintCode, string[]>> =>
  Object.fromEntries(applied(x).map((c) => [c.code, [...c.because].sort()]));

/** Every input that causes a constraint, all at once. */
const EVERYTHING: Overrides = {
  check_in: { environment: "in_transit", posture_available: "seated", intensity: 9, audio_available: false },
  safety: { age_group: "unknown", physical_constraints: ["vertigo", "balance_issue"] },
  preferences: { eyes_closed_preference: "open", voice_preference: "script_only", spiritual_language: "traditional" },
};

describe("applied constraints: when each applies and what caused it", () => {
  test("the calm baseline needs no adjustment", () => {
    expect(applied({})).toEqual([]);
  });

  test("eyes open: asked for by the person", () => {
    expect(causes({ preferences: { eyes_closed_preference: "open" } }))
      .toEqual({ eyes_open: ["preferences.eyes_closed_preference=open"] });
  });

  test("eyes open: not applied when the person wants them closed or has no preference", () => {
    expect(causes({ preferences: { eyes_closed_preference: "closed" } })).toEqual({});
    expect(causes({ preferences: { eyes_closed_preference: "no_preference" } })).toEqual({});
  });

  test("eyes open at intensity 9 and above names the intensity; 8 does not apply", () => {
    for (const intensity of [9, 10]) {
      const constraints = applied({ check_in: { intensity } });
      expect(constraints.map((c) => c.code)).toEqual(["eyes_open"]);
      expect(constraints[0]!.because).toHaveLength(1);
      expect(constraints[0]!.because[0]).toMatch(/^check_in\.intensity\b/);
    }
    expect(causes({ check_in: { intensity: 8 } })).toEqual({});
  });

  test("stay seated when only seated is available; standing or either needs nothing", () => {
    expect(causes({ check_in: { posture_available: "seated" } }))
      .toEqual({ stay_seated: ["check_in.posture_available=seated"] });
    expect(causes({ check_in: { posture_available: "standing" } })).toEqual({});
    expect(causes({ check_in: { posture_available: "either" } })).toEqual({});
  });

  test("a passenger: eyes open, seated and quiet, each caused by the environment", () => {
    const because = ["check_in.environment=in_transit"];
    expect(causes({ check_in: { environment: "in_transit" } }))
      .toEqual({ eyes_open: because, stay_seated: because, quiet_practice: because });
  });

  test("quiet practice in a shared room; outdoors and a private room need nothing", () => {
    expect(causes({ check_in: { environment: "shared_indoor" } }))
      .toEqual({ quiet_practice: ["check_in.environment=shared_indoor"] });
    expect(causes({ check_in: { environment: "outdoor" } })).toEqual({});
    expect(causes({ check_in: { environment: "private_indoor" } })).toEqual({});
  });

  test("sit if dizzy for vertigo and for a balance issue, each named", () => {
    expect(causes({ safety: { physical_constraints: ["vertigo"] } }))
      .toEqual({ sit_if_dizzy: ["safety.physical_constraints=vertigo"] });
    expect(causes({ safety: { physical_constraints: ["balance_issue"] } }))
      .toEqual({ sit_if_dizzy: ["safety.physical_constraints=balance_issue"] });
    expect(causes({ safety: { physical_constraints: ["vertigo", "balance_issue"] } }))
      .toEqual({ sit_if_dizzy: ["safety.physical_constraints=balance_issue", "safety.physical_constraints=vertigo"] });
  });

  test("sit if dizzy: other physical constraints do not call for it", () => {
    expect(causes({ safety: { physical_constraints: ["pregnancy", "recent_injury", "breathing_discomfort"] } })).toEqual({});
  });

  test("silent delivery without audio at hand or when only the script is wanted", () => {
    expect(causes({ check_in: { audio_available: false } }))
      .toEqual({ silent_delivery: ["check_in.audio_available=false"] });
    expect(causes({ preferences: { voice_preference: "script_only" } }))
      .toEqual({ silent_delivery: ["preferences.voice_preference=script_only"] });
    expect(causes({ preferences: { voice_preference: "minimal" } })).toEqual({});
  });

  test("framing capped for a minor or an unknown age asking above cultural, naming the age group", () => {
    for (const age_group of ["minor", "unknown"] as const) {
      expect(causes({ safety: { age_group }, preferences: { spiritual_language: "traditional" } }))
        .toEqual({ spiritual_framing_capped: [`safety.age_group=${age_group}`] });
    }
  });

  test("framing not capped when nothing was cut: an adult, or a minor asking for cultural or neutral", () => {
    expect(causes({ preferences: { spiritual_language: "traditional" } })).toEqual({});
    expect(causes({ safety: { age_group: "minor" }, preferences: { spiritual_language: "cultural" } })).toEqual({});
    expect(causes({ safety: { age_group: "minor" }, preferences: { spiritual_language: "neutral" } })).toEqual({});
    expect(causes({ safety: { age_group: "unknown" } })).toEqual({});
  });

  test("all causes at once: every constraint, in the documented order, listing all its causes", () => {
    const constraints = applied(EVERYTHING);
    expect(constraints.map((c) => c.code)).toEqual([...CONSTRAINT_CODES]);
    const by = causes(EVERYTHING);
    expect(by.eyes_open).toHaveLength(3);
    expect(by.eyes_open).toEqual(expect.arrayContaining(["preferences.eyes_closed_preference=open", "check_in.environment=in_transit"]));
    expect(by.stay_seated).toEqual(["check_in.environment=in_transit", "check_in.posture_available=seated"]);
    expect(by.quiet_practice).toEqual(["check_in.environment=in_transit"]);
    expect(by.sit_if_dizzy).toEqual(["safety.physical_constraints=balance_issue", "safety.physical_constraints=vertigo"]);
    expect(by.silent_delivery).toEqual(["check_in.audio_available=false", "preferences.voice_preference=script_only"]);
    expect(by.spiritual_framing_capped).toEqual(["safety.age_group=unknown"]);
  });
});

describe("applied constraints: the notes the client shows", () => {
  /** What each note must be about, in English and in Chinese. */
  const SUBJECT: Record<ConstraintCode, { en: RegExp[]; zh: RegExp[] }> = {
    eyes_open: { en: [/eyes open/i], zh: [/睁眼/] },
    stay_seated: { en: [/seated/i], zh: [/坐/] },
    sit_if_dizzy: { en: [/dizzy/i, /\bsit\b/i], zh: [/头晕/, /坐/] },
    silent_delivery: { en: [/no audio/i], zh: [/不播放音频/] },
    quiet_practice: { en: [/silent|whisper/i], zh: [/默念|轻声/] },
    spiritual_framing_capped: { en: [/cultural/i], zh: [/文化/] },
  };

  for (const code of CONSTRAINT_CODES) {
    test(`${code}: the note names what is constrained, in both languages`, () => {
      const note = applied(EVERYTHING).find((c) => c.code === code)!.text;
      for (const pattern of SUBJECT[code].en) expect(note.en).toMatch(pattern);
      for (const pattern of SUBJECT[code].zh) expect(note["zh-Hans"]).toMatch(pattern);
    });
  }

  test("each constraint has its own note", () => {
    const notes = applied(EVERYTHING).map((c) => c.text);
    expect(new Set(notes.map((t) => t.en)).size).toBe(CONSTRAINT_CODES.length);
    expect(new Set(notes.map((t) => t["zh-Hans"])).size).toBe(CONSTRAINT_CODES.length);
  });
});

describe("support notice (intensity ≥ 9)", () => {
  test("present at 9 and 10 with its fixed text id, absent at 8 and below", () => {
    for (const intensity of [9, 10]) {
      expect(supportNoticeFor(normalizePlanInput(input({ check_in: { intensity } })))).toBe(SUPPORT_NOTICE);
    }
    for (const intensity of [0, 5, 8]) {
      expect(supportNoticeFor(normalizePlanInput(input({ check_in: { intensity } })))).toBeNull();
    }
    expect(SUPPORT_NOTICE.text_id).toBe("healing.support_notice.v1");
  });

  test("it acknowledges the intensity, says the practice can be stopped, and points to people who can help", () => {
    const { en, "zh-Hans": zh } = SUPPORT_NOTICE.text;
    expect(en).toMatch(/intense/i);
    expect(en).toMatch(/\bstop\b/i);
    expect(en).toMatch(/someone you trust/i);
    expect(en).toMatch(/support line/i);
    expect(zh).toMatch(/强度/);
    expect(zh).toMatch(/停止/);
    expect(zh).toMatch(/信任的人/);
    expect(zh).toMatch(/支持热线/);
  });

  test("it is a soft notice: no numbers and not the red-line safety action", () => {
    // Phone numbers differ by country and go stale; no red line was hit, so not the safety action.
    for (const t of [SUPPORT_NOTICE.text.en, SUPPORT_NOTICE.text["zh-Hans"]]) expect(t).not.toMatch(/[0-9０-９]/);
    expect(SUPPORT_NOTICE.text_id).not.toBe(SAFETY_ACTION.text_id);
    expect(SUPPORT_NOTICE.text.en).not.toBe(SAFETY_ACTION.text.en);
    expect(SUPPORT_NOTICE.text["zh-Hans"]).not.toBe(SAFETY_ACTION.text["zh-Hans"]);
  });
});
