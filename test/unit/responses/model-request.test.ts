/** Reading a model's Message by block type: thinking skipped, refusals and cut-offs told apart, the conservative path's fallbacks. */
import { describe, expect, test } from "bun:test";
import type Anthropic from "@anthropic-ai/sdk";
import { readAnswer } from "../../../src/responses/model-request.ts";

const message = (content: unknown[], stop_reason = "end_turn", stop_details: unknown = null) =>
  ({ id: "m", type: "message", role: "assistant", model: "x", content, stop_reason, stop_details, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }) as unknown as Anthropic.Message;
const thinking = { type: "thinking", thinking: "", signature: "s" };
const redacted = { type: "redacted_thinking", data: "opaque" };
const json = (value: unknown) => ({ type: "text", text: JSON.stringify(value) });

describe("structured output", () => {
  test("thinking and redacted thinking blocks come first and are skipped", () => {
    expect(readAnswer(message([thinking, redacted, json({ answer: " A ", summary: "S" })]), true)).toEqual({ kind: "answer", answer: "A", summary: "S", crisis: [], sameMatter: true });
  });

  test("an empty summary falls back (null); an empty answer is no answer", () => {
    expect(readAnswer(message([json({ answer: "A", summary: " " })]), true)).toEqual({ kind: "answer", answer: "A", summary: null, crisis: [], sameMatter: true });
    expect(readAnswer(message([json({ answer: "  ", summary: "S" })]), true).kind).toBe("malformed");
  });

  test("the model's matter judgment: only an explicit same_matter false opens another matter", () => {
    expect(readAnswer(message([json({ answer: "A", summary: "S", crisis: false, crisis_categories: [], same_matter: false })]), true)).toMatchObject({ kind: "answer", sameMatter: false });
    expect(readAnswer(message([json({ answer: "A", summary: "S", crisis: false, crisis_categories: [], same_matter: true })]), true)).toMatchObject({ kind: "answer", sameMatter: true });
    expect(readAnswer(message([json({ answer: "A", summary: "S", same_matter: "no" })]), true)).toMatchObject({ kind: "answer", sameMatter: true });
  });

  test("prose where JSON was asked for is malformed", () => {
    expect(readAnswer(message([thinking, { type: "text", text: "I would rather not." }]), true)).toEqual({ kind: "malformed", reason: "the model gave no answer (stop reason end_turn)" });
  });

  test("a refusal, with or without its category", () => {
    expect(readAnswer(message([], "refusal", { type: "refusal", category: "cyber", explanation: "no" }), true)).toEqual({ kind: "refused", category: "cyber" });
    expect(readAnswer(message([], "refusal", null), true)).toEqual({ kind: "refused", category: null });
  });

  test("cut off at max_tokens: half a JSON text, or only thinking", () => {
    expect(readAnswer(message([thinking, { type: "text", text: '{"answer":"A lo' }], "max_tokens"), true)).toEqual({ kind: "cut_off", stopReason: "max_tokens" });
    expect(readAnswer(message([thinking], "model_context_window_exceeded"), true)).toEqual({ kind: "cut_off", stopReason: "model_context_window_exceeded" });
  });

  test("a complete answer is kept even when the stop reason is max_tokens", () => {
    expect(readAnswer(message([json({ answer: "A", summary: "S" })], "max_tokens"), true).kind).toBe("answer");
  });
});

describe("the model's own safety judgment", () => {
  test("the categories it names, in our order; none when crisis is false; a crisis without a known category is one for crisis support", () => {
    expect(readAnswer(message([json({ answer: "A", summary: "S", crisis: true, crisis_categories: ["self_harm", "medical_emergency", "unknown"] })]), true)).toMatchObject({ crisis: ["self_harm", "medical_emergency"] });
    expect(readAnswer(message([json({ answer: "A", summary: "S", crisis: false, crisis_categories: ["self_harm"] })]), true)).toMatchObject({ crisis: [] });
    expect(readAnswer(message([json({ answer: "A", summary: "S", crisis: true, crisis_categories: [] })]), true)).toMatchObject({ crisis: ["suicide"] });
  });
});

describe("the conservative shape (no structured output)", () => {
  test("the offered tool's input is the answer", () => {
    const tool = { type: "tool_use", id: "t", name: "record_answer", input: { answer: "A", summary: "S" } };
    expect(readAnswer(message([thinking, tool], "tool_use"), false)).toEqual({ kind: "answer", answer: "A", summary: "S", crisis: [], sameMatter: true });
  });

  test("a JSON text is read as the answer; plain text is the answer itself, with no summary", () => {
    expect(readAnswer(message([json({ answer: "A", summary: "S" })]), false)).toEqual({ kind: "answer", answer: "A", summary: "S", crisis: [], sameMatter: true });
    expect(readAnswer(message([{ type: "text", text: " The reading says… " }]), false)).toEqual({ kind: "answer", answer: "The reading says…", summary: null, crisis: [], sameMatter: true });
  });

  test("a tool call without an answer is malformed, not plain text", () => {
    const tool = { type: "tool_use", id: "t", name: "record_answer", input: { summary: "S" } };
    expect(readAnswer(message([{ type: "text", text: "Let me record it." }, tool], "tool_use"), false).kind).toBe("malformed");
  });
});
