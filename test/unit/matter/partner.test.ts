/** A partner spoken of as a man or a woman, and a question about how they feel about the asker. */
import { expect, test } from "bun:test";
import { asksAfterPartner, partnerSpokenOf } from "../../../src/matter/partner.ts";

test("a man, a woman, or neither when both or none are named", () => {
  for (const q of ["他还爱我吗", "我男朋友会回来吗", "Will my ex-husband call?", "is he coming?", "前夫"]) expect({ q, p: partnerSpokenOf(q) }).toEqual({ q, p: "man" });
  for (const q of ["她会回来吗", "我前妻还会找我吗", "Does my girlfriend miss me?", "Will she text me?", "妻子"]) expect({ q, p: partnerSpokenOf(q) }).toEqual({ q, p: "woman" });
  for (const q of ["我们会复合吗", "他和她谁会先联系", "他们还好吗", "她们怎么样", "他人怎么看", "the hero wins"]) expect({ q, p: partnerSpokenOf(q) }).toEqual({ q, p: null });
});

test("asked after: how they feel about the asker, or whether they come back", () => {
  for (const q of ["他还会回来找我吗", "他会回头找我吗", "她会回到我身边吗", "他想复合吗", "她还爱我吗", "他喜欢我吗", "他在乎我吗", "他心里还有我吗", "他心里有我吗", "does he think of me?", "她是不是忘了我", "他忘记我了吗", "Does he miss me?", "does she love me", "Will he come back to me?", "will she get back together with me?", "is he thinking about me?", "Does he like me?", "她想和好吗", "他会挽回吗", "她会想我吗"])
    expect({ q, asked: asksAfterPartner(q) }).toEqual({ q, asked: true });
  for (const q of ["他会来吗", "Will he show up?", "他们想我吗", "我爱他吗", "he is my boss"]) expect({ q, asked: asksAfterPartner(q) }).toEqual({ q, asked: false });
});
