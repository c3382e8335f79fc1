/**
 * The compiled binary: built with `npm run build`'s script, started from an empty
 * directory (no node_modules), on a fresh database; /ready, the operator CLI and
 * an authenticated request against it, and a clean SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/cli.ts";

const ROOT = join(import.meta.dir, "..", "..");
let dir: string;
let binary: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lingshu-bin-"));
  binary = join(dir, "lingshu");
  const build = Bun.spawnSync([process.execPath, join(ROOT, "scripts", "build.ts"), binary], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function waitReady(base: string, deadlineMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < deadlineMs) {
    try {
      const r = await fetch(`${base}/ready`);
      if (r.status === 200) return performance.now() - started;
    } catch {}
    await Bun.sleep(10);
  }
  throw new Error("binary never became ready");
}

describe("dist/lingshu", () => {
  test("runs from an empty directory: migrations embedded, CLI works, a chart over HTTP, SIGTERM exits 0", async () => {
    expect(existsSync(binary)).toBe(true);
    const work = mkdtempSync(join(dir, "run-"));
    const env = { DATABASE_PATH: join(work, "db", "lingshu.sqlite"), KEY_PEPPER: "binary-test-pepper-123456", LOG_LEVEL: "silent" };
    const app = runCli(["app", "create", "--name", "bin", "--env", "test", "--capabilities", "bazi,liuyao,healing", "--json"], env, [binary]);
    expect(app.code).toBe(0);
    const key = runCli(["key", "create", app.json.id, "--json"], env, [binary]).json.key as string;
    expect(key).toMatch(/^ap_test_/);

    const port = 20000 + Math.floor(Math.random() * 20000);
    const proc = Bun.spawn([binary, "serve"], { cwd: work, env: { ...env, PORT: String(port), PATH: "/usr/bin:/bin" }, stdout: "pipe", stderr: "pipe" });
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitReady(base, 10_000);
      const res = await fetch(`${base}/v1/bazi/charts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "bin-1" },
        body: JSON.stringify({ birth: { year: 1949, month: 10, day: 1, hour: 15, gender: "男" } }),
      });
      expect(res.status).toBe(201);
      const chart: any = await res.json();
      expect(chart.pillars.day.ganzhi).toBe("甲子");
      const docs = await fetch(`${base}/docs`);
      expect(docs.status).toBe(200);
      expect((await fetch(`${base}/openapi.json`)).status).toBe(200);
      // The audio asset is embedded in the executable and served with ranges.
      const part = await fetch(`${base}/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3`, { headers: { range: "bytes=0-1023" } });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(1024);
    } finally {
      proc.kill("SIGTERM");
    }
    expect(await proc.exited).toBe(0);
  }, 60_000);
});
