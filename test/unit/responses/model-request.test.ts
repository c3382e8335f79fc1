/** The request's settings and shape per model profile; reading a model's Message by block type: thinking skipped, refusals and cut-offs told apart, the conservative path's fallbacks. */
import { describe, expect, test } from "bun:test";
import type Anthropic from "@anthropic-ai/sdk";
import { effortFor, initialMaxTokens, messageRequest, readAnswer, widerMaxTokens, type RequestSettings } from "../../../src/responses/model-request.ts";
import { CONSERVATIVE_PROFILE, profileFor, type ModelProfile } from "../../../src/responses/model-profiles.ts";
import { ANSWER_SCHEMA, ANSWER_TOOL, SYSTEM_PROMPT, type PromptParts } from "../../../src/responses/prompt.ts";

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

describe("the settings of a request", () => {
  const thinker = profileFor("claude-sonnet-5-5");
  const notThinking = profileFor("claude-opus-4-7");
  const noEffort = profileFor("claude-sonnet-4-5");

  test("effort: the configured one, else medium; none where the model refuses the parameter", () => {
    expect(effortFor(thinker, null)).toBe("medium");
    expect(effortFor(thinker, "high")).toBe("high");
    expect(effortFor(noEffort, "high")).toBeNull();
    expect(effortFor(noEffort, null)).toBeNull();
    expect(effortFor(CONSERVATIVE_PROFILE, "low")).toBeNull();
  });

  test("max_tokens: 4,096 for the answer, plus 12,000 where the model thinks by default, within its limit", () => {
    expect(initialMaxTokens(thinker)).toBe(16_096);
    expect(initialMaxTokens(notThinking)).toBe(4_096);
    const smallThinker: ModelProfile = { ...thinker, maxOutputTokens: 8_000 };
    expect(initialMaxTokens(smallThinker)).toBe(8_000);
  });

  test("after a cut-off: twice the room, up to the model's limit; none once the limit is reached", () => {
    const settings = (profile: ModelProfile, maxTokens: number): RequestSettings => ({ model: "m", profile, effort: null, maxTokens });
    expect(widerMaxTokens(settings(thinker, 16_096))).toBe(32_192);
    expect(widerMaxTokens(settings(noEffort, 40_000))).toBe(64_000);
    expect(widerMaxTokens(settings(noEffort, 64_000))).toBeNull();
  });
});

describe("the shape of a request", () => {
  const prompt: PromptParts = { system: SYSTEM_PROMPT, facts: "<facts>\nf\n</facts>", turn: "<input>\nhello\n</input>" };
  const request = (model: string, profile = profileFor(model)) =>
    messageRequest({ model, profile, effort: effortFor(profile, null), maxTokens: initialMaxTokens(profile) }, prompt) as unknown as Record<string, unknown>;
  const ephemeral = { type: "ephemeral" };
  const jsonFormat = { type: "json_schema", schema: ANSWER_SCHEMA };

  test("the system prompt, then the fact sheet, each a cache breakpoint; the turn last, in one user message", () => {
    const body = request("claude-sonnet-5-5");
    expect(body.model).toBe("claude-sonnet-5-5");
    expect(body.max_tokens).toBe(16_096);
    expect(body.system).toEqual([{ type: "text", text: SYSTEM_PROMPT, cache_control: ephemeral }]);
    expect(body.messages).toEqual([{ role: "user", content: [{ type: "text", text: prompt.facts, cache_control: ephemeral }, { type: "text", text: prompt.turn }] }]);
  });

  test("structured output and the effort where the model takes them; never a tool choice, thinking field or sampling parameter", () => {
    const body = request("claude-sonnet-5-5");
    expect(body.output_config).toEqual({ format: jsonFormat, effort: "medium" });
    for (const field of ["tools", "tool_choice", "thinking", "temperature", "top_p", "top_k"]) expect(body).not.toHaveProperty(field);
  });

  test("a model that refuses effort gets the format alone", () => {
    const config = request("claude-haiku-4-5").output_config as object;
    expect(config).toEqual({ format: jsonFormat });
    expect(Object.keys(config)).toEqual(["format"]);
  });

  test("an unknown model: the answer tool offered, not forced, and no output_config at all", () => {
    const body = request("claude-next", CONSERVATIVE_PROFILE);
    expect(body.tools).toEqual([ANSWER_TOOL]);
    expect("output_config" in body).toBe(false);
    expect("tool_choice" in body).toBe(false);
  });
});

describe("reading odd answers safely", () => {
  const answerWith = (extra: object) => readAnswer(message([json({ answer: "A", summary: "S", ...extra })]), true);

  test("crisis categories: case folded, anything but a known name ignored, a missing list is crisis support", () => {
    expect(answerWith({ crisis: true, crisis_categories: [null, 7, "SELF_HARM"] })).toMatchObject({ crisis: ["self_harm"] });
    expect(answerWith({ crisis: true })).toMatchObject({ crisis: ["suicide"] });
    expect(answerWith({ crisis: true, crisis_categories: "self_harm" })).toMatchObject({ crisis: ["suicide"] });
  });

  test("a summary that is not a text is no summary; a JSON null is no answer", () => {
    expect(answerWith({ summary: 5 })).toMatchObject({ kind: "answer", summary: null });
    expect(readAnswer(message([{ type: "text", text: "null" }]), true).kind).toBe("malformed");
  });

  test("only the answer tool's call is the answer: another tool's input is not read", () => {
    const other = { type: "tool_use", id: "t", name: "other_tool", input: { answer: "X", summary: "Y" } };
    expect(readAnswer(message([other, json({ answer: "A", summary: "S" })], "tool_use"), false)).toMatchObject({ kind: "answer", answer: "A" });
  });

  test("plain text after thinking, split in text blocks, is one answer; thinking alone is none", () => {
    const parts = [thinking, { type: "text", text: "The reading " }, { type: "text", text: "says yes." }];
    expect(readAnswer(message(parts), false)).toMatchObject({ kind: "answer", answer: "The reading says yes." });
    expect(readAnswer(message([thinking]), false)).toEqual({ kind: "malformed", reason: "the model gave no answer (stop reason end_turn)" });
  });
});
