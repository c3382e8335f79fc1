/**
 * SIGTERM to a real `serve` process with SHUTDOWN_DELAY_MS, the same on either backend: from the
 * signal on /ready answers 503 (draining) while /health stays 200 and new requests are still
 * served; after the delay the listener closes; a request that was in flight all along (its body
 * half sent) then completes with 201, and the process exits 0.
 */
import { expect } from "bun:test";
import { chartCreationInFlight, cliTenant, listeningPort, spawnServe } from "./serve-process.ts";

// Long enough for the checks below to finish before the listener closes, on a loaded machine too.
const DELAY_MS = 2_000;

/** Polls until `check` holds; returns how long that took. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await Bun.sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const refused = async (url: string) => {
  try {
    await fetch(url);
    return false;
  } catch {
    return true;
  }
};

/** `env` names the database (DATABASE_PATH or DATABASE_URL) and the pepper; the rest is set here. */
export async function expectDrainingOnSigterm(env: Record<string, string>): Promise<void> {
  const { key } = cliTenant(env);
  const server = spawnServe({ ...env, SHUTDOWN_DELAY_MS: String(DELAY_MS), SHUTDOWN_GRACE_MS: "10000" });
  try {
    const base = `http://127.0.0.1:${await listeningPort(server)}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const slow = chartCreationInFlight(Number(new URL(base).port), key, "drain-in-flight");
    await Bun.sleep(100);

    const signalled = performance.now();
    server.proc.kill("SIGTERM");
    await until("/ready to answer 503", async () => (await fetch(`${base}/ready`)).status === 503, DELAY_MS);
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { error: { code: string; message: string; retryable: boolean } };
    expect(body.error).toMatchObject({ code: "SERVICE_UNAVAILABLE", retryable: true });
    expect(body.error.message).toContain("draining");
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe("ok");
    // Still listening during the delay, and still serving.
    const during = await fetch(`${base}/v1/bazi/charts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "drain-during-delay" },
      body: JSON.stringify({ birth: { year: 2001, month: 1, day: 2, hour: 3, gender: "男" } }),
    });
    expect(during.status).toBe(201);

    await until("the listener to close", () => refused(`${base}/health`));
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(DELAY_MS);
    expect(server.proc.exitCode).toBeNull();
    // The request in flight since before the signal still completes.
    slow.finish();
    const answer = await slow.answer;
    expect(answer).toStartWith("HTTP/1.1 201");
    expect(answer).toContain('"id":"bzc_');
    expect(await server.ended).toBe(0);
    expect(server.output()).toContain('"msg":"draining"');
    expect(server.output()).toContain('"msg":"stopped"');
  } finally {
    if (server.proc.exitCode === null) server.proc.kill("SIGKILL");
  }
}
