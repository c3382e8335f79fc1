/**
 * The model table held against its own rules, and every request it makes held
 * against the fake Messages API's rules, which were written separately from the
 * documentation (test/helpers/fake-anthropic-rules.ts): for every configurable
 * id and every effort it accepts, the request Responses send is one the API accepts.
 */
import { describe, expect, test } from "bun:test";
import { CONSERVATIVE_PROFILE, MODEL_PROFILES, RETIREMENTS, profileFor, type Effort } from "../../../src/responses/model-profiles.ts";
import { DEFAULT_EFFORT, effortFor, initialMaxTokens, messageRequest, widerMaxTokens, type RequestSettings } from "../../../src/responses/model-request.ts";
import { SYSTEM_PROMPT, type PromptParts } from "../../../src/responses/prompt.ts";
import { DEFAULT_MODEL } from "../../../src/config.ts";
import { SERVED_MODELS, refusalOf } from "../../helpers/fake-anthropic-rules.ts";

const HEADERS = { "anthropic-version": "2026-10-21", authorization: "Bearer k" };
const PROMPT: PromptParts = { system: SYSTEM_PROMPT, facts: "<facts>\nf\n</facts>", turn: "<input>\nhello\n</input>" };
const KNOWN_IDS = MODEL_PROFILES.flatMap((p) => p.ids);

describe("the table's rules", () => {
  test("every id appears once, and the default model is a current one", () => {
    expect(new Set(KNOWN_IDS).size).toBe(KNOWN_IDS.length);
    expect(profileFor(DEFAULT_MODEL).generation).toBe("current");
  });

  test.each(MODEL_PROFILES.map((p) => [p.name, p] as const))("%s: consistent", (_name, p) => {
    // A model that accepts effort accepts ours; the API's default is one it accepts.
    if (p.accepts.efforts.length > 0) {
      expect(p.accepts.efforts).toContain(DEFAULT_EFFORT);
      expect(p.accepts.efforts).toContain(p.apiDefaultEffort!);
    } else {
      expect(p.apiDefaultEffort).toBeNull();
    }
    // Every model we know takes structured output: the only shape without it is the conservative one.
    expect(p.accepts.structuredOutput).toBe(true);
    // Thinking by default is adaptive thinking, which budgets cannot coexist with on the models that refuse them.
    if (p.thinksByDefault) expect(p.accepts.thinkingTypes).toContain("adaptive");
    expect(initialMaxTokens(p)).toBeLessThanOrEqual(p.maxOutputTokens);
  });

  test("retirement dates are dates of known ids", () => {
    for (const [id, date] of Object.entries(RETIREMENTS)) {
      expect(KNOWN_IDS).toContain(id);
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test("ids are matched exactly; anything else gets the conservative profile, which accepts nothing optional", () => {
    expect(profileFor("claude-haiku-4-5-20251001").name).toBe("claude-4-5");
    expect(profileFor("claude-sonnet-5-5-latest")).toBe(CONSERVATIVE_PROFILE);
    expect(profileFor("gpt-5")).toBe(CONSERVATIVE_PROFILE);
    expect(CONSERVATIVE_PROFILE.accepts).toEqual({ structuredOutput: false, prefill: false, forcedToolChoice: false, efforts: [], thinkingTypes: [] });
  });
});

describe("every request the service sends is one the API accepts", () => {
  test("the table knows every model the API serves, and serves no id the API does not", () => {
    expect([...KNOWN_IDS].sort()).toEqual(Object.keys(SERVED_MODELS).sort());
  });

  const cases = KNOWN_IDS.flatMap((model) => {
    const profile = profileFor(model);
    const efforts: (Effort | null)[] = [null, ...profile.accepts.efforts];
    return efforts.map((configured) => [model, configured ?? "(default)", configured] as const);
  });
  test.each(cases)("%s, effort %s: first attempt and widened retry", (model, _label, configured) => {
    const profile = profileFor(model);
    const settings: RequestSettings = { model, profile, effort: effortFor(profile, configured), maxTokens: initialMaxTokens(profile) };
    const first = messageRequest(settings, PROMPT);
    expect(refusalOf(HEADERS, JSON.parse(JSON.stringify(first)))).toBeNull();
    const wider = widerMaxTokens(settings);
    if (wider !== null) expect(refusalOf(HEADERS, JSON.parse(JSON.stringify(messageRequest({ ...settings, maxTokens: wider }, PROMPT))))).toBeNull();
  });

  test("the conservative request is accepted by a model that refuses every optional feature", () => {
    const settings: RequestSettings = { model: "claude-bare", profile: CONSERVATIVE_PROFILE, effort: effortFor(CONSERVATIVE_PROFILE, "high"), maxTokens: initialMaxTokens(CONSERVATIVE_PROFILE) };
    const request = JSON.parse(JSON.stringify(messageRequest(settings, PROMPT)));
    expect(request).not.toHaveProperty("output_config");
    expect(refusalOf(HEADERS, request, { "claude-bare": { maxOutputTokens: 64_000, thinksWithoutField: false, bare: true } })).toBeNull();
  });

  test("the earlier request shape (a forced tool) is refused for the default model: the fake would have caught it", () => {
    const settings: RequestSettings = { model: DEFAULT_MODEL, profile: profileFor(DEFAULT_MODEL), effort: null, maxTokens: 2048 };
    const old = { ...JSON.parse(JSON.stringify(messageRequest(settings, PROMPT))), tools: [{ name: "record_answer", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "record_answer" } };
    expect(refusalOf(HEADERS, old)?.message).toBe('tool_choice: type "tool" and "any" are not supported for this model.');
  });
});
