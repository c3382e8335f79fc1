/** Runs the operator command line as a real subprocess, as other tooling does. */
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** `command` is the argv prefix: [bun, src/main.ts] by default, or [dist/lingshu]. */
export function runCli(args: string[], env: Record<string, string>, command: string[] = [process.execPath, join(ROOT, "src", "main.ts")]): CliResult {
  const proc = Bun.spawnSync([...command, ...args], { env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env }, cwd: ROOT });
  const stdout = proc.stdout.toString();
  let json: any = null;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = null;
  }
  return { code: proc.exitCode ?? -1, stdout, stderr: proc.stderr.toString(), json };
}
