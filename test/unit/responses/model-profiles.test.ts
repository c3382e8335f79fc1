/**
 * The model table held against its own rules, and every request it makes held
 * against the fake Messages API's rules, which were written separately from the
 * documentation (test/helpers/fake-anthropic-rules.ts): for every configurable
 * id and every effort it accepts, the request Responses send is one the API accepts.
 */
import { describe, expect, test } from "bun:test";
import { CONSERVATIVE_PROFILE, EFFORTS, MODEL_PROFILES, RETIREMENTS, profileFor, retirementOf, type Effort, type ModelProfile, type ThinkingType } from "../../../src/responses/model-profiles.ts";
import { DEFAULT_EFFORT, effortFor, initialMaxTokens, messageRequest, widerMaxTokens, type RequestSettings } from "../../../src/responses/model-request.ts";
import { SYSTEM_PROMPT, type PromptParts } from "../../../src/responses/prompt.ts";
import { DEFAULT_MODEL } from "../../../src/config.ts";
import { SERVED_MODELS, refusalOf, thinks, type ServedModel } from "../../helpers/fake-anthropic-rules.ts";

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

/**
 * One probe per feature the table describes, sent through the documented refusals: the table must
 * say "accepts" exactly where the API accepts (a feature it wrongly claims answers 400; one it wrongly
 * denies is a feature the service never uses).
 */
const THINKING_TYPES: readonly ThinkingType[] = ["adaptive", "enabled", "disabled", "between_tools"];
const BARE: Record<string, ServedModel> = { "claude-bare": { maxOutputTokens: 64_000, thinksWithoutField: false, bare: true } };
const probe = (model: string, extra: object) => ({ model, max_tokens: 4096, messages: [{ role: "user", content: "hi" }], ...extra });
const probes = {
  forcedToolChoice: (model: string) => probe(model, { tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "t" } }),
  prefill: (model: string) => probe(model, { messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "{" }] }),
  structuredOutput: (model: string) => probe(model, { output_config: { format: { type: "json_schema", schema: { type: "object", properties: {}, additionalProperties: false } } } }),
  effort: (model: string, effort: Effort) => probe(model, { output_config: { effort } }),
  // A budget below max_tokens, at the documented minimum of 1,024.
  thinking: (model: string, type: ThinkingType) => probe(model, { thinking: type === "enabled" ? { type, budget_tokens: 1024 } : { type } }),
};
const accepted = (body: object, extra: Record<string, ServedModel> = {}) => refusalOf(HEADERS, body, extra) === null;

/** What the API accepts from `model`, in the table's terms. */
function observed(model: string, extra: Record<string, ServedModel> = {}): ModelProfile["accepts"] {
  return {
    structuredOutput: accepted(probes.structuredOutput(model), extra),
    forcedToolChoice: accepted(probes.forcedToolChoice(model), extra),
    prefill: accepted(probes.prefill(model), extra),
    efforts: EFFORTS.filter((e) => accepted(probes.effort(model, e), extra)),
    thinkingTypes: THINKING_TYPES.filter((t) => accepted(probes.thinking(model, t), extra)),
  };
}

describe("each row says what the API accepts from its models", () => {
  test.each(KNOWN_IDS)("%s", (model) => {
    const profile = profileFor(model);
    const api = observed(model);
    // Opus 4.5's "max" is not confirmed by a documentation page: the table conservatively leaves it out.
    const efforts = api.efforts.filter((e) => !(model.startsWith("claude-opus-4-5") && e === "max"));
    expect({ ...profile.accepts, thinkingTypes: [...profile.accepts.thinkingTypes].sort(), efforts: [...profile.accepts.efforts] }).toEqual({ ...api, thinkingTypes: [...api.thinkingTypes].sort(), efforts });
    // Adaptive thinking on by default is what max_tokens leaves room for; the output limit is the model's.
    expect(profile.thinksByDefault).toBe(thinks(model, probe(model, {})));
    expect(profile.maxOutputTokens).toBe(SERVED_MODELS[model]!.maxOutputTokens);
  });

  test("the conservative profile claims nothing that a model refusing every optional feature would refuse", () => {
    expect(observed("claude-bare", BARE)).toEqual(CONSERVATIVE_PROFILE.accepts);
  });
});

describe("what the table tells the operator", () => {
  test("every row has its own name, and a generation; only the conservative profile's is unknown", () => {
    const names = MODEL_PROFILES.map((p) => p.name);
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain(CONSERVATIVE_PROFILE.name);
    for (const p of MODEL_PROFILES) expect(["current", "previous"]).toContain(p.generation);
    // The documented examples of profileFor.
    expect(profileFor("claude-sonnet-5-5").name).toBe("sonnet-5-5");
    expect(profileFor("claude-next").name).toBe("conservative");
    expect(CONSERVATIVE_PROFILE.generation).toBe("unknown");
  });

  test("the conservative profile stands for ids the table does not know, and leaves room in case the model thinks", () => {
    expect(CONSERVATIVE_PROFILE.ids).toHaveLength(0);
    // 12,000 tokens of thinking room before the 4,096 of the answer, as for the models that think by default.
    expect(initialMaxTokens(CONSERVATIVE_PROFILE)).toBe(16_096);
  });

  test("Sonnet 4.5's announced retirement is reported for its ids; a model with none announced has none", () => {
    expect(retirementOf("claude-sonnet-4-5")).toBe("2026-11-30");
    expect(retirementOf("claude-sonnet-4-5-20250929")).toBe("2026-11-30");
    expect(retirementOf("claude-sonnet-5-5")).toBeNull();
    expect(retirementOf("claude-next")).toBeNull();
  });
});
