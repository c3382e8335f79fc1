#!/usr/bin/env node
/**
 * Mutation testing (StrykerJS): plants one small bug at a time in a folder's code (a flipped
 * comparison, a dropped statement, another constant) and runs that folder's own tests against each;
 * a mutant the tests do not notice is a gap in them. On demand, never in `npm test` or CI: a folder
 * takes from minutes (a file) to hours (src/platform, whose tests are the HTTP suites) on 2 cores.
 *
 *   npm run mutate -- liuyao                     # one folder: src/liuyao against its tests
 *   npm run mutate -- bazi healing               # several, one after another
 *   npm run mutate -- liuyao --files src/liuyao/ganzhi.ts   # one file (or a glob) of it
 *   npm run mutate -- bazi --files "src/bazi/luck.ts:59-82 src/bazi/pillars.ts:89-89"  # lines of files
 *   npm run mutate -- liuyao --incremental       # only what changed since the last run's report
 *   npm run mutate -- platform --files src/platform/limits.ts --tests test/http/limits.test.ts
 *
 * `--tests` runs fewer tests than the folder's (the ones written for that file): a mutant they kill the
 * folder's tests kill too, so the score is a lower bound of the folder's, reached in a fraction of the
 * time (src/platform's tests are the HTTP suites, a minute and more a run).
 *
 * Stryker runs under Node (it needs it); each mutant's test run is `bun test` on the folder's test
 * paths below, with the mutant switched on by Stryker's environment variable (the command runner:
 * a mutant is killed when the command exits non-zero). Reports: reports/mutation/<folder>.html and
 * .json; the incremental state beside them. The score per folder is printed at the end and kept in
 * the README with the commit it was measured on.
 */
import { Stryker } from "@stryker-mutator/core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const bun = join(root, "node_modules", ".bin", "bun");

/**
 * A capability's route declarations are the platform's to test (the HTTP suites), not its pure
 * core's; so is the shell around a core that reaches storage, the SDK or the network.
 */
const core = (folder, shell = []) => [`src/${folder}/**/*.ts`, `!src/${folder}/routes.ts`, ...shell.map((file) => `!src/${folder}/${file}`)];
/** The Responses shell: the creation's storage and billing, the Anthropic SDK, `check-model`, the metrics wrapper (test/http). */
const RESPONSES_SHELL = ["create-response.ts", "anthropic-interpreter.ts", "check-model.ts", "choose-interpreter.ts", "observed-interpreter.ts"];

/** Each folder's code and the tests that are meant to catch a bug in it. */
export const FOLDERS = {
  bazi: { mutate: core("bazi"), tests: ["test/unit/bazi", "test/golden/bazi-engine.test.ts"] },
  liuyao: { mutate: core("liuyao"), tests: ["test/unit/liuyao", "test/golden/liuyao-engine.test.ts"] },
  healing: { mutate: core("healing", ["session-routes.ts"]), tests: ["test/unit/healing"] },
  responses: { mutate: core("responses", RESPONSES_SHELL), tests: ["test/unit/responses", "test/golden/responses-facts.test.ts"] },
  // The metrics endpoint is tested on the compiled binary (built from the mutated source in each run).
  platform: { mutate: ["src/platform/**/*.ts"], tests: ["test/http", "test/unit/cli", "test/unit/platform", "test/e2e/metrics.test.ts"] },
};

function parse(argv) {
  const folders = [];
  let files = null;
  let incremental = false;
  let tests = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--incremental") incremental = true;
    else if (arg === "--files") files = argv[++i];
    else if (arg === "--tests") tests = argv[++i].split(/[ ,]+/).filter(Boolean);
    else if (arg in FOLDERS) folders.push(arg);
    else throw new Error(`unknown argument "${arg}": give folders among ${Object.keys(FOLDERS).join(", ")}, --files GLOB, --tests PATHS, --incremental`);
  }
  if (folders.length === 0) throw new Error(`give one or more folders: ${Object.keys(FOLDERS).join(", ")}`);
  if (files && folders.length > 1) throw new Error("--files goes with one folder");
  if (tests && !files) throw new Error("--tests goes with --files: a subset of the tests measures the file it was written for");
  return { folders, files, incremental, tests };
}

async function mutate(folder, { files, incremental, tests: subset }) {
  const { mutate } = FOLDERS[folder];
  const tests = subset ?? FOLDERS[folder].tests;
  const reports = join(root, "reports", "mutation");
  mkdirSync(reports, { recursive: true });
  const stryker = new Stryker({
    testRunner: "command",
    commandRunner: { command: `${bun} test --bail ${tests.join(" ")}` },
    // The command runner cannot tell which tests cover a mutant: every mutant runs the folder's tests.
    coverageAnalysis: "off",
    // Several patterns are separated by spaces; `file:10-20` is Stryker's range of lines.
    mutate: files ? files.split(/\s+/).filter(Boolean) : mutate,
    concurrency: 2,
    timeoutMS: 20_000,
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: join(reports, `${folder}.html`) },
    jsonReporter: { fileName: join(reports, `${folder}.json`) },
    incremental,
    incrementalFile: join(reports, `${folder}.incremental.json`),
    tempDirName: join(".stryker-tmp", folder),
    cleanTempDir: true,
    // Bun runs the TypeScript as it is; no build step, no type check of mutants.
    disableTypeChecks: "{src,test}/**/*.ts",
    // Stryker rewrites the tsconfig it is pointed at through TypeScript's API, which TypeScript 7 no
    // longer has; ours refers to nothing outside the sandbox, so it is pointed at no file.
    tsconfigFile: "no-tsconfig-to-rewrite.json",
    logLevel: "info",
  });
  const results = await stryker.runMutationTest();
  const count = (status) => results.filter((r) => r.status === status).length;
  const killed = count("Killed") + count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const errors = count("RuntimeError") + count("CompileError");
  const scored = killed + survived + noCoverage;
  return { folder, mutants: results.length, killed, survived, noCoverage, errors, score: scored === 0 ? null : killed / scored };
}

const options = parse(process.argv.slice(2));
const scores = [];
for (const folder of options.folders) scores.push(await mutate(folder, options));
console.log("\n| folder | mutants | killed | survived | errors | score |\n|---|---:|---:|---:|---:|---:|");
for (const s of scores) console.log(`| src/${s.folder} | ${s.mutants} | ${s.killed} | ${s.survived + s.noCoverage} | ${s.errors} | ${s.score === null ? "–" : `${(s.score * 100).toFixed(1)} %`} |`);
