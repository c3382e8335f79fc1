/**
 * Responses with each kind of configured model, against the fake Messages API
 * that refuses what the real one refuses for that model: the default (current
 * generation), two of the previous generation (one that thinks by default, one
 * that takes no effort setting), and an id the service does not know, served
 * by a model that refuses every optional feature. A first Response and a
 * follow-up for every Subject kind. /health names the profile; /ready does not
 * depend on the model.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type TestServer } from "../helpers/server.ts";
import { startFakeAnthropic, unreachableUrl, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { responsesClient } from "../helpers/responses.ts";
import { DEFAULT_MODEL } from "../../src/config.ts";

/** A model only the fake knows: it refuses output_config, thinking and tool_choice, as an older or gateway model might. */
const UNKNOWN_MODEL = "claude-gateway-test";

const MODELS = [
  { model: DEFAULT_MODEL, profile: "sonnet-5-5", effort: "medium", structured: true },
  { model: "claude-sonnet-5", profile: "claude-5", effort: "medium", structured: true },
  { model: "claude-haiku-4-5", profile: "claude-4-5", effort: null, structured: true },
  { model: UNKNOWN_MODEL, profile: "conservative", effort: null, structured: false },
] as const;
const KINDS = ["bazi", "liuyao", "healing"] as const;

let fake: FakeAnthropic;
const servers = new Map<string, TestServer>();

beforeAll(async () => {
  fake = await startFakeAnthropic({ extraModels: { [UNKNOWN_MODEL]: { maxOutputTokens: 64_000, thinksWithoutField: false, bare: true } } });
  for (const { model } of MODELS) {
    servers.set(model, await startServer({ env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url, LINGSHU_MODEL: model, LINGSHU_MODEL_MAX_RETRIES: "0" } }));
  }
});
afterAll(async () => {
  for (const server of servers.values()) await server.stop();
  await fake.stop();
});

describe.each(MODELS)("LINGSHU_MODEL=$model", ({ model, profile, effort, structured }) => {
  test.each(KINDS)("%s: a first Response and a follow-up, each in one accepted request", async (kind) => {
    const s = servers.get(model)!;
    const r = responsesClient(s);
    const subject = await r.subject(kind);
    fake.reset();
    const first = await r.first(kind, subject.id, "What does this mean for me?");
    const second = await r.followUp(first.id, "那接下来呢？");
    expect(fake.requests.map((req) => req.status)).toEqual([200, 200]);
    expect([first.model, second.model]).toEqual([model, model]);
    expect(second.output_text).toBe("Fake answer 2 to: 那接下来呢？");
    const body = fake.requests[0]!.body;
    expect(body.output_config?.effort ?? null).toBe(effort);
    expect(body.output_config?.format !== undefined).toBe(structured);
    // Without structured output the answer tool is offered, never forced.
    expect(body.tools?.map((t: { name: string }) => t.name) ?? []).toEqual(structured ? [] : ["record_answer"]);
    expect(body.tool_choice).toBeUndefined();
  });

  test("/health names the interpreter, model, profile and effort", async () => {
    const health = await servers.get(model)!.request("GET", "/health", { key: null });
    expect(health.status).toBe(200);
    expect(health.json.model).toEqual({ interpreter: "anthropic", model, profile, effort, retires: null });
  });
});

test("a retiring model is reported with its date", async () => {
  const s = await startServer({ env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url, LINGSHU_MODEL: "claude-sonnet-4-5" } });
  try {
    expect((await s.request("GET", "/health", { key: null })).json.model).toMatchObject({ profile: "claude-4-5", retires: "2026-11-30" });
  } finally {
    await s.stop();
  }
});

test("without a key the local interpreter answers, and /health says so", async () => {
  const s = await startServer();
  try {
    expect((await s.request("GET", "/health", { key: null })).json.model).toEqual({ interpreter: "local", model: "lingshu-local-1", profile: null, effort: null, retires: null });
  } finally {
    await s.stop();
  }
});

test("/ready does not depend on the model: the endpoint gone, /ready and /health still answer 200", async () => {
  const s = await startServer({ env: { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: await unreachableUrl(), LINGSHU_MODEL_MAX_RETRIES: "0" } });
  try {
    expect((await s.request("GET", "/ready", { key: null })).status).toBe(200);
    expect((await s.request("GET", "/health", { key: null })).status).toBe(200);
  } finally {
    await s.stop();
  }
});
