/**
 * The request log (src/platform/request-log.ts). What a line carries and must never carry:
 * docs/deploy.md (LOG_LEVEL: "JSON lines on stdout (pino), one per request with request_id, app_id,
 * route, status, duration_ms; never keys or bodies"), README.md ("level names ("level":"info", "warn",
 * "error"), one `request` line per answer with its request_id (= X-Request-Id)"), docs/interface-spec.md
 * Authentication 3 (keys are never in logs). Lines are captured in memory through a pino logger with
 * our own destination; createLogger's own destination is stdout, read from a child process.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { EventEmitter } from "node:events";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { endLog, logRequest, type Logger, type RequestLogLine } from "../../../src/platform/request-log.ts";
import { loadConfig } from "../../../src/config.ts";
import { openSqliteStore } from "../../../src/db/sqlite/store.ts";
import { createApp } from "../../../src/app.ts";
import { Operator } from "../../../src/cli/operator.ts";
import { fixtureEndpoints } from "../../helpers/fixture-endpoints.ts";

const SOURCE = join(import.meta.dir, "../../../src/platform/request-log.ts");

/** A pino logger writing its lines into an array (the text too, to search it whole). */
function memoryLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const logger = pino({ level }, { write: (s: string) => void (text.push(s), lines.push(JSON.parse(s))) });
  return { logger, lines, text };
}

const LINE: RequestLogLine = { request_id: "req_1", app_id: "app_1", method: "POST", route: "/v1/bazi/charts", status: 201, duration_ms: 12.5 };

describe("logRequest", () => {
  test("writes one `request` line with the request's fields", () => {
    const { logger, lines } = memoryLogger();
    logRequest(logger, LINE);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", request_id: "req_1", app_id: "app_1", method: "POST", route: "/v1/bazi/charts", status: 201, duration_ms: 12.5 });
  });

  // A 5xx is the service's own fault (README: the level names info, warn, error): error; every other answer is info.
  test("a 5xx answer is logged at error level, anything below 500 at info", () => {
    const { logger, lines } = memoryLogger();
    for (const status of [200, 404, 499, 500, 503]) logRequest(logger, { ...LINE, status });
    const { info, error } = logger.levels.values;
    expect(lines.map((l) => [l.status, l.level])).toEqual([[200, info], [404, info], [499, info], [500, error], [503, error]]);
  });

  test("tells the observer (the metrics) every line, whether or not the level lets it be written", () => {
    const { logger, lines } = memoryLogger("silent");
    const seen: RequestLogLine[] = [];
    logRequest(logger, LINE, { request: (line) => seen.push(line) });
    expect([lines.length, seen]).toEqual([0, [LINE]]);
  });
});

describe("the lines of a real request", () => {
  const dir = mkdtempSync(join(tmpdir(), "lingshu-request-log-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("carry the request's id, App, route and status, and never the key, the Authorization header or the body", async () => {
    const config = loadConfig({ DATABASE_PATH: join(dir, "log.sqlite"), LOG_LEVEL: "info" });
    const store = openSqliteStore(config.databasePath);
    const { logger, lines, text } = memoryLogger();
    const app = createApp({ config, store, logger, endpoints: fixtureEndpoints({ created: [], gate: null }, store) });
    const operator = new Operator(store, config.keyPepper);
    const tenant = await operator.createApp({ name: "log", env: "test", capabilities: ["bazi"], rpm: 1000, concurrency: 10, monthlyQuota: 100 });
    const { key } = await operator.createKey(tenant.id, "log", null);
    const post = (name: string, bearer: string) =>
      app.handle(new Request("http://localhost/v1/test/widgets", {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", "idempotency-key": `idem-${name}-${bearer.length}` },
        body: JSON.stringify({ name }),
      }));
    const created = await post("body-secret-7Qx", key);
    const refused = await post("body-secret-8Rw", "ap_test_notakey0123456789abcdefghij");
    const failed = await post("boom", key);
    expect([created.status, refused.status, failed.status]).toEqual([201, 401, 500]);
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests.map((l) => [l.request_id, l.app_id, l.method, l.route, l.status, typeof l.duration_ms])).toEqual([
      [created.headers.get("x-request-id"), tenant.id, "POST", "/v1/test/widgets", 201, "number"],
      [refused.headers.get("x-request-id"), null, "POST", "/v1/test/widgets", 401, "number"],
      [failed.headers.get("x-request-id"), tenant.id, "POST", "/v1/test/widgets", 500, "number"],
    ]);
    const all = text.join("");
    for (const secret of [key, "ap_test_notakey", "body-secret", "Bearer"]) expect(all).not.toContain(secret);
    expect(all.toLowerCase()).not.toContain("authorization");
    store.close();
  });
});

