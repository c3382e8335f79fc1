/** Production strictness: NODE_ENV takes known values only, and a server reachable from the network needs its own pepper. */
import { describe, expect, test } from "bun:test";
import { ConfigError, isLoopbackHost, loadConfig } from "../../src/config.ts";

describe("NODE_ENV", () => {
  test.each([
    [{}, false],
    [{ NODE_ENV: "development" }, false],
    [{ NODE_ENV: "test" }, false],
    [{ NODE_ENV: "production", KEY_PEPPER: "a-production-pepper-0123" }, true],
  ])("%j → production %p", (env, production) => {
    expect(loadConfig(env).production).toBe(production);
  });

  test.each(["staging", "prod", "Production", "dev"])("NODE_ENV=%s is refused, naming the values it takes", (value) => {
    expect(() => loadConfig({ NODE_ENV: value, KEY_PEPPER: "a-production-pepper-0123" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: value })).toThrow(`NODE_ENV must be development, test, production or unset (unset means development); got "${value}"`);
  });
});

describe("HOST", () => {
  test.each(["127.0.0.1", "127.0.0.53", "::1", "localhost"])("%s is loopback: the development pepper is allowed there", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  test.each(["0.0.0.0", "10.0.0.11", "::", "api.internal"])("%s is reachable from the network: KEY_PEPPER is required", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    expect(() => loadConfig({ HOST: host })).toThrow(`KEY_PEPPER must be set when HOST is not a loopback address (HOST=${host})`);
    expect(loadConfig({ HOST: host, KEY_PEPPER: "an-operator-pepper-0123" }).host).toBe(host);
  });
});
