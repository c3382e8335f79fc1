/** "这个卦是什么意思", "卦辞怎么说": the classic's text for the hexagram, and what the cast says in brief. */
import { describe, expect, test } from "bun:test";
import { explainLiuyao } from "../../../src/responses/local/liuyao.ts";
import { overviewParagraph } from "../../../src/responses/local/liuyao-topics.ts";
import { liuyaoFacts, type LiuyaoFacts } from "../../../src/responses/facts/index.ts";
import { HEXAGRAM_TEXTS } from "../../../src/responses/data/hexagram-texts.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import { detectLanguage } from "../../../src/text/language.ts";
import { json } from "../../helpers/stored-json.ts";

const cast = (question: string, lines: number[]): LiuyaoFacts =>
  liuyaoFacts("lyc_t", json(castReading({ question, method: "manual_lines", lines, castAt: new Date("2025-06-15T18:00:00+08:00") }))).data;
const focus = (f: LiuyaoFacts, input: string) => explainLiuyao(f, input, detectLanguage(input)).focus;

// 雷火丰 (55), lines 3 and 5 moving, turns into 泽雷随 (17); 坎为水 (29) has no moving line.
const feng = cast("这次面试能通过吗？", [7, 8, 9, 7, 6, 8]);
const kan = cast("这次面试能通过吗？", [8, 7, 8, 8, 7, 8]);
const FENG_ZH = "本卦雷火丰（第55卦），《周易》卦辞：「丰：亨，王假之，勿忧，宜日中。」大意是丰盛：亨通，君王能达到这种境地；不必忧虑，宜像正午的太阳。《象》曰：「雷电皆至，丰；君子以折狱致刑。」六爻纳甲断事不凭卦辞，看的是用神、世应和动爻，卦辞只作背景。";

describe("the classic's text", () => {
  test("what the hexagram means: its judgment, in plain words, its image, then what the cast says in brief", () => {
    expect(focus(feng, "这个卦是什么意思")).toEqual([FENG_ZH, overviewParagraph(feng, "zh")]);
    expect(focus(feng, "这卦象征什么")).toEqual([FENG_ZH, overviewParagraph(feng, "zh")]);
    expect(focus(feng, "卦象是什么意思？")).toEqual([FENG_ZH, overviewParagraph(feng, "zh")]);
  });

  test("the text asked for by name is the text alone", () => {
    expect(focus(feng, "卦辞怎么说")).toEqual([FENG_ZH]);
    expect(focus(feng, "周易里这一卦怎么讲")).toEqual([FENG_ZH]);
  });

  test("the changed hexagram's, when it is the one asked about, beside how the cast turns into it", () => {
    const [text, changed, ...more] = focus(feng, "变卦是什么意思");
    expect(more).toEqual([]);
    expect(text).toStartWith("变卦泽雷随（第17卦），《周易》卦辞：「随：元亨利贞，无咎。」大意是随从：大为亨通，守正有利，没有灾咎。《象》曰：「泽中有雷，随；君子以向晦入宴息。」");
    expect(changed).toStartWith("本卦雷火丰经第3、5爻发动，变为泽雷随");
    // A cast with no moving line has no changed hexagram: its own text.
    expect(focus(kan, "变卦是什么意思")[0]).toStartWith("本卦坎为水（第29卦），《周易》卦辞：「习坎：有孚，维心亨，行有尚。」");
  });

  test("in English: the judgment quoted, then in plain words", () => {
    const [text, brief] = focus(feng, "What does this hexagram mean?");
    expect(text).toBe("The classic's judgment for this hexagram, 雷火丰: 「丰：亨，王假之，勿忧，宜日中。」 — in plain words, abundance: success; the king attains it; do not grieve; be like the sun at midday. A 纳甲 (najia) reading does not rest on this text but on the useful god, the world and response lines and the moving lines; the text is background.");
    expect(brief).toBe(overviewParagraph(feng, "en"));
    expect(focus(feng, "what does the changed hexagram mean?")[0]).toStartWith("The classic's judgment for the changed hexagram, 泽雷随: 「随：元亨利贞，无咎。」");
    expect(focus(feng, "What does the I Ching say about it?")).toEqual([text, brief]);
  });

  test("asked beside something else, the text comes with that answer, without the brief", () => {
    const both = focus(feng, "卦辞是什么意思，什么时候有结果？");
    expect(both[0]).toStartWith("应期在六爻中由用神的地支推断");
    expect(both).toContain(FENG_ZH);
    expect(both).not.toContain(overviewParagraph(feng, "zh"));
  });

  test("the ways it is asked", () => {
    const asks = ["这一卦的含义", "此卦的意思", "卦义如何", "大象怎么说", "the hexagram meaning", "the hexagrams meaning", "the hexagram's text", "the meaning of this hexagram", "what does this hexagram say", "what this hexagram says", "what's this hexagram about", "what is the resulting hexagram about", "the judgment text", "the image of this hexagram", "the Book of Changes on it"];
    const quotes = (ask: string) => focus(feng, ask).some((p) => /^(?:本卦|变卦).{3,8}（第\d+卦），《周易》卦辞|^The classic's judgment/.test(p));
    for (const ask of asks) expect({ ask, quotes: quotes(ask) }).toEqual({ ask, quotes: true });
    for (const ask of ["这卦怎么看", "what does the moving line mean?", "卦象怎么样"]) expect({ ask, quotes: quotes(ask) }).toEqual({ ask, quotes: false });
  });

  test("the reading's own words are not the text: 卦象 and how it looks are the overview", () => {
    expect(focus(feng, "卦象怎么样")).toEqual([overviewParagraph(feng, "zh")]);
    // Another part asked what it means is that part: no brief after it.
    expect(focus(feng, "世爻代表什么意思")).toHaveLength(1);
    expect(focus(feng, "what does the moving line mean?").join("")).not.toContain("The classic's judgment");
  });
});

describe("casting again on the same question", () => {
  const AGAIN_ZH = "传统上一事一占：同一件事不反复起卦。《周易》蒙卦的卦辞说「初筮告，再三渎，渎则不告」——第一次诚心问的才作数，一问再问，反而不取。这一卦答的就是「这次面试能通过吗？」；等事情本身有了新的变化，或要问另一件事，再另起一卦。";
  test("the classic's own answer, and what this cast answers; no counsel on the matter", () => {
    for (const ask of ["要不要再起一卦", "能不能再摇一次", "可以再起卦吗", "我想重新起一卦", "多摇几次会不会准一点"]) expect({ ask, focus: focus(feng, ask) }).toEqual({ ask, focus: [AGAIN_ZH] });
    expect(focus(feng, "Should I cast again?")).toEqual([
      "Tradition casts once for one matter: the same question is not cast again. The classic's judgment for 山水蒙 says 「初筮告，再三渎，渎则不告」 — the first sincere cast answers; asking again and again is disrespect, and is not answered. This cast answers \"这次面试能通过吗？\"; when the matter itself changes, or for another matter, make a new cast.",
    ]);
    for (const ask of ["should I recast?", "can I ask the question again?", "try it again"]) expect({ ask, again: focus(feng, ask)[0]!.startsWith("Tradition casts once") }).toEqual({ ask, again: true });
  });

  test("the words quoted are 蒙's judgment in the table", () => {
    expect(HEXAGRAM_TEXTS[3]!.judgment).toContain("初筮告，再三渎，渎则不告");
  });

  test("a step of the matter itself asked whether to take is still counselled", () => {
    expect(focus(feng, "要不要再联系一次HR")[0]).toStartWith("要不要这样做？");
  });
});
