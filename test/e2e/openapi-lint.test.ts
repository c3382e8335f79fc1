/**
 * The OpenAPI document the compiled binary publishes at /openapi.json, judged by tools
 * that are not ours:
 *
 * - @seriousme/openapi-schema-validator: a valid OpenAPI 3.1 document;
 * - Redocly CLI `lint` with the `recommended` ruleset (test/e2e/redocly.yaml), offline
 *   (telemetry and the update check off): zero errors; every warning is printed;
 * - Ajv (JSON Schema 2020-12, strict mode, through test/helpers/openapi-conformance.ts):
 *   every response schema compiles, closed against undocumented fields.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { LingshuBinary } from "../helpers/binary.ts";
import { OpenApiConformance } from "../helpers/openapi-conformance.ts";

const ROOT = join(import.meta.dir, "..", "..");
const REDOCLY = join(ROOT, "node_modules", ".bin", "redocly");
const REDOCLY_CONFIG = join(import.meta.dir, "redocly.yaml");

let bin: LingshuBinary;
let doc: any;
let dir: string;
let file: string;

beforeAll(async () => {
  bin = await LingshuBinary.start({ tenant: false });
  const res = await bin.request("GET", "/openapi.json", { key: null });
  expect(res.status).toBe(200);
  doc = res.json;
  dir = mkdtempSync(join(tmpdir(), "lingshu-openapi-"));
  file = join(dir, "openapi.json");
  writeFileSync(file, res.text);
}, 60_000);
afterAll(async () => {
  await bin?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface RedoclyProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location?: { pointer?: string }[];
}

describe("the published /openapi.json", () => {
  test("is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("Redocly lint (recommended): no error; warnings reported", async () => {
    const proc = Bun.spawn([REDOCLY, "lint", file, "--config", REDOCLY_CONFIG, "--format", "json"], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1", CI: "true" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    let report: { totals: { errors: number; warnings: number }; problems: RedoclyProblem[] };
    try {
      report = JSON.parse(stdout.slice(stdout.indexOf("{")));
    } catch {
      throw new Error(`redocly lint printed no JSON report (exit ${code}):\n${stdout}\n${stderr}`);
    }
    const show = (p: RedoclyProblem) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? "?"}`;
    const warnings = report.problems.filter((p) => p.severity === "warn");
    if (warnings.length > 0) console.log(`Redocly: ${warnings.length} warning(s):\n  ${warnings.map(show).join("\n  ")}`);
    expect(report.problems.filter((p) => p.severity === "error").map(show)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(code).toBe(0);
  }, 30_000);

  test("every response schema compiles with Ajv (2020-12, strict) once closed against undocumented fields", () => {
    const checker = new OpenApiConformance(doc);
    expect(checker.compileAll()).toBeGreaterThan(0);
    // Every business operation documents a JSON body for each of its statuses but 204.
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const op of Object.values<any>(item)) {
        for (const [status, response] of Object.entries<any>(op.responses)) {
          if (status === "204") expect(response.content).toBeUndefined();
          else expect(Object.keys(response.content ?? {})).toEqual(["application/json"]);
        }
      }
    }
  });
});
