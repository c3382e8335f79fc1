/** Binary-classifier tallies shared by the labelled-set tests of the Responses text modules. */
export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
}

/** Precision and recall over (predicted, expected) pairs; an empty denominator counts as 1. */
export function tally(outcomes: readonly { predicted: boolean; expected: boolean }[]): Tally {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const { predicted, expected } of outcomes) {
    if (predicted && expected) tp++;
    else if (predicted) fp++;
    else if (expected) fn++;
    else tn++;
  }
  return { tp, fp, fn, tn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1 };
}

/** One line for the log, e.g. "matter/tune n=155 P=1.000 R=0.983 (tp 57, fp 0, fn 1, tn 97)". */
export function formatTally(label: string, t: Tally): string {
  const n = t.tp + t.fp + t.fn + t.tn;
  return `${label} n=${n} P=${t.precision.toFixed(3)} R=${t.recall.toFixed(3)} (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`;
}
