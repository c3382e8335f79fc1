/**
 * What every Subject endpoint must do, one shared suite for each kind in the registry
 * (src/subjects.ts): create, read and delete under tenancy and capability, idempotent creation
 * (replay, conflict, a required key), and delete with what follows from it (reads and retries of
 * the creating key answer 404). A new Subject kind needs only a valid body here.
 * Runs on SQLite and, under `npm run test:postgresql`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectErrorShape, startServer, uniqueKey, type TestServer, type TestTenant } from "../helpers/server.ts";
import { ANCHOR_BIRTH, INTERVIEW_CAST } from "../helpers/responses.ts";
import { calmPlan } from "../helpers/healing.ts";
import { CAPABILITIES, SUBJECT_KINDS, SUBJECTS, type SubjectKind } from "../../src/subjects.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** A valid creation body per kind; a second, different one for the conflict. */
const BODIES: Record<SubjectKind, [Record<string, unknown>, Record<string, unknown>]> = {
  chart: [{ birth: ANCHOR_BIRTH }, { birth: { ...ANCHOR_BIRTH, hour: 3 } }],
  cast: [INTERVIEW_CAST, { ...INTERVIEW_CAST, lines: [7, 7, 7, 8, 8, 8] }],
  plan: [calmPlan(), calmPlan({ end_user_id: "someone-else" })],
};

describe.each(SUBJECT_KINDS)("%s endpoints", (kind) => {
  const { collection, capability, prefix } = SUBJECTS[kind];
  const [body, otherBody] = BODIES[kind];
  let t: TestTenant;
  /** DELETE takes an Idempotency-Key where the spec requires one (Plans): the same call for every kind. */
  const del = (id: string, key = t.key) => s.request("DELETE", `${collection}/${id}`, { key, idempotencyKey: uniqueKey("del") });
  const create = (key: string, payload = body, tenant = t) => s.request("POST", collection, { key: tenant.key, body: payload, idempotencyKey: key });

  beforeAll(async () => {
    t = await s.newTenant();
  });

  test("create answers 201 with an id of the kind's prefix; GET answers the same bytes", async () => {
    const made = await create(uniqueKey(kind));
    expect(made.status).toBe(201);
    expect(made.json.id).toStartWith(`${prefix}_`);
    const read = await s.request("GET", `${collection}/${made.json.id}`, { key: t.key });
    expect([read.status, read.text]).toEqual([200, made.text]);
  });

  test("another App reads, lists and deletes nothing of it (404, as if missing)", async () => {
    const id = (await create(uniqueKey(kind))).json.id;
    const other = await s.newTenant();
    expectErrorShape(await s.request("GET", `${collection}/${id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await del(id, other.key), 404, "RESOURCE_NOT_FOUND");
    expect((await s.request("GET", collection, { key: other.key })).json.data).toEqual([]);
    expect((await s.request("GET", `${collection}/${id}`, { key: t.key })).status).toBe(200);
  });

  test(`every endpoint needs the ${capability} capability (403)`, async () => {
    const id = (await create(uniqueKey(kind))).json.id;
    const without = await s.newTenant({ capabilities: CAPABILITIES.filter((c) => c !== capability) });
    expectErrorShape(await create(uniqueKey(kind), body, without), 403, "CAPABILITY_NOT_GRANTED");
    expectErrorShape(await s.request("GET", `${collection}/${id}`, { key: without.key }), 403, "CAPABILITY_NOT_GRANTED");
    expectErrorShape(await s.request("GET", collection, { key: without.key }), 403, "CAPABILITY_NOT_GRANTED");
    expectErrorShape(await del(id, without.key), 403, "CAPABILITY_NOT_GRANTED");
  });

  test("creation is idempotent: the same key and body replay the answer; another body under it is 409; no key is 400", async () => {
    const key = uniqueKey(kind);
    const first = await create(key);
    const again = await create(key);
    expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([201, first.text, "true"]);
    expectErrorShape(await create(key, otherBody), 409, "IDEMPOTENCY_CONFLICT");
    expectErrorShape(await s.request("POST", collection, { key: t.key, body }), 400, "IDEMPOTENCY_KEY_REQUIRED");
  });

  test("delete answers 204; then the read, a second delete and a retry of the creating key answer 404", async () => {
    const key = uniqueKey(kind);
    const id = (await create(key)).json.id;
    expect((await del(id)).status).toBe(204);
    expectErrorShape(await s.request("GET", `${collection}/${id}`, { key: t.key }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await del(id), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await create(key), 404, "RESOURCE_NOT_FOUND");
  });
});
