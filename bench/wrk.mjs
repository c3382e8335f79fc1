/**
 * wrk (Debian's `wrk` package) as the load generator of bench/http.mjs. Written
 * in C, it needs a fraction of the CPU autocannon (Node) needs per request; on a
 * 2-core machine that shares its cores with the server, the generator's own cost
 * otherwise decides much of the result. A generated Lua script sets the method,
 * headers and body, and a fresh Idempotency-Key per request where asked.
 */
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** wrk's version line when `wrk` is on the PATH, else null. */
export function wrkVersion() {
  const r = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (r.error) return null;
  return /wrk\s+(\S+)/.exec(`${r.stdout}${r.stderr}`)?.[1] ?? "unknown";
}

/** A Lua string literal: JSON's escapes are Lua's too, except \uXXXX, which these inputs never need. */
function lua(value) {
  const literal = JSON.stringify(value);
  if (literal.includes("\\u")) throw new Error(`no \\u escapes in Lua 5.1: ${literal}`);
  return literal;
}

/** The Lua script for one scenario. */
function script({ method = "GET", headers = {}, body, uniqueKeys = false }) {
  const lines = [`wrk.method = ${lua(method)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${lua(body)}`);
  if (uniqueKeys) {
    lines.push(
      `local prefix = "wrk-" .. tostring(os.time()) .. "-" .. tostring(math.random(1000000000))`,
      "local n = 0",
      "request = function()",
      "  n = n + 1",
      `  wrk.headers["Idempotency-Key"] = prefix .. "-" .. n`,
      "  return wrk.format()",
      "end",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Milliseconds from wrk's "1.23ms" / "456.78us" / "1.02s". */
function toMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? "");
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

/**
 * One wrk run (one thread, `connections` keep-alive connections, `seconds` long).
 * @returns {{ rps: number, p50: number, p99: number, requests: number, non2xx: number, errors: number }}
 */
export function runWrk({ url, connections, seconds, workDir, ...request }) {
  const file = join(workDir, `wrk-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, script(request));
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", file, url], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p50: toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
        p99: toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
        requests: Number(/(\d+) requests in/.exec(out)?.[1]),
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
        errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
      });
    });
  });
}
