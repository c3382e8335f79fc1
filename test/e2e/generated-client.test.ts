/**
 * An integrator's view of the contract: a TypeScript client generated from /openapi.json by an
 * independent generator (openapi-typescript) must type deep fields of the results, so a program
 * reading them type-checks — and a program reading a field the document does not declare, or
 * treating a typed field as another type, does not. An untyped section (an open object read as
 * `Record<string, unknown>`) fails the first program.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS from "openapi-typescript";
import { startServer, type TestServer } from "../helpers/server.ts";

let s: TestServer;
let dir: string;

beforeAll(async () => {
  s = await startServer();
  const doc = (await s.request("GET", "/openapi.json", { key: null })).json;
  dir = mkdtempSync(join(tmpdir(), "lingshu-client-"));
  writeFileSync(join(dir, "lingshu.ts"), await openapiTS(doc, { emptyObjectsUnknown: true }));
});
afterAll(async () => {
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Type-checks one program against the generated client with the repository's compiler; its diagnostics. */
function typeCheck(name: string, program: string): { ok: boolean; output: string } {
  writeFileSync(join(dir, `${name}.ts`), `import type { components, paths } from "./lingshu";\n${program}\nexport {};\n`);
  const tsc = Bun.spawnSync([join(import.meta.dir, "../../node_modules/.bin/tsc"), "--noEmit", "--strict", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", join(dir, `${name}.ts`)], {
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { ok: tsc.exitCode === 0, output: `${tsc.stdout.toString()}${tsc.stderr.toString()}` };
}

/** What each answer is, as a client names it: by path (the created resource) and by component. */
const PRELUDE = `
type Created<P extends keyof paths> = paths[P] extends { post: { responses: { 201: { content: { "application/json": infer T } } } } } ? T : never;
declare const chart: Created<"/v1/bazi/charts">;
declare const cast: Created<"/v1/liuyao/casts">;
declare const plan: Created<"/v1/healing/plans">;
declare const response: Created<"/v1/responses">;
declare const sessions: paths["/v1/healing/sessions"]["get"]["responses"][200]["content"]["application/json"];
declare const line: components["schemas"]["LiuyaoLine"];
`;

describe("a client generated from /openapi.json", () => {
  test("types the deep fields of every result: a program reading them type-checks", () => {
    const result = typeCheck(
      "reads",
      `${PRELUDE}
const dayPillar: string = chart.pillars.day.ganzhi;
const favourable: ("wood" | "fire" | "earth" | "metal" | "water")[] = chart.five_elements.favorable_elements;
const luckStart: number = chart.luck.pillars[0].start_year;
const relative: string = cast.primary.lines[0].relative;
const moving: boolean = cast.primary.lines[5].moving;
const palace: string = cast.primary.palace;
const hu: string = cast.hu.name;
const changed: string | undefined = cast.changed?.lines[0].branch;
const sameLine: string = line.branch;
const protocol: string | null = plan.protocol?.id ?? null;
const level: "none" | "concern" | "crisis" = response.safety.level;
const state: string = sessions.data[0].state;
const more: boolean = sessions.has_more;
`,
    );
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 60_000);

  test.each([
    ["a field the document does not declare", "const x = chart.pillars.day.not_a_field;"],
    ["a string read as a number", "const x: number = cast.primary.lines[0].relative;"],
    ["a nullable section read as always there", "const x: string = cast.changed.name;"],
  ])("refuses %s", (_label, statement) => {
    const result = typeCheck(`refuses-${_label.replace(/\W+/g, "-")}`, `${PRELUDE}\n${statement}`);
    expect(result.ok).toBe(false);
    // A type error in the program (TS2xxx, TS18xxx), not a complaint about the compiler's set-up (TS5xxx).
    expect(result.output).toMatch(/error TS(?:2\d{3}|18\d{3}):/);
  }, 60_000);
});
