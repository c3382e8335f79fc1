/**
 * `lingshu probe`: asks the service running on this machine for a path, for a container's
 * HEALTHCHECK where there is no curl. It reads the same PORT and HOST the service does.
 */
import type { Config } from "../config.ts";

/** A healthy service answers /health in milliseconds. */
const PROBE_TIMEOUT_MS = 2_000;

/** Where the service on this machine answers: loopback when it listens on every address; IPv6 literals in brackets. */
export function localServiceUrl(config: Pick<Config, "host" | "port">, path: string): string {
  const everyAddress = ["0.0.0.0", "::", "[::]"].includes(config.host);
  const host = everyAddress ? "127.0.0.1" : config.host.includes(":") && !config.host.startsWith("[") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}${path.startsWith("/") ? path : `/${path}`}`;
}

/** ok on a 200 within PROBE_TIMEOUT_MS; `line` says what answered, or why nothing did. */
export async function probe(config: Pick<Config, "host" | "port">, path: string): Promise<{ ok: boolean; line: string }> {
  const url = localServiceUrl(config, path);
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return { ok: answer.status === 200, line: `${url}: ${answer.status}` };
  } catch (err) {
    return { ok: false, line: `${url}: no answer (${err instanceof Error ? err.message : String(err)})` };
  }
}