describe("createLogger", () => {
  /** Runs `code` in a child process (with createLogger, logRequest and endLog in scope) and returns its stdout lines. */
  async function childLines(code: string): Promise<Record<string, unknown>[]> {
    const child = Bun.spawn([process.execPath, "-e", `import { createLogger, logRequest, endLog } from ${JSON.stringify(SOURCE)};\n${code}`], { stdout: "pipe", stderr: "pipe" });
    const [out, err, exit] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect([exit, err]).toEqual([0, ""]);
    return out.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  }
  const line = JSON.stringify(LINE);

  // README: level names; deploy.md: JSON lines on stdout, LOG_LEVEL chooses what is written.
  // `service` names the service in a shared log: the project's name (package.json "lingshu"); the docs do not list it.
  test("writes JSON lines to stdout with the level by name and the service, at the configured level and above", async () => {
    const lines = await childLines(`const logger = createLogger("warn");
      logRequest(logger, ${line});
      logRequest(logger, { ...${line}, status: 503 });
      await endLog(logger);`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ ...LINE, status: 503, level: "error", service: "lingshu", msg: "request" });
  });

  test("at info, every request line is written, each with its level name", async () => {
    const lines = await childLines(`const logger = createLogger("info");
      logRequest(logger, ${line});
      logRequest(logger, { ...${line}, status: 500 });
      await endLog(logger);`);
    expect(lines.map((l) => [l.status, l.level, l.service])).toEqual([[201, "info", "lingshu"], [500, "error", "lingshu"]]);
  });

  // request-log.ts / endLog: the destination is asynchronous, so a stalled stdout (a full pipe nobody
  // reads) cannot stall the process that logs. The child's stdout is a pipe into `sleep`, which never reads.
  test("logging does not wait for a stalled stdout", async () => {
    const script = `import { createLogger, logRequest } from ${JSON.stringify(SOURCE)};
      import { writeSync } from "node:fs";
      const logger = createLogger("info");
      for (let i = 0; i < 200; i++) logRequest(logger, { ...${line}, route: "/v1/" + "x".repeat(10000) });
      writeSync(2, "logged\\n");
      setInterval(() => {}, 1000);`;
    const child = spawn("sh", ["-c", `"$0" -e "$1" | sleep 60`, process.execPath, script], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    try {
      const said = await new Promise<string>((resolve) => {
        child.stderr!.once("data", (chunk: Buffer) => resolve(String(chunk)));
        setTimeout(() => resolve("(nothing within 8 s)"), 8000);
      });
      expect(said).toBe("logged\n");
    } finally {
      process.kill(-child.pid!, "SIGKILL");
    }
  }, 15_000);
});

describe("endLog", () => {
  /** A destination that can be ended and tells when it is closed; `onEnd` says what ending it does. */
  class Destination extends EventEmitter {
    ended = 0;
    constructor(private readonly onEnd: (d: Destination) => void) {
      super();
    }
    write() {
      return true;
    }
    end() {
      this.ended += 1;
      this.onEnd(this);
    }
  }
  const loggerOn = (stream: object) => pino({}, stream as pino.DestinationStream) as Logger;
  const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => "resolved"), Bun.sleep(ms).then(() => "still waiting")]);

  test("ends the destination and resolves once it has closed, not before", async () => {
    let closed = false;
    const stream = new Destination((d) => setTimeout(() => ((closed = true), d.emit("close")), 30));
    expect(await within(endLog(loggerOn(stream), 60_000), 2000)).toBe("resolved");
    expect([stream.ended, closed]).toEqual([1, true]);
  });

  test("an error while ending lets it go as well", async () => {
    const stream = new Destination((d) => setTimeout(() => d.emit("error", new Error("EPIPE")), 10));
    expect(await within(endLog(loggerOn(stream), 60_000), 2000)).toBe("resolved");
    expect(stream.ended).toBe(1);
  });

  test("a destination that never closes holds it no longer than the timeout", async () => {
    const stream = new Destination(() => {});
    const started = performance.now();
    await endLog(loggerOn(stream), 50);
    expect(stream.ended).toBe(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a destination that cannot be ended, or whose closing cannot be awaited, is left as it is", async () => {
    let ended = 0;
    expect(await within(endLog(loggerOn({ write: () => true })), 500)).toBe("resolved");
    expect(await within(endLog(loggerOn({ write: () => true, end: () => void (ended += 1) })), 500)).toBe("resolved");
    expect(ended).toBe(0);
  });
});
