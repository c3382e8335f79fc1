/**
 * The list, GET and DELETE of an immutable Subject (chart, cast, Plan) are the same shape for
 * every capability: a page of the stored answers, one stored answer, or a hard delete with its
 * downstream data.
 */
import { defineEndpoint, JsonText, type Endpoint, type HandlerResult } from "./endpoint.ts";
import { notFound } from "./errors.ts";
import { listEndpoint } from "./list-endpoint.ts";
import type { SubjectStore } from "../db/storage.ts";
import type { Capability } from "../db/types.ts";
import type { Static, TObject, TSchema } from "@sinclair/typebox";

export interface SubjectRoutes {
  /** "/v1/bazi/charts" */
  collection: string;
  param: string;
  prefix: string;
  noun: string;
  capability: Capability;
  tag: string;
  repository: SubjectStore;
  schema: TSchema;
  /** Plans: the spec requires an Idempotency-Key on DELETE (charts and casts need none). */
  idempotentDelete?: boolean;
  /** What else the DELETE removes, for its summary and description; default "its Responses". */
  downstream?: string;
  /** Query parameters of the GET that add derived fields to the stored record (charts: `include=luck.years`). */
  read?: SubjectReadOptions;
}

export interface SubjectReadOptions<Q extends TObject = TObject> {
  query: Q;
  /** Appended to the GET's description. */
  description: string;
  /** The answer for a query asking for more than the stored record: null answers the record as stored. */
  extend(record: string, query: Static<Q>): unknown | null;
}

/** Keeps the query's type for `extend` while the routes hold any query. */
export const defineSubjectRead = <Q extends TObject>(options: SubjectReadOptions<Q>): SubjectReadOptions => options as unknown as SubjectReadOptions;

export function subjectReadDeleteEndpoints(r: SubjectRoutes): Endpoint[] {
  const list = listEndpoint({
    collection: r.collection,
    plural: `${r.noun}s`,
    prefix: r.prefix,
    capability: r.capability,
    tag: r.tag,
    item: r.schema,
    list: (appId, query) => r.repository.list(appId, query),
  });
  const params = [{ name: r.param, pattern: new RegExp(`^${r.prefix}_`), description: `The ${r.noun}'s id (\`${r.prefix}_…\`).` }];
  const path = `${r.collection}/:${r.param}`;
  const downstream = r.downstream ?? "its Responses";
  return [
    list,
    defineEndpoint({
      method: "GET",
      path,
      operationId: `get_${r.noun.replace(/\W+/g, "_")}`,
      summary: `Read a ${r.noun}`,
      description: `Returns the ${r.noun} exactly as it was created. Another App's id answers 404 like a missing one.${r.read ? ` ${r.read.description}` : ""}`,
      tag: r.tag,
      capability: r.capability,
      idempotent: false,
      params,
      ...(r.read ? { query: r.read.query } : {}),
      errors: [],
      success: { status: 200, description: `The ${r.noun}.`, schema: r.schema },
      async handle(ctx) {
        const id = ctx.params[r.param]!;
        const record = await r.repository.get(ctx.app.id, id);
        if (record === null) throw notFound(id);
        const extended = r.read?.extend(record, ctx.query as Static<TObject>) ?? null;
        return { status: 200, body: extended ?? new JsonText(record) };
      },
    }),
    defineEndpoint({
      method: "DELETE",
      path,
      operationId: `delete_${r.noun.replace(/\W+/g, "_")}`,
      summary: `Delete a ${r.noun} and ${downstream}`,
      description: `Hard-deletes the ${r.noun} and ${downstream}, with the feedback on those Responses. Afterwards they all read 404 and no row of them remains.`,
      tag: r.tag,
      capability: r.capability,
      idempotent: r.idempotentDelete ?? false,
      params,
      errors: [],
      success: { status: 204, description: "Deleted." },
      async handle(ctx) {
        const id = ctx.params[r.param]!;
        if ((await r.repository.get(ctx.app.id, id)) === null) throw notFound(id);
        // Deleted in the commit, so an idempotent DELETE stores its 204 in the same transaction.
        return { status: 204, body: null, commit: async (completion) => void (await r.repository.delete(ctx.app.id, id, completion)) };
      },
    }),
  ];
}

/**
 * The 201 answer of a Subject creation: the record is serialised once, and
 * those same bytes are stored, answered and kept for idempotent replays.
 */
export function subjectCreated(
  repository: SubjectStore,
  owner: { appId: string; endUserId: string | null; createdAt: number },
  record: { id: string },
): HandlerResult {
  const text = JSON.stringify(record);
  return {
    status: 201,
    body: new JsonText(text),
    storedAs: record.id,
    commit: (completion) => repository.insert({ id: record.id, ...owner, record: text }, completion),
  };
}
