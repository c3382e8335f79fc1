/**
 * `npm run build`: one self-contained executable at dist/lingshu, with the
 * migrations, the guide and the audio asset embedded (they are imported with
 * `with { type: "text" | "file" }`). Runs from an empty directory, no node_modules.
 * The checkpoint worker is a second entry: a Worker's module is bundled only when listed.
 * `buildExecutable` is also what `npm run release` (scripts/release.ts) compiles each platform with.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

/** The build id (src/version.ts): the commit checked out, marked when the tree has changes. */
export function buildCommit(): string {
  const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: root, stdout: "pipe", stderr: "ignore" });
  const head = git("rev-parse", "--short=12", "HEAD");
  const dirty = git("status", "--porcelain", "--untracked-files=no").stdout.toString().trim() !== "";
  return head.exitCode === 0 ? `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}` : "unknown";
}

/**
 * Compiles the service into `outfile`, for `target` (a `bun build --target`, e.g. bun-linux-arm64;
 * default this machine's). Bun fetches another platform's runtime once, from the npm registry.
 * @throws when the compiler fails (its output is on stderr)
 */
export function buildExecutable(outfile: string, options: { target?: string; commit?: string; date?: string } = {}): void {
  mkdirSync(join(outfile, ".."), { recursive: true });
  const commit = options.commit ?? buildCommit();
  const defines = ["--define", `LINGSHU_BUILD_COMMIT=${JSON.stringify(commit)}`, "--define", `LINGSHU_BUILD_DATE=${JSON.stringify(options.date ?? new Date().toISOString())}`];
  const target = options.target ? [`--target=${options.target}`] : [];
  const entries = [join(root, "src", "main.ts"), join(root, "src", "db", "sqlite", "checkpoint-worker.ts")];
  const proc = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--sourcemap", ...target, ...defines, ...entries, "--outfile", outfile], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if (proc.exitCode !== 0) throw new Error(`bun build --compile${target.length ? ` ${target[0]}` : ""} exited ${proc.exitCode}`);
}

if (import.meta.main) {
  const outfile = process.argv[2] ?? join(root, "dist", "lingshu");
  const started = performance.now();
  try {
    buildExecutable(outfile);
  } catch {
    process.exit(1);
  }
  console.log(`built ${outfile} (${buildCommit()}) in ${Math.round(performance.now() - started)} ms`);
}
