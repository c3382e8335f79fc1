/**
 * A relationship cast that did not say who the partner is (PARTNER_UNKNOWN), asked of him or her: the
 * answer takes the partner's relative as the useful god. 火风鼎 (离宫二世, fire): 子孙辛丑, 官鬼辛亥 (世),
 * 妻财辛酉, 妻财己酉 (moving), 子孙己未 (应), 兄弟己巳 — a man is 官鬼 (line 2), a woman 妻财 (lines 3, 4).
 */
import { expect, test } from "bun:test";
import { castReading } from "../../../src/liuyao/index.ts";
import { liuyaoFacts } from "../../../src/responses/facts/index.ts";
import { explainLiuyao } from "../../../src/responses/local/liuyao.ts";
import { withPartnerNamed } from "../../../src/responses/local/liuyao-partner.ts";
import { json } from "../../helpers/stored-json.ts";

const sheet = (question: string) => liuyaoFacts("lyc_t", json(castReading({ question, method: "manual_lines", lines: [8, 7, 7, 9, 8, 7], castAt: new Date("2025-06-15T18:00:00+08:00") })));
const ex = sheet("前任会回来吗");

test("the fact sheet keeps both partners' useful gods, and says them for a model", () => {
  expect(ex.data.usefulGod).toBeNull();
  expect(ex.data.partnerGods?.male).toMatchObject({ relative: "官鬼", lines: [2], basis: "matter", matter: "relationship", yuan_shen: { relative: "妻财", lines: [3, 4] } });
  expect(ex.data.partnerGods?.female).toMatchObject({ relative: "妻财", lines: [3, 4], ji_shen: { relative: "兄弟", lines: [6] } });
  expect(ex.lines).toContain(
    "If the partner is a man: Useful god (用神): 官鬼 on line 2 (the matter: relationship); 原神 妻财 on line 3, 4, 忌神 子孙 on line 1, 5, 仇神 兄弟 on line 6; if a woman: Useful god (用神): 妻财 on line 3, 4 (the matter: relationship); 原神 子孙 on line 1, 5, 忌神 兄弟 on line 6, 仇神 父母 on no line",
  );
});

test.each([
  ["他还爱我吗", "zh", "官鬼", "这一卦问的是感情，起卦时没说对方是谁；你说的是他，传统上男方看官鬼，这一答就以官鬼为用神。"],
  ["我男朋友会回来吗", "zh", "官鬼", "你说的是他"],
  ["Will my ex-husband call?", "en", "官鬼", "you speak of him, and tradition reads a man from 官鬼"],
  ["她会回来吗", "zh", "妻财", "这一卦问的是感情，起卦时没说对方是谁；你说的是她，传统上女方看妻财，这一答就以妻财为用神。"],
  ["我前妻还会找我吗", "zh", "妻财", "你说的是她"],
  ["Does my girlfriend miss me?", "en", "妻财", "The cast asks about a relationship without saying who the partner is; you speak of her, and tradition reads a woman from 妻财, so this answer takes 妻财 as the useful god."],
  ["Will she text me?", "en", "妻财", "you speak of her"],
])("%s: the partner's relative", (input, lang, relative, note) => {
  const partner = withPartnerNamed(ex.data, input, lang as "zh" | "en")!;
  expect(String(partner.facts.usefulGod?.relative)).toBe(relative);
  expect(partner.note).toContain(note);
  expect(explainLiuyao(ex.data, input, lang as "zh" | "en").focus[0]).toBe(partner.note);
});

test("the rest of the answer reads the chosen relative: its timing, its strength", () => {
  const when = explainLiuyao(ex.data, "他什么时候联系我", "zh").focus.join("\n");
  // 亥 still and weak: it comes when clashed, on a 巳 day; 2025-06-17 is 丁巳.
  expect(when).toContain("本卦用神在第2爻官鬼辛亥，静而逢冲：应在巳日或巳月，最近的巳日是2025-06-17。");
  expect(explainLiuyao(ex.data, "他还爱我吗", "zh").focus.join("\n")).toContain("以官鬼为用神。第2爻官鬼辛亥水（朱雀）：持世");
});

