/**
 * "Is this meditation / qigong / religious?": the kind of practice, from the protocol's movement, its
 * anchor for attention and its framing level (each checked against the catalog's own attributes).
 */
import { expect, test } from "bun:test";
import { KIND, kindParagraph } from "../../../src/responses/local/healing-kind.ts";
import { matchesTopic } from "../../../src/responses/local/text.ts";
import type { ProtocolFacts } from "../../../src/responses/facts/index.ts";

const base: ProtocolFacts = {
  id: "music_breath_10", version: "1.0.0", title: { en: "Music-paced breathing", "zh-Hans": "音乐引导呼吸" }, minutes: 10, posture: "seated", movement: "none", eyes: "optional",
  breath: "paced_extended_exhale", intensity: "gentle", breathPace: { inhale: 4, exhale: 6 }, availability: "available", spiritual: "neutral", steps: [], cautions: [], culturalNote: { en: "", "zh-Hans": "" },
};

test("a still practice with music: attention on the music and the breath; neutral framing", () => {
  expect(kindParagraph(base, "zh")).toBe("冥想、气功、瑜伽这类练习，都是把注意力安放在某处（呼吸、身体或动作）；「音乐引导呼吸」也是这一类：静静地把注意力放在音乐和呼吸上。它不带宗教或灵性的内容，是一项日常的身心练习。它不是治疗，也不需要做到“放空”；跟着脚本做就好。");
  expect(kindParagraph(base, "en")).toBe('Meditation, qigong and yoga all rest attention somewhere (the breath, the body, movement); "Music-paced breathing" is of that kind: it rests attention on the music and the breath, keeping still, and it carries no religious or spiritual content: an everyday mind-body practice. It is not a treatment, and there is no need to "empty the mind": following the script is enough.');
});

test("a moving practice carries attention through movement; cultural and traditional framings ask for no belief", () => {
  const baduanjin = { ...base, title: { en: "Baduanjin", "zh-Hans": "八段锦" }, movement: "gentle", availability: "text_only", spiritual: "cultural" } as const;
  expect(kindParagraph(baduanjin, "zh")).toContain("「八段锦」也是这一类：以缓慢的动作带着注意力走。它出自一种文化传统（可以问它的文化背景），练习时不要求任何信仰。");
  expect(kindParagraph({ ...baduanjin, movement: "moderate", spiritual: "traditional" }, "en")).toContain('"Baduanjin" is of that kind: it carries attention through slow movement, and it keeps its tradition\'s own words and setting (ask for its background), and asks for no belief.');
  // Still, with a paced breath and no music: the rhythm is the anchor.
  const paced = { ...base, movement: "minimal", availability: "text_only", spiritual: "traditional" } as const;
  expect(kindParagraph(paced, "zh")).toContain("静静地把注意力放在吸4秒、呼6秒的节奏上。它保留了传统的说法和语境（可以问它的文化背景），但练习时不要求任何信仰。");
  expect(kindParagraph({ ...paced, spiritual: "cultural" }, "en")).toContain("it rests attention on the 4-in, 6-out rhythm, keeping still, and it comes from a cultural tradition (ask for its background), and asks for no belief.");
});

test.each(["这个和冥想有什么区别", "是打坐吗", "這是氣功嗎", "和瑜伽一样吗", "跟宗教有关吗", "是佛教的吗", "这是迷信吗", "Is this meditation?", "Is it religious?", "is this mindfulness", "like qi gong?", "is this spiritual", "Buddhist?", "Buddhism?", "is it qigong", "Taoism?", "a Taoist thing", "superstitious?"])("%s asks what kind of practice it is", (input) => {
  expect(matchesTopic(input, KIND)).toBe(true);
});

test.each(["正念行走可以吗", "做完还是紧张", "what is the music"])("%s does not", (input) => {
  expect(matchesTopic(input, KIND)).toBe(false);
});
