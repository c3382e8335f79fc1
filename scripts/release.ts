/**
 * `npm run release`: the executable for every platform an operator runs it on, with SHA-256 sums.
 * Writes dist/release/lingshu-<version>-<platform> and dist/release/SHA256SUMS (the format
 * `sha256sum -c` reads). `-- --out DIR` writes elsewhere. All are built from the same commit and
 * carry the same build id.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { buildCommit, buildExecutable } from "./build.ts";
import { VERSION } from "../src/version.ts";

/** The platforms released, by name, with the compiler's target for each. */
export const RELEASE_TARGETS = {
  "linux-x64": "bun-linux-x64",
  "linux-arm64": "bun-linux-arm64",
  "darwin-arm64": "bun-darwin-arm64",
  "darwin-x64": "bun-darwin-x64",
} as const;
export type ReleasePlatform = keyof typeof RELEASE_TARGETS;

export const releaseFileName = (platform: ReleasePlatform) => `lingshu-${VERSION}-${platform}`;

/** Builds every platform into `outDir` and writes SHA256SUMS; returns the files with their sums. */
export function buildRelease(outDir: string): { file: string; sha256: string }[] {
  const commit = buildCommit();
  const date = new Date().toISOString();
  const built = (Object.keys(RELEASE_TARGETS) as ReleasePlatform[]).map((platform) => {
    const file = join(outDir, releaseFileName(platform));
    buildExecutable(file, { target: RELEASE_TARGETS[platform], commit, date });
    return { file, sha256: createHash("sha256").update(readFileSync(file)).digest("hex") };
  });
  writeFileSync(join(outDir, "SHA256SUMS"), built.map(({ file, sha256 }) => `${sha256}  ${basename(file)}\n`).join(""));
  return built;
}

if (import.meta.main) {
  const at = process.argv.indexOf("--out");
  const outDir = at > 0 ? process.argv[at + 1]! : join(import.meta.dir, "..", "dist", "release");
  const started = performance.now();
  try {
    for (const { file, sha256 } of buildRelease(outDir)) console.log(`${sha256}  ${file}`);
  } catch (err) {
    console.error(`release: ${(err as Error).message}`);
    process.exit(1);
  }
  console.log(`released ${VERSION} (${buildCommit()}) in ${Math.round(performance.now() - started)} ms`);
}
