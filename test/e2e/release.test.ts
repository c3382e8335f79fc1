/**
 * `npm run release`: every platform's executable, with SHA-256 sums `sha256sum -c` accepts; the
 * linux-x64 one (this machine's) runs: --version names the release's build, and it serves /health.
 * The others are checked by their headers (ELF or Mach-O, and the CPU), as they cannot run here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRelease, RELEASE_TARGETS, releaseFileName, type ReleasePlatform } from "../../scripts/release.ts";
import { portFromListeningLine } from "../helpers/serve-process.ts";

/** The executable format and CPU a file's header names. */
function header(path: string): string {
  const bytes = readFileSync(path).subarray(0, 20);
  if (bytes.readUInt32BE(0) === 0x7f454c46) return `elf ${({ 0x3e: "x64", 0xb7: "arm64" } as Record<number, string>)[bytes.readUInt16LE(18)] ?? bytes.readUInt16LE(18)}`;
  if (bytes.readUInt32LE(0) === 0xfeedfacf) return `mach-o ${({ 0x01000007: "x64", 0x0100000c: "arm64" } as Record<number, string>)[bytes.readUInt32LE(4)] ?? bytes.readUInt32LE(4)}`;
  return "unknown";
}

const EXPECTED_HEADER: Record<ReleasePlatform, string> = { "linux-x64": "elf x64", "linux-arm64": "elf arm64", "darwin-arm64": "mach-o arm64", "darwin-x64": "mach-o x64" };

let dir: string;
let built: { file: string; sha256: string }[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lingshu-release-"));
  built = buildRelease(dir);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run release", () => {
  test("one executable per platform, each of its platform's format and CPU", () => {
    expect(built.map((b) => b.file)).toEqual((Object.keys(RELEASE_TARGETS) as ReleasePlatform[]).map((p) => join(dir, releaseFileName(p))));
    for (const platform of Object.keys(RELEASE_TARGETS) as ReleasePlatform[]) {
      const file = join(dir, releaseFileName(platform));
      expect({ platform, header: header(file) }).toEqual({ platform, header: EXPECTED_HEADER[platform] });
      expect(statSync(file).mode & 0o111).not.toBe(0);
    }
  });

  test("SHA256SUMS lists each with its sum, and sha256sum -c accepts them", () => {
    const sums = readFileSync(join(dir, "SHA256SUMS"), "utf8");
    for (const { file, sha256 } of built) expect(sums).toContain(`${sha256}  ${file.slice(dir.length + 1)}\n`);
    const check = Bun.spawnSync(["sha256sum", "-c", "SHA256SUMS"], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    expect(check.stderr.toString()).toBe("");
    expect(check.exitCode).toBe(0);
  });

  test("the linux-x64 executable runs: --version names the release's build, and it serves /health with it", async () => {
    const binary = join(dir, releaseFileName("linux-x64"));
    const version = Bun.spawnSync([binary, "--version", "--json"], { env: { PATH: "/usr/bin:/bin" }, stdout: "pipe" });
    const build = JSON.parse(version.stdout.toString());
    expect(build.commit).toMatch(/^[0-9a-f]{12}(-dirty)?$|^unknown$/);
    const work = mkdtempSync(join(tmpdir(), "lingshu-release-run-"));
    const proc = Bun.spawn([binary, "serve"], { cwd: work, env: { PATH: "/usr/bin:/bin", PORT: "0", DATABASE_PATH: join(work, "db.sqlite") }, stdout: "pipe", stderr: "pipe" });
    try {
      const port = await portFromListeningLine(proc.stdout);
      const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { build: string };
      expect(health.build).toBe(build.build);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
