/**
 * `lingshu check-model` as a real process against the fake Messages API (never
 * the internet): one request in the shape Responses send, one line saying
 * whether Responses will work and what to change if not, exit 0 or 1. And the
 * start-up log names the model profile and warns about an unknown or retiring model.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeAnthropic, unreachableUrl, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { spawnServe } from "../helpers/serve-process.ts";
import { SYSTEM_PROMPT } from "../../src/responses/prompt.ts";

const ROOT = join(import.meta.dir, "..", "..");
let fake: FakeAnthropic;

beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

/** Runs the command without blocking this process, which serves the fake. */
async function checkModel(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn([process.execPath, join(ROOT, "src", "main.ts"), "check-model", ...args], {
    env: { PATH: process.env.PATH ?? "", ANTHROPIC_BASE_URL: fake.url, LINGSHU_MODEL_TIMEOUT_MS: "5000", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout: stdout.trim(), stderr };
}

test("a working key and model: one request as Responses send it, one line, exit 0", async () => {
  const { code, stdout } = await checkModel({ ANTHROPIC_API_KEY: "good" });
  expect(code).toBe(0);
  expect(stdout).toMatch(/^ok: claude-sonnet-5-5 \(profile sonnet-5-5, effort medium\) answered in \d+\.\d s; Responses will use it\.$/);
  expect(fake.requests).toHaveLength(1);
  const { body } = fake.requests[0]!;
  expect(body.system[0].text).toBe(SYSTEM_PROMPT);
  expect(body.output_config.effort).toBe("medium");
  expect(body.output_config.format.type).toBe("json_schema");
});

test("--json prints one object", async () => {
  const { code, stdout } = await checkModel({ ANTHROPIC_API_KEY: "good", LINGSHU_MODEL: "claude-opus-5-5", LINGSHU_MODEL_EFFORT: "low" }, "--json");
  expect(code).toBe(0);
  const result = JSON.parse(stdout);
  expect(result).toMatchObject({ ok: true, model: { interpreter: "anthropic", model: "claude-opus-5-5", profile: "opus-5-5", effort: "low" }, upstream: null });
  expect(result.latency_ms).toBeGreaterThanOrEqual(0);
});

test.each([
  ["a bad key", { ANTHROPIC_API_KEY: "bad" }, { kind: "status", status: 401 }, /^not ok: claude-sonnet-5-5 .*401 authentication_error: fake 401 \(check ANTHROPIC_API_KEY\)\.$/],
  ["a key without access to the model", { ANTHROPIC_API_KEY: "k" }, { kind: "status", status: 403 }, /403 permission_error.*this key may not use this model/],
  ["overloaded", { ANTHROPIC_API_KEY: "k" }, { kind: "status", status: 529 }, /529 overloaded_error.*try again in a minute/],
  ["a refusal", { ANTHROPIC_API_KEY: "k" }, { kind: "refusal" }, /^not ok: .*gave no usable answer \(refused\)\.$/],
] as const)("%s: one line saying why, exit 1", async (_name, env, behaviour, line) => {
  fake.script(behaviour);
  const { code, stdout } = await checkModel(env);
  expect(code).toBe(1);
  expect(stdout).toMatch(line);
  expect(fake.requests).toHaveLength(1);
});

test("a model id the API does not serve: the API's 404, and what to check", async () => {
  const { code, stdout } = await checkModel({ ANTHROPIC_API_KEY: "k", LINGSHU_MODEL: "claude-sonet-5-5" });
  expect(code).toBe(1);
  expect(stdout).toBe("not ok: claude-sonet-5-5 (profile conservative): the model endpoint answered 404 not_found_error: model: claude-sonet-5-5 (LINGSHU_MODEL names no model this key can use; check the id).");
});

test("a retiring model passes, and the line says until when", async () => {
  const { code, stdout } = await checkModel({ ANTHROPIC_API_KEY: "k", LINGSHU_MODEL: "claude-sonnet-4-5" });
  expect(code).toBe(0);
  expect(stdout).toEndWith("It retires on 2026-11-30: move LINGSHU_MODEL to claude-sonnet-5-5 before then.");
});

test("an unreachable endpoint and a missing key", async () => {
  const unreachable = await checkModel({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: await unreachableUrl() });
  expect(unreachable.code).toBe(1);
  expect(unreachable.stdout).toContain("could not be reached");
  const keyless = await checkModel({});
  expect(keyless.code).toBe(1);
  expect(keyless.stdout).toBe("not ok: ANTHROPIC_API_KEY is not set, so Responses are answered by the local interpreter (lingshu-local-1); set it to use claude-sonnet-5-5 or LINGSHU_MODEL.");
});

test("check-model takes no arguments", async () => {
  const { code, stderr } = await checkModel({}, "now");
  expect(code).toBe(2);
  expect(stderr).toBe('lingshu: check-model takes no arguments (got "now")\n');
});

test("the start-up log names the model profile, and warns about an unknown or retiring model", async () => {
  for (const [model, warning] of [
    ["claude-next-model", "LINGSHU_MODEL=claude-next-model is not a model this version knows"],
    ["claude-sonnet-4-5", "claude-sonnet-4-5 retires on 2026-11-30"],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), "lingshu-model-log-"));
    const server = spawnServe({ DATABASE_PATH: join(dir, "db.sqlite"), ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: fake.url, LINGSHU_MODEL: model });
    try {
      expect(await server.listening).not.toBeNull();
      const lines = () => server.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      // Past the retirement date the warning says it retired instead; either names the date.
      const warned = () => lines().find((l) => l.level === "warn" && (l.msg.includes(warning) || l.msg.includes("retired on")));
      for (let waited = 0; !warned() && waited < 5_000; waited += 20) await Bun.sleep(20);
      expect(warned()).toBeDefined();
      expect(lines().find((l) => l.msg === "listening").model).toMatchObject({ interpreter: "anthropic", model });
    } finally {
      server.proc.kill("SIGTERM");
      await server.ended;
    }
  }
});
