/**
 * Shared setup for the Node benchmarks in bench/ (http.mjs, mixed.mjs): a fresh
 * SQLite in a temp folder, the service's environment, the operator CLI, starting
 * and stopping the servers, building the binary, and reading a process's memory
 * from /proc.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, connect as netConnect } from "node:net";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The pinned Bun (devDependency). */
export const bun = join(root, "node_modules", ".bin", "bun");
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh temp folder for one benchmark run (database, built binary, body files). */
export function makeWorkDir() {
  return mkdtempSync(join(tmpdir(), "lingshu-bench-"));
}

export function removeWorkDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The service's environment for a bench: a fresh DATABASE_PATH in `dir`, no logs,
 * production settings. Any Anthropic key of the caller's shell is removed, so
 * Responses always use the local interpreter (a bench must never call a paid model).
 */
export function benchEnv(dir) {
  const env = { ...process.env, DATABASE_PATH: join(dir, "bench.sqlite"), LOG_LEVEL: "silent", KEY_PEPPER: "bench-pepper-0123456789", NODE_ENV: "production" };
  delete env.ANTHROPIC_API_KEY;
  delete env.ANTHROPIC_BASE_URL;
  return env;
}

/** Runs an operator command (`app …`, `key …`) with `--json`; `command` is [executable, ...leading args]. */
export function cliJson(command, env, ...args) {
  const [exe, ...lead] = command;
  const r = spawnSync(exe, [...lead, ...args, "--json"], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${[exe, ...lead, ...args].join(" ")} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** An App with every capability and limits far above any bench, and a key for it. */
export function createBenchTenant(command, env) {
  const app = cliJson(command, env, "app", "create", "--name", "bench", "--env", "test", "--capabilities", "bazi,liuyao,healing", "--rpm", "100000000", "--concurrency", "100000", "--monthly-quota", "100000000");
  const { key } = cliJson(command, env, "key", "create", app.id);
  return { app, key };
}

/** A loopback port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx (or throws after `timeoutMs`). */
export async function waitHttp(url, timeoutMs = 15_000, child = null) {
  const until = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${url} answered`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (err) {
      last = String(err?.cause?.code ?? err);
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs} ms (last: ${last})`);
}

/**
 * Starts a server process on `port` and waits until `readyPath` answers 2xx.
 * stdout is piped and drained (a silent service prints nothing; the development
 * bootstrap banner is not shown in production).
 */
export async function startServer(exe, args, { env, port, readyPath = "/", cwd, extraEnv = {} }) {
  const child = spawn(exe, args, { env: { ...env, ...extraEnv, PORT: String(port) }, cwd, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout.resume();
  await waitHttp(`http://127.0.0.1:${port}${readyPath}`, 15_000, child);
  return child;
}

/** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
export function stopServer(child, graceMs = 6_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** `scripts/build.ts <outfile>` with the pinned Bun; returns the executable's path. */
export function buildBinary(outfile) {
  const started = Date.now();
  const r = spawnSync(bun, [join(root, "scripts", "build.ts"), outfile], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`build failed (${r.status}): ${r.stderr}${r.stdout}`);
  return { path: outfile, ms: Date.now() - started };
}

/**
 * The compiled binary a bench runs: LINGSHU_BINARY when set, else one built into `dir` now
 * (`say` hears how long the build took). Returns the command and how to name it in the report.
 */
export function binaryUnderTest(dir, say) {
  if (process.env.LINGSHU_BINARY) return { command: [process.env.LINGSHU_BINARY], target: `binary ${process.env.LINGSHU_BINARY}` };
  const built = buildBinary(join(dir, "lingshu"));
  say(`built the binary in ${built.ms} ms`);
  return { command: [built.path], target: "compiled binary (scripts/build.ts)" };
}

/** VmRSS and VmHWM (peak RSS) of a live process, in KiB, from /proc/<pid>/status; null once it is gone. */
export function readMemory(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
  return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
}

/** User + system CPU seconds a process has used so far (/proc/<pid>/stat, 100 ticks/s). */
export function readCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14 and 15 of stat)
  } catch {
    return NaN;
  }
}

/** Bytes of an SQLite database with its -wal and -shm files. */
export function databaseBytes(path) {
  let total = 0;
  for (const p of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      total += statSync(p).size;
    } catch {
      /* not there (yet) */
    }
  }
  return total;
}

