/**
 * The fake Messages API refuses what the real API refuses, with the API's error
 * body: the five settings the Sonnet 5.5 migration guide lists, the sampling
 * parameters API version 2026-10-21 removed, settings older models refuse, and
 * schemas structured outputs do not support. A thinking model returns its
 * thinking block first and spends thinking tokens within max_tokens.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeAnthropic, type FakeAnthropic } from "../../helpers/fake-anthropic.ts";

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.stop());

const base = (model: string) => ({ model, max_tokens: 4096, messages: [{ role: "user", content: "hello" }] });

async function send(body: object, version = "2026-10-21") {
  const res = await fetch(`${fake.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": version, "x-api-key": "k" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe("Claude Sonnet 5.5: the five settings its migration guide says answer 400", () => {
  test.each([
    ["forced tool choice", { tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "t" } }, 'tool_choice: type "tool" and "any" are not supported for this model.'],
    ["tool choice any", { tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "any" } }, 'tool_choice: type "tool" and "any" are not supported for this model.'],
    ["a thinking budget", { thinking: { type: "enabled", budget_tokens: 2048 } }, '"thinking.type.enabled" is not supported for this model.'],
    ["disabled thinking", { thinking: { type: "disabled" } }, '"thinking.type.disabled" is not supported for this model.'],
    ["temperature", { temperature: 0.2 }, "temperature: Extra inputs are not permitted"],
    ["top_p", { top_p: 0.9 }, "top_p: Extra inputs are not permitted"],
    ["assistant prefill", { messages: [{ role: "user", content: "hello" }, { role: "assistant", content: "{" }] }, "This model does not support assistant message prefill."],
  ])("%s", async (_name, extra, message) => {
    const { status, json } = await send({ ...base("claude-sonnet-5-5"), ...extra });
    expect(status).toBe(400);
    expect(json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(json.error.message).toStartWith(message);
    expect(json.request_id).toMatch(/^req_/);
  });

  test("what it accepts: structured output, an effort, tools on auto, between_tools thinking", async () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
    for (const extra of [{ output_config: { format: { type: "json_schema", schema }, effort: "low" } }, { tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "auto" } }, { thinking: { type: "between_tools" } }]) {
      expect((await send({ ...base("claude-sonnet-5-5"), ...extra })).status).toBe(200);
    }
  });
});

describe("other models and general rules", () => {
  test.each([
    ["claude-haiku-4-5", { output_config: { effort: "medium" } }, "This model does not support the effort parameter."],
    ["claude-sonnet-4-6", { output_config: { effort: "xhigh" } }, "output_config.effort: 'xhigh' is not supported for this model."],
    ["claude-opus-4-7", { thinking: { type: "enabled", budget_tokens: 2048 } }, '"thinking.type.enabled" is not supported for this model.'],
    ["claude-opus-5-5", { thinking: { type: "disabled" } }, '"thinking.type.disabled" is not supported for this model.'],
    ["claude-haiku-4-5", { thinking: { type: "adaptive" } }, "adaptive thinking is not supported on this model"],
    ["claude-sonnet-5", { thinking: { type: "between_tools" } }, '"thinking.type.between_tools" is not supported for this model.'],
    ["claude-sonnet-5", { tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "t" }, thinking: { type: "adaptive" } }, "Thinking may not be enabled when tool_choice forces tool use."],
    ["claude-haiku-4-5", { max_tokens: 100_000 }, "max_tokens: 100000 > 64000"],
    ["claude-sonnet-5", { output_config: { format: { type: "json_schema", schema: { type: "object", properties: {} } } } }, "output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false"],
    ["claude-sonnet-5", { output_config: { format: { type: "json_schema", schema: { type: "object", properties: { a: { type: "string", maxLength: 9 } }, additionalProperties: false } } } }, "output_config.format.schema.properties.a: 'maxLength' is not supported"],
    ["claude-haiku-4-5", { messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "{" }], output_config: { format: { type: "json_schema", schema: { type: "object", additionalProperties: false } } } }, "Prefilling assistant messages is not supported with structured outputs."],
  ] as const)("%s refuses %j", async (model, extra, message) => {
    const { status, json } = await send({ ...base(model), ...extra });
    expect(status).toBe(400);
    expect(json.error.message).toStartWith(message);
  });

  test("an older model accepts prefill and forced tool choice", async () => {
    expect((await send({ ...base("claude-haiku-4-5"), messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "Hello" }] })).status).toBe(200);
    expect((await send({ ...base("claude-haiku-4-5"), tools: [{ name: "t", input_schema: { type: "object" } }], tool_choice: { type: "tool", name: "t" } })).status).toBe(200);
  });

  test("an unknown model answers 404 not_found_error; an unknown version 400", async () => {
    const { status, json } = await send(base("claude-nonexistent"));
    expect(status).toBe(404);
    expect(json.error).toEqual({ type: "not_found_error", message: "model: claude-nonexistent" });
    expect((await send(base("claude-sonnet-5-5"), "2099-01-01")).status).toBe(400);
  });
});

describe("thinking", () => {
  test("a model that thinks by default returns its thinking block first, summarized on request only", async () => {
    const { json } = await send(base("claude-sonnet-5-5"));
    expect(json.content.map((b: { type: string }) => b.type)).toEqual(["thinking", "text"]);
    expect(json.content[0].thinking).toBe("");
    expect(json.stop_details).toBeNull();
    const summarized = (await send({ ...base("claude-sonnet-4-6"), thinking: { type: "adaptive", display: "summarized" } })).json;
    expect(summarized.content[0].thinking).not.toBe("");
    expect((await send(base("claude-sonnet-4-6"))).json.content.map((b: { type: string }) => b.type)).toEqual(["text"]);
  });

  test("thinking tokens count within max_tokens: too little room stops at max_tokens", async () => {
    const { json } = await send({ ...base("claude-sonnet-5-5"), max_tokens: 2048 });
    expect(json.stop_reason).toBe("max_tokens");
    expect(json.usage.output_tokens).toBe(2048);
    expect((await send({ ...base("claude-sonnet-5-5"), max_tokens: 2048, output_config: { effort: "low" } })).json.stop_reason).toBe("end_turn");
  });
});
