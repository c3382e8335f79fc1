/**
 * POST/GET/DELETE /v1/liuyao/casts: validate, draw or take the lines, call the
 * pure engine, store the immutable answer.
 */
import { defineEndpoint, type Endpoint } from "../platform/endpoint.ts";
import { validationError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { iso } from "../platform/schemas.ts";
import { subjectCreated, subjectReadDeleteEndpoints } from "../platform/subject-endpoints.ts";
import { castReading, drawDayanLines, offsetOf, randomIntFromBytes, type LineValue } from "./index.ts";
import { CastPayload, CastRecord } from "./model.ts";
import type { SubjectStore } from "../db/storage.ts";
import { SUBJECTS } from "../subjects.ts";

/** The CSPRNG: the dayan lines are drawn once and stored fixed. */
const secureRandom = randomIntFromBytes((bytes) => crypto.getRandomValues(bytes));

/** Rules the schema alone cannot state: lines required with manual_lines, rejected with dayan. */
function checkLinesRule(body: CastPayload): void {
  if (body.method === "manual_lines" && body.lines === undefined) {
    throw validationError([{ path: "lines", message: "is required when method is manual_lines" }]);
  }
  if (body.method === "dayan" && body.lines !== undefined) {
    throw validationError([{ path: "lines", message: "must not be sent when method is dayan; the service draws the lines" }]);
  }
}

export function liuyaoEndpoints(casts: SubjectStore): Endpoint[] {
  return [
    defineEndpoint({
      method: "POST",
      path: "/v1/liuyao/casts",
      operationId: "create_liuyao_cast",
      summary: "Create a LiuYao cast",
      description:
        "Draws the six lines (dayan, yarrow-stalk odds 1/16, 5/16, 7/16, 3/16 from a CSPRNG, stored fixed with their provenance) or takes them (manual_lines), and returns the full Najia reading for the moment `cast_at` (default: now): month at the exact 节 instant; day changing at 00:00 on the wall clock of `cast_at`'s own offset (2026-06-20T22:30:00-04:00 is on 06-20; without `cast_at`, UTC+08:00).",
      tag: "LiuYao",
      capability: "liuyao",
      idempotent: true,
      claimInWrite: true,
      body: CastPayload,
      errors: [],
      success: { status: 201, description: "The created cast.", schema: CastRecord },
      async handle(ctx) {
        const body = ctx.body;
        checkLinesRule(body);
        const castAt = body.cast_at === undefined ? new Date(ctx.now) : new Date(body.cast_at);
        // The day is read on the wall clock of cast_at's own offset (now: UTC+08:00).
        const castAtOffset = (body.cast_at === undefined ? null : offsetOf(body.cast_at)) ?? 480;
        const drawn = body.method === "dayan" ? drawDayanLines(secureRandom) : null;
        const reading = castReading({
          question: body.question,
          method: body.method,
          lines: drawn ? drawn.lines : (body.lines as LineValue[]),
          castAt,
          castAtOffset,
          provenance: drawn?.provenance,
        });
        const id = newId("cast");
        const record = {
          id,
          object: "liuyao.cast",
          created_at: iso(ctx.now),
          end_user_id: body.end_user_id ?? null,
          metadata: body.metadata ?? null,
          ...reading,
        };
        return subjectCreated(casts, { appId: ctx.app.id, endUserId: body.end_user_id ?? null, createdAt: ctx.now }, record);
      },
    }),
    ...subjectReadDeleteEndpoints({
      ...SUBJECTS.cast,
      repository: casts,
      schema: CastRecord,
    }),
  ];
}