/**
 * Samples a process's RSS every `intervalMs` into { t (ms since start), rssKb } rows,
 * with an optional extra probe per sample (e.g. database size).
 */
export class MemorySampler {
  constructor(pid, intervalMs = 250, extra = null) {
    this.pid = pid;
    this.samples = [];
    this.hwmKb = NaN;
    this.started = performance.now();
    const take = () => {
      const m = readMemory(pid);
      if (!m) return;
      this.hwmKb = m.hwmKb;
      this.samples.push({ t: performance.now() - this.started, rssKb: m.rssKb, ...(extra ? extra() : {}) });
    };
    take();
    this.timer = setInterval(take, intervalMs);
    this.timer.unref?.();
    this.take = take;
  }

  stop() {
    this.take();
    clearInterval(this.timer);
    return this.samples;
  }

  get peakKb() {
    return this.samples.reduce((m, s) => Math.max(m, s.rssKb), 0);
  }
}

export const mib = (kb) => (kb / 1024).toFixed(1);

/**
 * A minimal keep-alive HTTP/1.1 client on one socket, one request at a time (no
 * pipelining), for load generation: several times cheaper per request than node:http,
 * so the generator measures the server rather than itself. Answers with Content-Length
 * or chunked bodies; reconnects after `Connection: close` or a dropped socket.
 */
export class HttpConnection {
  constructor(port, host = "127.0.0.1", timeoutMs = 30_000) {
    this.port = port;
    this.host = host;
    this.timeoutMs = timeoutMs;
    this.socket = null;
    this.pending = null; // { resolve, reject }
    this.buf = null;
  }

  connect() {
    const socket = netConnect(this.port, this.host);
    socket.setNoDelay(true);
    socket.setTimeout(this.timeoutMs);
    socket.on("data", (chunk) => {
      if (this.socket !== socket) return;
      this.buf = this.buf === null || this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.parse();
    });
    const fail = (err) => {
      socket.destroy();
      if (this.socket !== socket) return; // a socket this connection already let go of
      this.socket = null;
      const p = this.pending;
      this.pending = null;
      this.buf = null;
      if (p) p.reject(err);
    };
    socket.on("timeout", () => fail(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    socket.on("error", fail);
    socket.on("close", () => fail(Object.assign(new Error("socket closed"), { code: "ECONNRESET" })));
    this.socket = socket;
  }

  /**
   * @param headers extra request headers (Host and Content-Length are added here)
   * @param body a string (sent as UTF-8) or null
   * @returns {Promise<{ status: number, body: Buffer }>}
   */
  request(method, path, headers, body = null) {
    if (this.pending) return Promise.reject(new Error("one request at a time"));
    if (!this.socket) this.connect();
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    if (body !== null) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(body === null ? `${head}\r\n` : `${head}\r\n${body}`);
    });
  }

  close() {
    const s = this.socket;
    this.socket = null;
    s?.destroy();
  }

  parse() {
    const buf = this.buf;
    const headEnd = buf.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = buf.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const lower = head.toLowerCase();
    const close = /\r\nconnection:\s*close/.test(lower);
    let body;
    let consumed;
    const cl = /\r\ncontent-length:\s*(\d+)/.exec(lower);
    if (cl) {
      const len = Number(cl[1]);
      if (buf.length < headEnd + 4 + len) return;
      body = buf.subarray(headEnd + 4, headEnd + 4 + len);
      consumed = headEnd + 4 + len;
    } else if (/\r\ntransfer-encoding:\s*chunked/.test(lower)) {
      const parts = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = buf.indexOf("\r\n", at);
        if (lineEnd < 0) return;
        const size = parseInt(buf.toString("latin1", at, lineEnd), 16);
        if (buf.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          consumed = lineEnd + 4; // no trailers expected
          break;
        }
        parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else if (status === 204 || status === 304) {
      body = Buffer.alloc(0);
      consumed = headEnd + 4;
    } else {
      const p = this.pending;
      this.pending = null;
      this.close();
      p?.reject(new Error(`answer without a length: ${head.split("\r\n")[0]}`));
      return;
    }
    this.buf = consumed === buf.length ? null : buf.subarray(consumed);
    const p = this.pending;
    this.pending = null;
    if (close) this.close();
    p?.resolve({ status, body });
  }
}
