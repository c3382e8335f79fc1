/**
 * GET on a collection: a page of the App's resources, newest first, with Stripe's cursor pagination
 * (`limit`, `starting_after`, `ending_before`) and filters (`end_user_id`, `created[gte]`,
 * `created[lt]`, for Responses `subject_id`, for Sessions `plan_id`). Declared once here for every collection; the
 * storage reads each page as one range scan (src/db/list-page.ts).
 */
import { Type, type TObject, type TSchema } from "@sinclair/typebox";
import { defineEndpoint, JsonText, type Endpoint } from "./endpoint.ts";
import { validationError } from "./errors.ts";
import { EndUserId } from "./schemas.ts";
import type { ListPage, ListQuery } from "../db/storage.ts";
import type { Capability } from "../db/types.ts";

export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

export interface ListRoute {
  /** "/v1/bazi/charts" */
  collection: string;
  /** "charts", for the summary and operation id. */
  plural: string;
  /** The id prefix of the items ("bzc"): cursors must carry it. */
  prefix: string;
  capability: Capability | null;
  tag: string;
  item: TSchema;
  /** Extra filters beside the common ones (Responses: subject_id; Sessions: plan_id), as query properties. */
  filters?: Record<string, TSchema>;
  list(appId: string, query: ListQuery, granted: readonly Capability[]): Promise<ListPage>;
}

const cursor = (prefix: string, description: string) => Type.String({ pattern: `^${prefix}_[0-9A-Za-z]{1,60}$`, description });
const instant = (description: string) => Type.String({ format: "date-time", description });

/** The answer: `{object: "list", url, has_more, data}` with the stored records as they are. */
export const listSchema = (item: TSchema, collection: string) =>
  Type.Object(
    {
      object: Type.Literal("list", { description: "Always `list`." }),
      url: Type.Literal(collection, { description: `The collection's path, \`${collection}\`.` }),
      has_more: Type.Boolean({ description: "More items lie beyond this page in the direction read: older ones (or, with ending_before, newer ones)." }),
      data: Type.Array(item, { description: "The items, newest first." }),
    },
    { additionalProperties: false },
  );

export function listEndpoint(r: ListRoute): Endpoint {
  const query: TObject = Type.Object(
    {
      limit: Type.Optional(Type.Integer({ minimum: LIST_LIMIT.min, maximum: LIST_LIMIT.max, default: LIST_LIMIT.default, description: `How many items, ${LIST_LIMIT.min}–${LIST_LIMIT.max} (default ${LIST_LIMIT.default}).` })),
      starting_after: Type.Optional(cursor(r.prefix, "An item's id: the page holds the items older than it (the next page: the last id of this one).")),
      ending_before: Type.Optional(cursor(r.prefix, "An item's id: the page holds the items newer than it (the previous page: the first id of this one).")),
      end_user_id: Type.Optional({ ...EndUserId, description: "Only this end user's items." }),
      "created[gte]": Type.Optional(instant("Only items created at or after this instant (RFC 3339).")),
      "created[lt]": Type.Optional(instant("Only items created before this instant (RFC 3339).")),
      ...r.filters,
    },
    { additionalProperties: false },
  );
  return defineEndpoint({
    method: "GET",
    path: r.collection,
    operationId: `list_${r.plural.replace(/\W+/g, "_")}`,
    summary: `List ${r.plural}`,
    description: `The App's ${r.plural}, newest first, ${LIST_LIMIT.default} at a time (\`limit\` up to ${LIST_LIMIT.max}). Page with the ids at the ends of a page: \`starting_after\` for older items, \`ending_before\` for newer ones (an id stays a valid cursor after its item is deleted). Filters narrow every page.`,
    tag: r.tag,
    capability: r.capability,
    idempotent: false,
    query,
    errors: [],
    success: { status: 200, description: `A page of ${r.plural}.`, schema: listSchema(r.item, r.collection) },
    async handle(ctx) {
      const q = ctx.query as Record<string, string | number | undefined>;
      if (q.starting_after !== undefined && q.ending_before !== undefined) {
        throw validationError([{ path: "ending_before", message: "must not be sent with starting_after: page one way at a time" }], 400, "query string");
      }
      const page = await r.list(
        ctx.app.id,
        {
          limit: (q.limit as number | undefined) ?? LIST_LIMIT.default,
          startingAfter: (q.starting_after as string | undefined) ?? null,
          endingBefore: (q.ending_before as string | undefined) ?? null,
          endUserId: (q.end_user_id as string | undefined) ?? null,
          createdGte: q["created[gte]"] === undefined ? null : Date.parse(q["created[gte]"] as string),
          createdLt: q["created[lt]"] === undefined ? null : Date.parse(q["created[lt]"] as string),
          subjectId: (q.subject_id as string | undefined) ?? null,
          planId: (q.plan_id as string | undefined) ?? null,
        },
        ctx.app.capabilities,
      );
      // The stored records are the items: joined, not parsed and serialised again.
      return { status: 200, body: new JsonText(`{"object":"list","url":${JSON.stringify(r.collection)},"has_more":${page.hasMore},"data":[${page.records.join(",")}]}`) };
    },
  });
}
