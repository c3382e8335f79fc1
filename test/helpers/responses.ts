/**
 * Shortcuts for the Responses HTTP tests: one Subject of each kind, Response
 * creation checked against the documented schema, and raw row counts.
 */
import { compile } from "../../src/platform/validation.ts";
import { ResponseRecord } from "../../src/responses/model.ts";
import { baseInput } from "../unit/healing/fixtures.ts";
import { uniqueKey, type TestResponse, type TestServer } from "./server.ts";

/** The golden anchor chart (1949-10-01 15:00, 男): 己丑 癸酉 甲子 壬申 in test/reference/golden/bazi. */
export const ANCHOR_BIRTH = { year: 1949, month: 10, day: 1, hour: 15, minute: 0, gender: "男" };
export const INTERVIEW_CAST = { question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], cast_at: "2025-06-15T18:00:00+08:00" };

export function blockedPlanPayload() {
  const p = baseInput();
  p.safety = { ...p.safety, crisis_flags: ["self_harm"] };
  return p;
}

const recordShape = compile(ResponseRecord);

async function created(res: TestResponse, what: string): Promise<any> {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

export function responsesClient(s: TestServer) {
  const client = {
    async subject(kind: "bazi" | "liuyao" | "healing", key?: string): Promise<any> {
      const [path, body] =
        kind === "bazi" ? ["/v1/bazi/charts", { birth: ANCHOR_BIRTH }] : kind === "liuyao" ? ["/v1/liuyao/casts", INTERVIEW_CAST] : ["/v1/healing/plans", baseInput()];
      return created(await s.request("POST", path, { body, key, idempotencyKey: uniqueKey(kind) }), kind);
    },
    post: (body: unknown, key?: string, idem: string | null = uniqueKey("resp")) => s.request("POST", "/v1/responses", { body, key, idempotencyKey: idem }),
    /** A Response that must be created (201) and match its documented schema. */
    async respond(body: unknown, key?: string): Promise<any> {
      const json = await created(await client.post(body, key), "response");
      const problems = recordShape.check(json);
      if (problems.length) throw new Error(`Response does not match its schema: ${JSON.stringify(problems)}`);
      return json;
    },
    first: (kind: "bazi" | "liuyao" | "healing", subjectId: string, input: string, key?: string) => client.respond({ capability: kind, subject_id: subjectId, input }, key),
    followUp: (previous: string, input: string, key?: string) => client.respond({ previous_response_id: previous, input }, key),
    /** The rolling summary stored with a Response (not part of the answer). */
    summaryOf: async (id: string) => (await s.db.get<{ summary: string }>("SELECT summary FROM responses WHERE id = ?", id))!.summary,
    count: (table: "responses" | "feedback", where = "1 = 1", ...args: string[]) => s.db.count(table, where, ...args),
  };
  return client;
}
