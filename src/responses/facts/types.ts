/**
 * A fact sheet is what an interpreter may talk about: the confirmed facts of one
 * Subject, copied verbatim from its stored record (never recomputed). `lines`
 * is the text the model reads; `data` the same facts, typed, for the local interpreter.
 */
import type { Capability } from "../../db/types.ts";

/** The sheet of one capability, with its typed facts (each facts module names its own). */
export interface FactSheetOf<C extends Capability, D> {
  capability: C;
  subjectId: string;
  /** One short line naming the Subject; it opens the rolling summary. */
  headline: string;
  /** Labelled lines, values verbatim from the record. */
  lines: string[];
  data: D;
}
