/**
 * GET and DELETE of an immutable Subject (chart, cast) are the same shape for
 * every capability: read the stored answer or hard-delete it with its Responses.
 */
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { notFound } from "./pipeline.ts";
import type { SubjectRepository } from "../db/subjects.ts";
import type { Capability } from "../db/types.ts";
import type { TSchema } from "@sinclair/typebox";

export interface SubjectRoutes {
  /** "/v1/bazi/charts" */
  collection: string;
  param: string;
  prefix: string;
  noun: string;
  capability: Capability;
  tag: string;
  repository: SubjectRepository;
  schema: TSchema;
}

export function subjectReadDeleteEndpoints(r: SubjectRoutes): Endpoint[] {
  const params = [{ name: r.param, pattern: new RegExp(`^${r.prefix}_`), description: `The ${r.noun}'s id (\`${r.prefix}_…\`).` }];
  const path = `${r.collection}/:${r.param}`;
  return [
    defineEndpoint({
      method: "GET",
      path,
      operationId: `get_${r.noun.replace(/\W+/g, "_")}`,
      summary: `Read a ${r.noun}`,
      description: `Returns the ${r.noun} exactly as it was created. Another App's id answers 404 like a missing one.`,
      tag: r.tag,
      capability: r.capability,
      idempotent: false,
      params,
      errors: [],
      success: { status: 200, description: `The ${r.noun}.`, schema: r.schema },
      async handle(ctx) {
        const id = ctx.params[r.param]!;
        const record = await r.repository.get(ctx.app.id, id);
        if (record === null) throw notFound(id);
        return { status: 200, body: JSON.parse(record) };
      },
    }),
    defineEndpoint({
      method: "DELETE",
      path,
      operationId: `delete_${r.noun.replace(/\W+/g, "_")}`,
      summary: `Delete a ${r.noun} and its Responses`,
      description: `Hard-deletes the ${r.noun} and every Response about it (and their feedback). Afterwards they all read 404.`,
      tag: r.tag,
      capability: r.capability,
      idempotent: false,
      params,
      errors: [],
      success: { status: 204, description: "Deleted." },
      async handle(ctx) {
        const id = ctx.params[r.param]!;
        if (!(await r.repository.delete(ctx.app.id, id))) throw notFound(id);
        return { status: 204, body: null };
      },
    }),
  ];
}
