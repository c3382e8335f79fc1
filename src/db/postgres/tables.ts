/** The Subject tables by kind and by id, shared by the PostgreSQL repositories (names from src/subjects.ts). */
import { SUBJECTS, subjectKindOf, type SubjectKind } from "../../subjects.ts";

export const SUBJECT_TABLE_NAMES: Readonly<Record<SubjectKind, string>> = { chart: SUBJECTS.chart.table, cast: SUBJECTS.cast.table, plan: SUBJECTS.plan.table };

/** The Subject table an id belongs to by its prefix ("charts" for "bzc_…"), or undefined. */
export function subjectTableOf(id: string): string | undefined {
  const kind = subjectKindOf(id);
  return kind && SUBJECT_TABLE_NAMES[kind];
}
