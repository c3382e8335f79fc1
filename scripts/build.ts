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
const proc = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", "--sourcemap", join(root, "src", "main.ts"), join(root, "src", "db", "sqlite", "checkpoint-worker.ts"), "--outfile", outfile], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1);
console.log(`built ${outfile} in ${Math.round(performance.now() - started)} ms`);
