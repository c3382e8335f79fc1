/**
 * The catalog's written texts checked as data against their rules: complete sentences in both
 * languages, cultural notes that credit their sources (the names DECISIONS.md lists for review)
 * and say how a tradition is used here, and cautions that answer each protocol's own risk.
 */
import { describe, expect, test } from "bun:test";
import { CATALOG, getProtocol, type Protocol } from "../../../src/healing/catalog/index.ts";
import { PACED_BREATH_CAUTION, VOCAL_CAUTION } from "../../../src/healing/catalog/script-helpers.ts";
import type { FiveElement, LocalizedText } from "../../../src/healing/types.ts";

function protocol(id: string): Protocol {
  const p = getProtocol(id);
  if (!p) throw new Error(`no protocol ${id}`);
  return p;
}

/** Every sentence-like text of a protocol (titles are labels, not sentences). */
function sentences(p: Protocol): { where: string; text: LocalizedText }[] {
  return [
    { where: `${p.id} cultural_note`, text: p.cultural_note },
    ...p.cautions.map((text, i) => ({ where: `${p.id} cautions[${i}]`, text })),
    ...p.steps.map((s, i) => ({ where: `${p.id} steps[${i}]`, text: s.text })),
  ];
}

describe("texts are complete sentences", () => {
  test("English: no stray whitespace, starts with a capital or a digit, ends with a full stop", () => {
    for (const p of CATALOG) for (const { where, text } of sentences(p)) {
      const en = text.en;
      expect({ where, en: en.trim() }).toEqual({ where, en });
      expect({ where, doubleSpace: / {2}/.test(en), spaceBeforePunctuation: / [.,;:!?]/.test(en) })
        .toEqual({ where, doubleSpace: false, spaceBeforePunctuation: false });
      expect({ where, en }).toMatchObject({ en: expect.stringMatching(/^["'A-Z0-9]/) });
      expect({ where, en }).toMatchObject({ en: expect.stringMatching(/[.!?]["”]?$/) });
    }
  });

  test("Simplified Chinese: no stray whitespace, no doubled punctuation, ends with a full stop", () => {
    for (const p of CATALOG) for (const { where, text } of sentences(p)) {
      const zh = text["zh-Hans"];
      expect({ where, zh: zh.trim() }).toEqual({ where, zh });
      expect({ where, doubled: /[。，；：、][。，；：、]/.test(zh) }).toEqual({ where, doubled: false });
      expect({ where, zh }).toMatchObject({ zh: expect.stringMatching(/[。！？」”]$/) });
    }
  });

  test("no text shows a missing value spelled out by a template", () => {
    for (const p of CATALOG) {
      for (const { where, text } of [{ where: `${p.id} title`, text: p.title }, ...sentences(p)]) {
        expect({ where, leak: /undefined|null|\[object/.test(`${text.en} ${text["zh-Hans"]}`) }).toEqual({ where, leak: false });
      }
    }
  });
});

describe("cultural notes credit their sources", () => {
  // The practice or tradition each note names, in both languages. Where DECISIONS.md lists names
  // and dates for review (Tao Hongjing and the Yangxing Yanming Lu, Ba Duan Jin from the Song
  // dynasty, the 2003 Health Qigong versions, Artigas and Jarero after Hurricane Pauline, Neff,
  // Jacobson, Kabat-Zinn's MBSR of 1979, Thich Nhat Hanh), the note must carry them.
  const SOURCES: Record<string, { en: string[]; zh: string[] }> = {
    music_breath_10: { en: ["contemplative traditions"], zh: ["静观传统"] },
    extended_exhale_3: { en: ["yoga", "qigong"], zh: ["瑜伽", "气功"] },
    grounding_orient_1: { en: ["Orienting"], zh: ["环顾定向"] },
    grounding_54321_5: { en: ["5-4-3-2-1"], zh: ["5-4-3-2-1"] },
    butterfly_hug_3: { en: ["Butterfly Hug", "Lucina Artigas", "Ignacio Jarero", "Hurricane Pauline"], zh: ["蝴蝶拍", "阿蒂加斯", "哈雷罗", "宝琳飓风"] },
    self_compassion_break_5: { en: ["Kristin Neff"], zh: ["内夫"] },
    hooponopono_reflection_8: { en: ["ho'oponopono", "Hawaiian"], zh: ["荷欧波诺波诺", "夏威夷"] },
    liuzijue_xu_he_6: { en: ["Liu Zi Jue", "Tao Hongjing", "Yangxing Yanming Lu"], zh: ["六字诀", "陶弘景", "养性延命录"] },
    liuzijue_full_12: { en: ["Six Healing Sounds", "Tao Hongjing", "Health Qigong", "2003"], zh: ["六字诀", "陶弘景", "健身气功", "2003"] },
    baduanjin_seated_8: { en: ["Ba Duan Jin", "Song dynasty"], zh: ["八段锦", "宋代"] },
    baduanjin_standing_12: { en: ["Ba Duan Jin", "Song dynasty", "Health Qigong", "2003"], zh: ["八段锦", "宋代", "健身气功", "2003"] },
    zhanzhuang_5: { en: ["Zhan zhuang", "qigong"], zh: ["站桩", "气功"] },
    jingzuo_10: { en: ["jingzuo", "Neo-Confucian", "Daoist"], zh: ["静坐", "理学", "道家"] },
    jingzuo_traditional_20: { en: ["dantian", "Daoist", "qigong"], zh: ["丹田", "道家", "气功"] },
    pmr_short_7: { en: ["Edmund Jacobson"], zh: ["雅各布森"] },
    body_scan_8: { en: ["Jon Kabat-Zinn", "Mindfulness-Based Stress Reduction", "1979"], zh: ["卡巴金", "正念减压", "1979"] },
    walking_mindful_10: { en: ["Buddhist", "Thich Nhat Hanh"], zh: ["佛教", "一行禅师"] },
  };

  test("the table covers every protocol", () => {
    expect(Object.keys(SOURCES).sort()).toEqual(CATALOG.map((p) => p.id).sort());
  });

  for (const [id, names] of Object.entries(SOURCES)) {
    test(`${id} names ${names.en.join(", ")} in English and Chinese`, () => {
      const note = protocol(id).cultural_note;
      for (const name of names.en) expect(note.en).toContain(name);
      for (const name of names.zh) expect(note["zh-Hans"]).toContain(name);
    });
  }
});

describe("cultural notes say how a tradition is used here", () => {
  test("a note that mentions traditional body correspondences says they are not a medical claim", () => {
    // Healing is cultural reference, not medical care (spec): organ, five-phase, qi and dantian
    // framings are presented as heritage only.
    const framed = CATALOG.filter((p) => /\b(?:liver|heart|organ|five phases|qi|dantian)\b/i.test(p.cultural_note.en));
    expect(framed.map((p) => p.id).sort()).toEqual(["jingzuo_traditional_20", "liuzijue_full_12", "liuzijue_xu_he_6"]);
    for (const p of framed) {
      expect(p.cultural_note.en).toMatch(/not (?:as )?(?:a )?medical/);
      expect(p.cultural_note["zh-Hans"]).toContain("并非医疗");
    }
  });

  test("a neutral protocol whose note names a religious tradition presents the practice as secular", () => {
    // `spiritual: neutral` is the least framing the protocol can honestly carry: no religious framing.
    const religious = CATALOG.filter((p) => p.spiritual === "neutral" && /Buddhis|Daoist|Zen\b|Theravada/.test(p.cultural_note.en));
    expect(religious.map((p) => p.id).sort()).toEqual(["body_scan_8", "walking_mindful_10"]);
    for (const p of religious) {
      expect(p.cultural_note.en).toContain("secular");
      expect(p.cultural_note["zh-Hans"]).toContain("不带宗教色彩");
    }
  });

  test("a practice developed to help survivors of a disaster is offered as self-soothing, not as therapy", () => {
    // Healing is not psychotherapy (spec).
    const p = protocol("butterfly_hug_3");
    expect(p.cultural_note.en).toContain("not as therapy");
    expect(p.cultural_note["zh-Hans"]).toContain("而非治疗");
  });

  test("the Liu Zi Jue note explains each five-phase element the protocol carries", () => {
    // The bazi component reads `elements`; for the two sounds they come from the traditional pairing
    // the note explains, so every element must appear there.
    const ZH: Record<FiveElement, string> = { wood: "木", fire: "火", earth: "土", metal: "金", water: "水" };
    const p = protocol("liuzijue_xu_he_6");
    expect(p.elements.length).toBeGreaterThan(0);
    for (const element of p.elements) {
      expect(p.cultural_note.en).toContain(element);
      expect(p.cultural_note["zh-Hans"]).toContain(ZH[element]);
    }
  });

  test("ho'oponopono: the four phrases are later popular adaptations, not the traditional practice itself", () => {
    // DECISIONS.md, Catalog: what the note must say besides "inspired by".
    const note = protocol("hooponopono_reflection_8").cultural_note;
    expect(note.en).toContain("popular adaptations");
    expect(note.en).toContain("not the traditional practice itself");
    expect(note["zh-Hans"]).toContain("流行的改编");
    expect(note["zh-Hans"]).toContain("并不是传统仪式");
  });

  test("the audio protocol's note says its track is instrumental, without words", () => {
    for (const p of CATALOG.filter((x) => x.audio !== null)) {
      expect(p.audio!.instrumental).toBe(true);
      expect(p.cultural_note.en).toContain("instrumental");
      expect(p.cultural_note["zh-Hans"]).toContain("纯音乐");
    }
  });
});

describe("cautions answer each protocol's own risk", () => {
  test("every protocol with a breathing pace carries the paced-breath caution", () => {
    const paced = CATALOG.filter((p) => p.breath_pace !== null);
    expect(paced.map((p) => p.id).sort()).toEqual(["extended_exhale_3", "music_breath_10"]);
    for (const p of paced) expect(p.cautions).toContainEqual(PACED_BREATH_CAUTION);
  });

  test("the soft-sound caution: soft sound, never push the air out, silent in a shared space", () => {
    // DECISIONS.md: a pushed exhale is the forceful breathing the policy rules out.
    expect(VOCAL_CAUTION.en).toMatch(/soft/);
    expect(VOCAL_CAUTION.en).toMatch(/never push the air out/);
    expect(VOCAL_CAUTION.en).toMatch(/shared space.*silently/);
    expect(VOCAL_CAUTION["zh-Hans"]).toContain("不要用力");
    expect(VOCAL_CAUTION["zh-Hans"]).toContain("不出声");
  });

  test("a protocol flagged as risky for self-blame says its words are not about blame", () => {
    const flagged = CATALOG.filter((p) => p.self_blame_caution);
    expect(flagged.length).toBeGreaterThan(0);
    for (const p of flagged) {
      expect(p.cautions.some((c) => /blame/.test(c.en) && c["zh-Hans"].includes("自责"))).toBe(true);
    }
  });

  // Each risk comes from what the practice asks: the caution must name the risk and the way out.
  const RISKS: { id: string; why: string; en: RegExp[]; zh: string }[] = [
    { id: "pmr_short_7", why: "tensing muscles invites holding the breath", en: [/keep breathing/, /gently/], zh: "保持呼吸" },
    { id: "body_scan_8", why: "attending to the body can bring up distress", en: [/distress/, /attention to your feet or to the room/], zh: "痛苦" },
    { id: "butterfly_hug_3", why: "bilateral tapping can stir up memories", en: [/memories/, /stop tapping/], zh: "回忆" },
    { id: "jingzuo_traditional_20", why: "a long inward focus can bring heat, pressure or images", en: [/open your eyes/, /end the practice/], zh: "睁开眼睛" },
  ];
  for (const { id, why, en, zh } of RISKS) {
    test(`${id}: a caution of its own, because ${why}`, () => {
      const own = protocol(id).cautions.slice(1);
      expect(own.some((c) => en.every((re) => re.test(c.en)) && c["zh-Hans"].includes(zh))).toBe(true);
    });
  }
});

describe("scripts end with the eyes open", () => {
  const invitesClosing = (p: Protocol) => p.steps.some((s) => /eyes close|close your eyes|closed/i.test(s.text.en));

  test("the protocol done with eyes closed invites closing them", () => {
    for (const p of CATALOG.filter((x) => x.eyes === "closed")) expect(invitesClosing(p)).toBe(true);
  });

  test("a script that lets the eyes close asks, in its last two steps, to open them again", () => {
    // The shared caution's way back is "open your eyes"; the practice itself ends there too.
    for (const p of CATALOG.filter(invitesClosing)) {
      const closing = p.steps.slice(-2);
      expect({ id: p.id, en: closing.some((s) => /open your eyes/i.test(s.text.en)) }).toEqual({ id: p.id, en: true });
      expect({ id: p.id, zh: closing.some((s) => s.text["zh-Hans"].includes("睁开")) }).toEqual({ id: p.id, zh: true });
    }
  });
});
