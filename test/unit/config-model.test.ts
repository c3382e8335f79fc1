/** The model deadline settings: safe defaults, validated ranges, and a deadline never shorter than one attempt. */
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig, MODEL_DEADLINE_DEFAULT_MS, MODEL_TIMEOUT_DEFAULT_MS } from "../../src/config.ts";

describe("model settings", () => {
  test("defaults: 30 s per attempt, 2 retries, 60 s in all", () => {
    const c = loadConfig({});
    expect([c.modelTimeoutMs, c.modelMaxRetries, c.modelDeadlineMs]).toEqual([MODEL_TIMEOUT_DEFAULT_MS, 2, MODEL_DEADLINE_DEFAULT_MS]);
    expect(c.anthropicApiKey).toBeNull();
  });

  test("set from the environment", () => {
    const c = loadConfig({ LINGSHU_MODEL_TIMEOUT_MS: "5000", LINGSHU_MODEL_MAX_RETRIES: "0", LINGSHU_MODEL_DEADLINE_MS: "9000" });
    expect([c.modelTimeoutMs, c.modelMaxRetries, c.modelDeadlineMs]).toEqual([5000, 0, 9000]);
  });

  test("a long attempt timeout raises the default deadline with it", () => {
    expect(loadConfig({ LINGSHU_MODEL_TIMEOUT_MS: "90000" }).modelDeadlineMs).toBe(90000);
  });

  test.each([
    [{ LINGSHU_MODEL_TIMEOUT_MS: "0" }, "LINGSHU_MODEL_TIMEOUT_MS must be a whole number from 100 to 120000"],
    [{ LINGSHU_MODEL_TIMEOUT_MS: "fast" }, "LINGSHU_MODEL_TIMEOUT_MS must be a whole number"],
    [{ LINGSHU_MODEL_MAX_RETRIES: "6" }, "LINGSHU_MODEL_MAX_RETRIES must be a whole number from 0 to 5"],
    [{ LINGSHU_MODEL_DEADLINE_MS: "600000" }, "LINGSHU_MODEL_DEADLINE_MS must be a whole number from 100 to 120000"],
    [{ LINGSHU_MODEL_TIMEOUT_MS: "20000", LINGSHU_MODEL_DEADLINE_MS: "10000" }, "must not be shorter than LINGSHU_MODEL_TIMEOUT_MS"],
  ])("%j is refused", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test("LINGSHU_MODEL_EFFORT: unset by default, any case, and only what the configured model accepts", () => {
    expect(loadConfig({}).modelEffort).toBeNull();
    expect(loadConfig({ LINGSHU_MODEL_EFFORT: "Low" }).modelEffort).toBe("low");
    expect(loadConfig({ LINGSHU_MODEL: "claude-opus-5-5", LINGSHU_MODEL_EFFORT: "xhigh" }).modelEffort).toBe("xhigh");
    // A model the service does not know: the value is kept, and the conservative request does not send it.
    expect(loadConfig({ LINGSHU_MODEL: "claude-next", LINGSHU_MODEL_EFFORT: "high" }).modelEffort).toBe("high");
  });

  test.each([
    [{ LINGSHU_MODEL_EFFORT: "extreme" }, "LINGSHU_MODEL_EFFORT must be one of low, medium, high, xhigh, max"],
    [{ LINGSHU_MODEL: "claude-sonnet-4-6", LINGSHU_MODEL_EFFORT: "xhigh" }, "LINGSHU_MODEL_EFFORT=xhigh is not accepted by claude-sonnet-4-6 (it accepts low, medium, high, max)"],
    [{ LINGSHU_MODEL: "claude-haiku-4-5", LINGSHU_MODEL_EFFORT: "low" }, "LINGSHU_MODEL_EFFORT is set, but claude-haiku-4-5 accepts no effort setting"],
  ])("%j is refused", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
