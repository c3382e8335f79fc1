import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { clampSummary, localRollingSummary, MAX_SUMMARY_CHARS, questionsAsked, startSummary } from "../../../src/responses/summary.ts";

const endsInHighSurrogate = (s: string) => s.length > 0 && /[\uD800-\uDBFF]/.test(s[s.length - 1]!);
/** No lone surrogate anywhere (String.prototype.isWellFormed is ES2024, beyond our lib setting). */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** A conversation of `turns` exchanges with long, mixed-language text. */
function converse(turns: number, seed = startSummary("我今年能换到更好的工作吗？")): string {
  let summary = seed;
  for (let i = 1; i <= turns; i++) {
    const input = `Turn ${i}: 那第${i}个月会怎么样？What should I watch for in month ${i}? 😀`;
    const output = `第${i}轮：动爻在三爻，官鬼持世。 `.repeat(12) + `Advice ${i}: stay patient and prepare well. `.repeat(6);
    summary = localRollingSummary(summary, input, output);
  }
  return summary;
}

describe("localRollingSummary", () => {
  test("after 50 turns the summary is within the same bound as after 2", () => {
    const two = converse(2);
    const fifty = converse(50);
    console.log(`summary length after 2 turns: ${two.length}, after 50: ${fifty.length} (max ${MAX_SUMMARY_CHARS})`);
    expect(two.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(fifty.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    for (let n = 1; n <= 50; n++) expect(converse(n).length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  });

  test("keeps the subject line and the latest turn, drops the oldest turns first", () => {
    const s = converse(50);
    const lines = s.split("\n");
    expect(lines[0]).toBe("Subject: 我今年能换到更好的工作吗？");
    expect(lines.at(-1)).toStartWith("Q: Turn 50:");
    expect(s).not.toContain("Turn 1:");
    const turnNumbers = lines.slice(1).map((l) => Number(/^Q: Turn (\d+):/.exec(l)![1]));
    expect(turnNumbers).toEqual([...turnNumbers].sort((a, b) => a - b));
    expect(turnNumbers.at(-1)! - turnNumbers[0]!).toBe(turnNumbers.length - 1);
  });

  test("without a subject line, the first input becomes the subject", () => {
    const s = localRollingSummary("", "Will I pass the bar exam?\nPlease be honest.", "Likely yes.");
    expect(s).toBe("Subject: Will I pass the bar exam? Please be honest.\nQ: Will I pass the bar exam? Please be honest. → A: Likely yes.");
  });

  test("a free-form previous summary is kept as a note and eventually rolled off", () => {
    const note = "The user asked about a job change; the reading was favourable. ".repeat(20);
    const once = localRollingSummary(note, "Why?", "Because the ruling line is strong.");
    expect(once.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(once).toContain("The user asked about a job change");
    let s = once;
    for (let i = 0; i < 10; i++) s = localRollingSummary(s, `Follow-up ${i} `.repeat(20), `Answer ${i} `.repeat(40));
    expect(s).not.toContain("The user asked about a job change");
  });

  test("deterministic", () => {
    expect(converse(7)).toBe(converse(7));
  });

  test("any inputs give a bounded summary without a split surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 3000 }), fc.array(fc.tuple(fc.string({ unit: "grapheme", maxLength: 2000 }), fc.string({ unit: "grapheme", maxLength: 4000 })), { maxLength: 8 }), (previous, turns) => {
        let s = previous;
        for (const [input, output] of turns) {
          s = localRollingSummary(s, input, output);
          expect(s.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
          expect(wellFormed(s)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("clampSummary", () => {
  test("short text is returned as is (trailing space trimmed)", () => {
    expect(clampSummary("Hello. ")).toBe("Hello.");
  });

  test("cuts at the last sentence end in the second half", () => {
    const text = "第一句话。".repeat(300);
    const out = clampSummary(text);
    expect(out.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(out.endsWith("。")).toBe(true);
  });

  test("falls back to a word, then a character boundary, with an ellipsis", () => {
    expect(clampSummary("alpha beta gamma delta", 20)).toBe("alpha beta gamma…");
    expect(clampSummary("abcdefghijklmnopqrstuvwxyz", 10)).toBe("abcdefghi…");
  });

  test("never splits a surrogate pair", () => {
    for (let max = 2; max <= 30; max++) {
      const out = clampSummary("😀".repeat(40), max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(endsInHighSurrogate(out.replace(/…$/, ""))).toBe(false);
      expect(wellFormed(out)).toBe(true);
    }
  });

  test("bounded for arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 5000 }), fc.integer({ min: 0, max: 2000 }), (text, max) => {
        const out = clampSummary(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        if (wellFormed(text)) expect(wellFormed(out)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the summary's lines", () => {
  test("a subject is one line, whitespace runs folded to single spaces", () => {
    expect(startSummary("  Will I pass?\n\n  Please be honest.  ")).toBe("Subject: Will I pass? Please be honest.");
  });

  test("the first subject line is the subject, even indented; a later one is kept as a note", () => {
    expect(localRollingSummary("  Subject: the exam  \n", "Why?", "Line 3 moves.")).toBe("Subject: the exam\nQ: Why? → A: Line 3 moves.");
    expect(localRollingSummary("Subject: A\nSubject: B", "Why?", "Because.")).toBe("Subject: A\nSubject: B\nQ: Why? → A: Because.");
  });

  test("a model-written note keeps up to 300 characters (an input's and an answer's budgets)", () => {
    const note = "The reading was favourable for the new job. ".repeat(6).trim();
    expect(note.length).toBeGreaterThan(200);
    expect(localRollingSummary(`Subject: job\n${note}`, "Why?", "Because.").split("\n")[1]).toBe(note);
    expect(localRollingSummary(`Subject: job\n${note.repeat(2)}`, "Why?", "Because.").split("\n")[1]!.length).toBeLessThanOrEqual(300);
  });

  test("the questions asked are the Q: lines' questions only, oldest first", () => {
    const summary = "Subject: 这次面试能通过吗？\nA model's note.\nQ: 结果如何？ → A: 有望。\nSee Q: 明年 → A: 平。\nQ: 那明年呢？ → A: 平稳。";
    expect(questionsAsked(summary)).toEqual(["结果如何？", "那明年呢？"]);
    expect(questionsAsked("A free-form summary, no turns.")).toEqual([]);
  });
});

describe("dropping the oldest turns at the bound", () => {
  const subject = "Subject: s";
  /** Four earlier turns of 250 characters each: with the subject and line breaks, 1,014 characters. */
  const earlier = [1, 2, 3, 4].map((n) => `Q: q${n} → A: ` + "x".repeat(239));
  /** The new turn "Q: hi → A: …" is `length` characters long. */
  const after = (length: number) => localRollingSummary([subject, ...earlier].join("\n"), "hi", "y".repeat(length - 11));

  test("a summary of exactly 1,200 characters keeps every turn", () => {
    const s = after(185);
    expect(s.length).toBe(MAX_SUMMARY_CHARS);
    expect(s.split("\n")).toEqual([subject, ...earlier, `Q: hi → A: ${"y".repeat(174)}`]);
  });

  test("one character more drops the oldest turn whole, and nothing is cut", () => {
    expect(after(186).split("\n")).toEqual([subject, ...earlier.slice(1), `Q: hi → A: ${"y".repeat(175)}`]);
  });

  test("the newest turn is never dropped, even when a long subject leaves it too little room", () => {
    const s = localRollingSummary(`Subject: ${"s".repeat(1171)}`, "Why so?", "It is. It is.");
    expect(s.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(s.split("\n")[1]).toStartWith("Q: Why so?");
  });
});

describe("clampSummary at its edges", () => {
  test("text of exactly the allowance is kept whole; no room for a character and the ellipsis gives nothing", () => {
    expect(clampSummary("abcdefghij", 10)).toBe("abcdefghij");
    expect(clampSummary("abc", 1)).toBe("");
  });

  test("a sentence end at the very start of the second half still counts, and a line break there is not kept", () => {
    expect(clampSummary("abcdefghij.klmnopqrstuvwxyz", 20)).toBe("abcdefghij.");
    expect(clampSummary("abcdefghijkl\nmnopqrstuvwxyz", 20)).toBe("abcdefghijkl");
  });

  test("no space is left before the ellipsis", () => {
    expect(clampSummary("abcdefg  hijklmnop", 10)).toBe("abcdefg…");
  });

  // U+10000 and U+10FFFD: the lowest and the highest high surrogate (0xD800, 0xDBFF).
  test.each(["\u{10000}", "\u{10FFFD}"])("never splits the pair of %s", (char) => {
    for (let max = 2; max <= 12; max++) expect(wellFormed(clampSummary(char.repeat(10), max))).toBe(true);
  });
});
