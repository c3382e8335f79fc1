import { describe, expect, test } from "bun:test";
import { decideTurn } from "../../../src/responses/turn.ts";
import { SAFETY_ACTION } from "../../../src/healing/index.ts";

const blockedPlan = { status: "blocked", block: { safety_action: SAFETY_ACTION } };
const cast = { question: "这次面试能通过吗？" };

describe("decideTurn", () => {
  test("a blocked Plan is never interpreted, whatever the input (even crisis language)", () => {
    for (const input of ["How do I start?", "我想自杀"]) {
      expect(decideTurn("healing", blockedPlan, input)).toEqual({ kind: "plan_blocked", safetyAction: SAFETY_ACTION });
    }
  });

  test("a blocked Plan without its own text still gets the fixed safety action", () => {
    expect(decideTurn("healing", { status: "blocked", block: null }, "hi")).toEqual({ kind: "plan_blocked", safetyAction: SAFETY_ACTION });
  });

  test("crisis language escalates for every kind, before a change of matter is considered", () => {
    expect(decideTurn("bazi", {}, "I want to kill myself")).toEqual({ kind: "escalate", categories: ["suicide"] });
    expect(decideTurn("healing", { status: "recommended" }, "我又自残了")).toEqual({ kind: "escalate", categories: ["self_harm"] });
    expect(decideTurn("liuyao", cast, "换个问题，我想杀了他")).toEqual({ kind: "escalate", categories: ["harm_others"] });
  });

  test("a LiuYao question about another matter needs a new cast", () => {
    const d = decideTurn("liuyao", cast, "我的身体有没有什么问题");
    expect(d.kind).toBe("new_subject_required");
    if (d.kind === "new_subject_required") expect(d.change).toMatchObject({ changed: true, from: ["career", "study"], to: ["health"] });
  });

  test("the same matter, or another Subject kind, is interpreted", () => {
    expect(decideTurn("liuyao", cast, "那什么时候有结果？")).toEqual({ kind: "interpret", level: "none", topics: [] });
    expect(decideTurn("bazi", {}, "我的身体有没有什么问题")).toEqual({ kind: "interpret", level: "none", topics: [] });
    expect(decideTurn("healing", { status: "recommended" }, "Why this practice?")).toEqual({ kind: "interpret", level: "none", topics: [] });
  });

  test("distress without a clear risk signal is interpreted at the concern level", () => {
    expect(decideTurn("bazi", {}, "I'm so tired of everything, I can't keep going like this")).toEqual({ kind: "interpret", level: "concern", topics: [] });
  });

  test("sensitive topics of the input, and of a cast's question, go with the turn", () => {
    expect(decideTurn("bazi", {}, "How long will my father live? He's 80")).toEqual({ kind: "interpret", level: "none", topics: ["lifespan"] });
    expect(decideTurn("liuyao", { question: "我妈化疗做了四次，要不要继续做下去？" }, "第三爻什么意思？")).toMatchObject({ kind: "interpret", topics: ["medical_decision"] });
  });

  test("a cast whose own question is in crisis language escalates on every turn, whatever is asked", () => {
    const crisisCast = { question: "如果我今晚从天台跳下去，会不会解脱？" };
    expect(decideTurn("liuyao", crisisCast, "这一卦怎么看？")).toEqual({ kind: "escalate", categories: ["suicide"] });
  });

  test("several categories are kept, and a medical emergency is one", () => {
    expect(decideTurn("bazi", {}, "I took a whole bottle of pills an hour ago and now I can't breathe, my lips are blue").kind).toBe("escalate");
    const d = decideTurn("bazi", {}, "my husband is banging on the bedroom door saying he's going to kill me");
    expect(d).toEqual({ kind: "escalate", categories: ["danger_from_others"] });
  });

  test("only a Plan is gated by its status: another Subject with a status field is interpreted", () => {
    expect(decideTurn("bazi", { status: "blocked" }, "How is my career?")).toEqual({ kind: "interpret", level: "none", topics: [] });
    expect(decideTurn("liuyao", { ...cast, status: "blocked" }, "那什么时候有结果？")).toEqual({ kind: "interpret", level: "none", topics: [] });
  });

  test("only a cast's question is a matter and the person's words: a question field on a chart or a Plan is not read", () => {
    const crisisQuestion = { question: "如果我今晚从天台跳下去，会不会解脱？" };
    expect(decideTurn("bazi", cast, "我的身体有没有什么问题")).toEqual({ kind: "interpret", level: "none", topics: [] });
    expect(decideTurn("healing", { status: "recommended", ...crisisQuestion }, "Why this practice?")).toEqual({ kind: "interpret", level: "none", topics: [] });
  });

  test("a cast without a question is judged on the input alone", () => {
    expect(decideTurn("liuyao", {}, "我的身体有没有什么问题")).toEqual({ kind: "interpret", level: "none", topics: [] });
  });
});
