/**
 * Property tests over thousands of random valid payloads, checked against the design's
 * tables as re-stated in fixtures.ts (independent of the filter code).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CATALOG } from "../../../src/healing/catalog/index.ts";
import { createPlanBody } from "../../../src/healing/recommend.ts";
import { scoreProtocol } from "../../../src/healing/scoring.ts";
import { normalizePlanInput } from "../../../src/healing/input.ts";
import { DEPS, baziArb, expectedRedLines, planInputArb, violations } from "./fixtures.ts";

const RUNS = 3000;
/** Fixed seed: a failure reproduces; fast-check prints the shrunk counterexample. */
const SEED = 20240611;

describe("Plans for random valid payloads", () => {
  test(`blocked iff a red line; no recommended protocol ever breaks a filter (${RUNS} payloads)`, () => {
    fc.assert(
      fc.property(planInputArb, (x) => {
        const plan = createPlanBody(x, DEPS);
        const redLines = expectedRedLines(x);
        expect(plan.status).toBe(redLines.length > 0 ? "blocked" : "recommended");
        if (plan.status === "blocked") {
          expect(plan.block!.reason_codes as string[]).toEqual(redLines);
          expect(plan.block!.primary_reason).toBe(redLines[0] as never);
          expect(plan.protocol).toBeNull();
          return;
        }
        const passing = CATALOG.filter((p) => violations(p, x).length === 0).map((p) => p.id).sort();
        const selection = plan.selection!;
        // The surviving set is exactly the protocols the design table lets through.
        expect(CATALOG.map((p) => p.id).filter((id) => !(id in selection.rejected)).sort()).toEqual(passing);
        for (const id of Object.keys(selection.rejected)) expect(violations(CATALOG.find((p) => p.id === id)!, x).length).toBeGreaterThan(0);
        if (passing.length === 0) {
          expect(selection.mode).toBe("fallback");
          expect(plan.protocol!.id).toBe("grounding_orient_1");
        } else {
          expect(selection.mode).toBe("scored");
          expect(violations(CATALOG.find((p) => p.id === plan.protocol!.id)!, x)).toEqual([]);
          // The chosen one scores at least as well as every survivor.
          const normalized = normalizePlanInput(x);
          for (const id of passing) {
            expect(scoreProtocol(CATALOG.find((p) => p.id === id)!, normalized, null).total).toBeLessThanOrEqual(plan.protocol!.scoring.total);
          }
        }
        expect(plan.support_notice !== null).toBe(x.check_in.intensity >= 9);
        const total = plan.protocol!.scoring.total;
        expect(Number.isInteger(total) && total >= 0 && total <= 10000).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  test("a chart moves each total by at most 250 and never the status, mode or surviving set; output is byte-stable", () => {
    fc.assert(
      fc.property(planInputArb, baziArb, (x, bazi) => {
        const plain = createPlanBody(x, DEPS);
        const charted = createPlanBody(x, { ...DEPS, bazi });
        expect(JSON.stringify(createPlanBody(structuredClone(x), { ...DEPS, bazi }))).toBe(JSON.stringify(charted));
        expect(charted.status).toBe(plain.status);
        expect(charted.input_sha256).toBe(plain.input_sha256);
        if (plain.status === "blocked") return;
        expect(charted.selection!.mode).toBe(plain.selection!.mode);
        expect(charted.selection!.rejected).toEqual(plain.selection!.rejected);
        const normalized = normalizePlanInput(x);
        const before = scoreProtocol(CATALOG.find((p) => p.id === charted.protocol!.id)!, normalized, null).total;
        expect(Math.abs(charted.protocol!.scoring.total - before)).toBeLessThanOrEqual(250);
        for (const c of charted.selection!.candidates) {
          const unscored = scoreProtocol(CATALOG.find((p) => p.id === c.protocol_id)!, normalized, null);
          expect(Math.abs(c.total - unscored.total)).toBeLessThanOrEqual(250);
          expect({ ...c.components, bazi: 50 }).toEqual(unscored.components);
        }
      }),
      { numRuns: 1000, seed: SEED },
    );
  });
});
