/**
 * The one registry of Subjects — the resources a Response can explain: for each kind, the
 * capability that owns it, its id prefix, its table, its collection path and how the API names it.
 * Ids, both storage backends, the routes and Responses read these; nothing else spells them out.
 * It imports nothing, so every layer can.
 */
export const SUBJECTS = {
  chart: { capability: "bazi", prefix: "bzc", table: "charts", collection: "/v1/bazi/charts", param: "chart_id", noun: "chart", tag: "BaZi" },
  cast: { capability: "liuyao", prefix: "lyc", table: "casts", collection: "/v1/liuyao/casts", param: "cast_id", noun: "cast", tag: "LiuYao" },
  plan: { capability: "healing", prefix: "hpl", table: "plans", collection: "/v1/healing/plans", param: "plan_id", noun: "healing plan", tag: "Healing" },
} as const;

export type SubjectKind = keyof typeof SUBJECTS;
export const SUBJECT_KINDS = Object.keys(SUBJECTS) as SubjectKind[];

/** A capability an App can be granted: each owns one Subject kind (healing also its Sessions). */
export type Capability = (typeof SUBJECTS)[SubjectKind]["capability"];
export const CAPABILITIES: readonly Capability[] = SUBJECT_KINDS.map((kind) => SUBJECTS[kind].capability);

/** The Subject kind each capability owns. */
export const SUBJECT_OF_CAPABILITY = Object.fromEntries(SUBJECT_KINDS.map((kind) => [SUBJECTS[kind].capability, kind])) as Readonly<Record<Capability, SubjectKind>>;

const KIND_BY_PREFIX = new Map<string, SubjectKind>(SUBJECT_KINDS.map((kind) => [`${SUBJECTS[kind].prefix}_`, kind]));

/**
 * The Subject kind an id names by its prefix, or undefined.
 * @example subjectKindOf("bzc_0VcB…") // "chart"
 */
export function subjectKindOf(id: string): SubjectKind | undefined {
  return KIND_BY_PREFIX.get(id.slice(0, id.indexOf("_") + 1));
}

/** A JSON Schema pattern for the id of any Subject ("^(bzc|lyc|hpl)_[0-9A-Za-z]{1,60}$"). */
export const SUBJECT_ID_PATTERN = `^(${SUBJECT_KINDS.map((kind) => SUBJECTS[kind].prefix).join("|")})_[0-9A-Za-z]{1,60}$`;
