/**
 * DELETE /v1/end_users/{end_user_id}: erases one end user of the App — the way to honour a
 * deletion request. Everything carrying their end_user_id goes, with everything downstream of it,
 * in one transaction (Storage.eraseEndUser), and the answer says how many of each were deleted.
 * The stored answer keeps only those counts (not the end user's id, which is in the path only).
 */
import { Type } from "@sinclair/typebox";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import type { ErasureCounts, Storage } from "../db/storage.ts";

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const ErasureSchema = Type.Object(
  {
    object: Type.Literal("end_user_erasure", { description: "Always `end_user_erasure`." }),
    deleted: Type.Object(
      {
        charts: count("BaZi charts with this end_user_id."),
        casts: count("LiuYao casts with this end_user_id."),
        plans: count("Healing Plans with this end_user_id."),
        sessions: count("Healing Sessions with this end_user_id, or on an erased Plan."),
        session_events: count("Events of those Sessions."),
        checkouts: count("Checkouts of those Sessions."),
        responses: count("Responses with this end_user_id (a follow-up has its parent's unless it named its own), or about an erased Subject."),
        feedback: count("Feedback on those Responses."),
      },
      { additionalProperties: false, description: "How many records of each kind were deleted (all 0 for an end user with nothing)." },
    ),
  },
  {
    $id: "EndUserErasure",
    additionalProperties: false,
    description: "What deleting an end user's data removed: every record stored under the end_user_id, and what depended on it.",
    examples: [{ object: "end_user_erasure", deleted: { charts: 2, casts: 1, plans: 1, sessions: 1, session_events: 4, checkouts: 1, responses: 6, feedback: 1 } }],
  },
);

export function erasureEndpoint(store: Storage): Endpoint {
  return defineEndpoint({
    method: "DELETE",
    path: "/v1/end_users/:end_user_id",
    operationId: "erase_end_user",
    summary: "Erase an end user",
    description:
      "Deletes everything of this App that carries the end_user_id — charts, casts and Plans with their Sessions, events, checkouts, Responses and feedback, and the end user's own Sessions and Responses on other Subjects — in one transaction, with the same cascade rules as the single deletes; stored answers that copied any of it are replaced by a 404 saying it was deleted. Answers the counts. Idempotency-Key required; an end user with nothing answers all zeros. Use it to honour a deletion request.",
    tag: "End users",
    capability: null,
    idempotent: true,
    params: [{ name: "end_user_id", pattern: /^[^\u0000]{1,128}$/u, description: "Your identifier for the end user (URL-encoded), as sent in `end_user_id`." }],
    errors: [],
    success: { status: 200, description: "What was deleted.", schema: ErasureSchema },
    async handle(ctx) {
      const endUserId = ctx.params.end_user_id!;
      return {
        status: 200,
        body: null,
        commitWith: (complete) =>
          store.eraseEndUser(ctx.app.id, endUserId, (deleted: ErasureCounts) => complete({ object: "end_user_erasure", deleted })).then((deleted) => ({ object: "end_user_erasure", deleted })),
      };
    },
  });
}
