// The baseline: a bare Bun.serve JSON endpoint, nothing else.
// GET / answers a tiny JSON object; GET /same-body answers the bytes of
// BARE_BODY_FILE (the bench passes a stored chart), so the ratio can be read
// both against the smallest answer and against an answer of the same size.
import { readFileSync } from "node:fs";

const sameBody = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, "utf8") : "{}";
const headers = { "content-type": "application/json; charset=utf-8" };
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  fetch: (request) =>
    new URL(request.url).pathname === "/same-body" ? new Response(sameBody, { headers }) : Response.json({ status: "ok", id: "bzc_bare" }),
});
console.log(`ready ${server.port}`);
