/** Shared helpers for the BaZi tests: build a chart from raw input, pick a warning by code. */
import { type ChartBody, computeChart } from "../../../src/bazi/chart.ts";
import { validateBirth } from "../../../src/bazi/validate-birth.ts";
import type { ChartWarning } from "../../../src/bazi/warnings.ts";

/** Validate then compute; throws with the validation details if the input is rejected. */
export function chartOf(input: unknown): ChartBody {
  const v = validateBirth(input);
  if (!v.ok) throw new Error(`input rejected: ${JSON.stringify(v.details)}`);
  return computeChart(v.birth);
}

/** The chart's warning with `code`, typed by code, or undefined. */
export function warningOf<C extends ChartWarning["code"]>(c: ChartBody, code: C): Extract<ChartWarning, { code: C }> | undefined {
  return c.warnings.find((w) => w.code === code) as Extract<ChartWarning, { code: C }> | undefined;
}
