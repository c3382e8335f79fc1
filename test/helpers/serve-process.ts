/**
 * `bun src/main.ts serve` as a real process (no build step), for what only a process shows:
 * signals, start-up failures, the database role it connects as. PORT=0; the port is read from
 * the "listening" log line, as test/helpers/binary.ts does for the compiled binary.
 */
import { join } from "node:path";
import type { Subprocess } from "bun";
import { runCli } from "./cli.ts";

const ROOT = join(import.meta.dir, "..", "..");

export interface ServeProcess {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** The port once it logs "listening"; null when it exited first. */
  listening: Promise<number | null>;
  /** The exit code, once the process has exited and all its output is read. */
  ended: Promise<number>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stderr(): string;
}

/** Starts `serve` with exactly `env` (plus PATH, PORT=0 and LOG_LEVEL=info unless given). */
export function spawnServe(env: Record<string, string>): ServeProcess {
  const proc = Bun.spawn([process.execPath, join(ROOT, "src", "main.ts"), "serve"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env, PORT: "0" },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  let err = "";
  let resolvePort!: (port: number | null) => void;
  const listening = new Promise<number | null>((resolve) => (resolvePort = resolve));
  const read = async (stream: ReadableStream<Uint8Array>, append: (text: string) => void) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) append(decoder.decode(chunk, { stream: true }));
  };
  const stdoutRead = read(proc.stdout, (text) => {
    out += text;
    const complete = out.slice(0, out.lastIndexOf("\n") + 1);
    const line = complete.split("\n").find((l) => l.includes('"msg":"listening"'));
    if (line) resolvePort(JSON.parse(line).port);
  });
  const stderrRead = read(proc.stderr, (text) => (err += text));
  void proc.exited.then(() => resolvePort(null));
  const ended = Promise.all([proc.exited, stdoutRead, stderrRead]).then(([code]) => code);
  return { proc, listening, ended, output: () => out + err, stderr: () => err };
}

/** The port of a started `serve`, or a thrown error with its output when it exited or stayed silent. */
export async function listeningPort(server: ServeProcess, timeoutMs = 15_000): Promise<number> {
  const port = await Promise.race([server.listening, Bun.sleep(timeoutMs).then(() => undefined)]);
  if (typeof port === "number") return port;
  server.proc.kill("SIGKILL");
  throw new Error(`serve ${port === null ? `exited with ${server.proc.exitCode}` : `did not log "listening" within ${timeoutMs} ms`}:\n${server.output()}`);
}

/** An App with `bazi` and a key, made with the operator CLI against the same database. */
export function cliTenant(env: Record<string, string>): { appId: string; key: string } {
  const app = runCli(["app", "create", "--name", "process test", "--env", "test", "--capabilities", "bazi", "--json"], env);
  if (app.code !== 0) throw new Error(`app create exited ${app.code}: ${app.stderr}`);
  const key = runCli(["key", "create", app.json.id, "--json"], env);
  if (key.code !== 0) throw new Error(`key create exited ${key.code}: ${key.stderr}`);
  return { appId: app.json.id, key: key.json.key };
}

/**
 * A chart creation held in flight: its headers and half its body are sent now, the rest on
 * finish(). `answer` is the raw HTTP answer (the connection asks to be closed after it).
 */
export function chartCreationInFlight(port: number, key: string, idempotencyKey: string): { finish(): void; answer: Promise<string> } {
  const body = JSON.stringify({ birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } });
  const head = [
    "POST /v1/bazi/charts HTTP/1.1",
    "Host: 127.0.0.1",
    `Authorization: Bearer ${key}`,
    "Content-Type: application/json",
    `Idempotency-Key: ${idempotencyKey}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  const half = Math.floor(body.length / 2);
  let received = "";
  let socket!: import("bun").Socket;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const answer = new Promise<string>((resolve, reject) => {
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(s) {
          socket = s;
          s.write(head + body.slice(0, half));
          opened();
        },
        data(_s, chunk) {
          received += chunk.toString();
        },
        close: () => resolve(received),
        error: (_s, err) => reject(err),
        connectError: (_s, err) => reject(err),
      },
    }).catch(reject);
  });
  return {
    finish: () => void open.then(() => socket.write(body.slice(half))),
    answer,
  };
}

/**
 * The port of the "listening" log line on `stdout` of a service started by other means than
 * spawnServe (a release executable, the image's binary); throws when it exits first or stays
 * silent for `timeoutMs`.
 */
export async function portFromListeningLine(stdout: ReadableStream<Uint8Array>, timeoutMs = 20_000): Promise<number> {
  const read = (async () => {
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of stdout) {
      text += decoder.decode(chunk, { stream: true });
      const line = text.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) return JSON.parse(line).port as number;
    }
    throw new Error("the service exited before listening");
  })();
  return Promise.race([read, Bun.sleep(timeoutMs).then(() => Promise.reject(new Error(`no "listening" line within ${timeoutMs} ms`)))]);
}
