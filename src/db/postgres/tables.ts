/** The Subject tables by kind and by id prefix, shared by the PostgreSQL repositories. */
import type { SubjectKind } from "../storage.ts";
import { ID_PREFIXES } from "../../ids.ts";

export const SUBJECT_TABLE_NAMES: Readonly<Record<SubjectKind, string>> = { chart: "charts", cast: "casts", plan: "plans" };

/** The Subject tables (whose `record` is a resource's complete answer) by id prefix, e.g. "bzc_". */
const BY_PREFIX = new Map(Object.entries(SUBJECT_TABLE_NAMES).map(([kind, table]) => [`${ID_PREFIXES[kind as SubjectKind]}_`, table]));

/** The Subject table an id belongs to by its prefix ("charts" for "bzc_…"), or undefined. */
export function subjectTableOf(id: string): string | undefined {
  return BY_PREFIX.get(id.slice(0, id.indexOf("_") + 1));
}
