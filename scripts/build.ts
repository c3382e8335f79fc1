/**
 * `npm run build`: one self-contained executable at dist/lingshu, with the
 * migrations, the guide and the audio asset embedded (they are imported with
 * `with { type: "text" | "file" }`). Runs from an empty directory, no node_modules.
 * The checkpoint worker is a second entry: a Worker's module is bundled only when listed.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const outfile = process.argv[2] ?? join(root, "dist", "lingshu");
mkdirSync(join(outfile, ".."), { recursive: true });
const started = performance.now();
// The build id (src/version.ts): the commit checked out, marked when the tree has changes, and the time.
const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: root, stdout: "pipe", stderr: "ignore" });
const head = git("rev-parse", "--short=12", "HEAD");
const dirty = git("status", "--porcelain", "--untracked-files=no").stdout.toString().trim() !== "";
const commit = head.exitCode === 0 ? `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}` : "unknown";
const defines = ["--define", `LINGSHU_BUILD_COMMIT=${JSON.stringify(commit)}`, "--define", `LINGSHU_BUILD_DATE=${JSON.stringify(new Date().toISOString())}`];
const proc = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--sourcemap", ...defines, join(root, "src", "main.ts"), join(root, "src", "db", "sqlite", "checkpoint-worker.ts"), "--outfile", outfile], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1);
console.log(`built ${outfile} (${commit}) in ${Math.round(performance.now() - started)} ms`);
