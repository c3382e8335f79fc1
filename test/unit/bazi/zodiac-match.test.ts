/** Folk zodiac matching (生肖配对) by the two year branches, checked against the rules by hand. */
import { describe, expect, test } from "bun:test";
import { zodiacMatch } from "../../../src/bazi/index.ts";

const B = "子丑寅卯辰巳午未申酉戌亥";
const at = (branch: string) => B.indexOf(branch);
const match = (a: string, b: string) => zodiacMatch(at(a), at(b));

describe("zodiacMatch", () => {
  test("a six combination or two of one three combination is a good match", () => {
    expect(match("子", "丑")).toEqual({ verdict: "good", relations: ["子丑合土"] });
    // 申 and 辰 with no 子 between them: two of 申子辰 still belong together.
    expect(match("申", "辰")).toEqual({ verdict: "good", relations: ["申子辰三合水局"] });
    expect(match("丑", "巳").verdict).toBe("good");
    // 巳申 combine, and punish and break each other too: the combination decides.
    expect(match("巳", "申")).toEqual({ verdict: "good", relations: ["巳申合水", "巳申相刑", "申巳破"] });
  });

  test("a clash or a harm is a poor one; a punishment or a break alone is friction; the rest neither", () => {
    expect(match("子", "午")).toEqual({ verdict: "poor", relations: ["子午冲"] });
    expect(match("丑", "午")).toEqual({ verdict: "poor", relations: ["丑午害"] });
    expect(match("丑", "未").verdict).toBe("poor");
    expect(match("子", "卯")).toEqual({ verdict: "friction", relations: ["子卯相刑"] });
    expect(match("子", "酉")).toEqual({ verdict: "friction", relations: ["子酉破"] });
    expect(match("午", "午")).toEqual({ verdict: "friction", relations: ["午午自刑"] });
    expect(match("丑", "卯")).toEqual({ verdict: "neutral", relations: [] });
    expect(match("子", "子")).toEqual({ verdict: "neutral", relations: [] });
  });

  test("every animal has three good matches (its six combination and the two of its three combination) and two poor ones (its clash and its harm); the matching is symmetric", () => {
    for (let a = 0; a < 12; a++) {
      const verdicts = Array.from({ length: 12 }, (_, b) => zodiacMatch(a, b).verdict);
      expect({ a, good: verdicts.filter((v) => v === "good").length, poor: verdicts.filter((v) => v === "poor").length }).toEqual({ a, good: 3, poor: 2 });
      for (let b = 0; b < 12; b++) expect(zodiacMatch(b, a).verdict).toBe(verdicts[b]!);
    }
  });
});