test("no partner said, both said, or a cast that has its useful god: nothing is chosen", () => {
  for (const input of ["我们会复合吗", "他和她谁会先联系", "Will we get back together?", "他们还好吗"]) {
    expect({ input, partner: withPartnerNamed(ex.data, input, "zh") }).toEqual({ input, partner: null });
  }
  expect(withPartnerNamed(sheet("我和男朋友能复合吗").data, "他还爱我吗", "zh")).toBeNull();
  expect(withPartnerNamed(sheet("这次面试能通过吗").data, "他会录用我吗", "zh")).toBeNull();
  expect(explainLiuyao(ex.data, "我们会复合吗", "zh").focus[0]).not.toContain("起卦时没说对方是谁");
});

// The same lines for a question that asks after a him or a her with no word of the matter: NO_MATTER.
const back = sheet("他还会回来找我吗");

test("a him or a her asked after with no matter named is read as a relationship too", () => {
  expect(back.data.usefulGodReason?.code).toBe("NO_MATTER");
  expect(back.data.partnerGods?.male).toMatchObject({ relative: "官鬼", lines: [2] });
  // The follow-up's word first; else the cast's own question says who.
  expect(withPartnerNamed(back.data, "他心里还有我吗", "zh")!.note).toBe("这一卦问的是对方与你之间的事，按感情来读；你说的是他，传统上男方看官鬼，这一答就以官鬼为用神。");
  expect(withPartnerNamed(back.data, "什么时候会联系我", "zh")!.note).toBe("这一卦问的是对方与你之间的事，按感情来读；问题里说的是他，传统上男方看官鬼，这一答就以官鬼为用神。");
  expect(withPartnerNamed(back.data, "when will it happen?", "en")!.note).toBe("The cast asks about someone and you, which tradition reads as a relationship; its question speaks of him, and tradition reads a man from 官鬼, so this answer takes 官鬼 as the useful god.");
  expect(withPartnerNamed(sheet("Does she miss me?").data, "what now?", "en")!.note).toBe("The cast asks about someone and you, which tradition reads as a relationship; its question speaks of her, and tradition reads a woman from 妻财, so this answer takes 妻财 as the useful god.");
  expect(withPartnerNamed(sheet("她还爱我吗").data, "会怎样", "zh")!.facts.usefulGod?.relative).toBe("妻财");
  // The relationship named again is the partner's reading, not the general rule for relationships.
  expect(explainLiuyao(back.data, "他的感情呢", "zh").focus.join("")).not.toContain("传统上问感情");
  expect(explainLiuyao(back.data, "他的感情呢", "zh").focus.join("")).toContain("本卦问感情，女问看官鬼、男问看妻财，以官鬼为用神。");
  expect(withPartnerNamed(sheet("她还爱我吗").data, "会怎样", "zh")!.note).toBe("这一卦问的是感情，起卦时没说对方是谁；问题里说的是她，传统上女方看妻财，这一答就以妻财为用神。");
  expect(withPartnerNamed(sheet("她心里还有我吗").data, "会怎样", "zh")!.note).toBe("这一卦问的是对方与你之间的事，按感情来读；问题里说的是她，传统上女方看妻财，这一答就以妻财为用神。");
  // A cast stored before the reason was recorded reads as one with no matter named.
  expect(withPartnerNamed({ ...back.data, usefulGodReason: undefined }, "会怎样", "zh")!.note).toStartWith("这一卦问的是对方与你之间的事");
  // A PARTNER_UNKNOWN cast whose question says who: the question's word, when the follow-up has none.
  expect(withPartnerNamed(sheet("我和他的感情还有希望吗").data, "会怎样", "zh")?.note).toBe("这一卦问的是感情，起卦时没说对方是谁；问题里说的是他，传统上男方看官鬼，这一答就以官鬼为用神。");
});

test("no him or her asked after, or no question of the asker: no partner's reading", () => {
  for (const q of ["帮我算一卦", "他会来吗", "Will he show up?", "他们还会回来找我吗"]) expect({ q, gods: sheet(q).data.partnerGods }).toEqual({ q, gods: undefined });
  expect(withPartnerNamed(sheet("帮我算一卦").data, "他还爱我吗", "zh")).toBeNull();
  // A cast with its own useful god keeps it: no partners' readings beside it.
  expect(sheet("我老公还爱我吗").data.usefulGod?.relative).toBe("官鬼");
  expect(sheet("我老公还爱我吗").data.partnerGods).toBeUndefined();
});
