/**
 * The 404/405 decision for a request no route took (src/platform/route-shapes.ts), on the paths of
 * docs/interface-spec.md "Endpoints": a known path with another method is 405 METHOD_NOT_ALLOWED with
 * `Allow` listing the path's methods (docs/internals.md; Allow is a comma-separated list, RFC 9110
 * §10.2.1), anything else 404 ROUTE_NOT_FOUND (internals.md).
 */
import { expect, test } from "bun:test";
import { RouteShapes } from "../../../src/platform/route-shapes.ts";

const ASSET = "/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3";

/** The spec's routes, in the Endpoints table's order. */
function specShapes(): RouteShapes {
  const shapes = new RouteShapes();
  for (const [method, path] of [
    ["POST", "/v1/bazi/charts"], ["GET", "/v1/bazi/charts/:chart_id"], ["DELETE", "/v1/bazi/charts/:chart_id"],
    ["POST", "/v1/healing/sessions"], ["GET", "/v1/healing/sessions/:session_id"], ["PATCH", "/v1/healing/sessions/:session_id"],
    ["POST", "/v1/healing/sessions/:session_id/checkout"], ["GET", ASSET],
  ] as const) shapes.remember(method, path);
  return shapes;
}
const allowOf = (answer: { headers: Record<string, string> }) => answer.headers.allow?.split(/,\s*/).sort();

test("a known path with another method is 405 with Allow listing every method of that path", () => {
  const answer = specShapes().unmatched("PUT", "/v1/bazi/charts/bzc_7Kq2");
  expect([answer.error.code, answer.error.status]).toEqual(["METHOD_NOT_ALLOWED", 405]);
  expect(allowOf(answer)).toEqual(["DELETE", "GET"]);
});

test("a path parameter matches any one segment, of any length", () => {
  expect(allowOf(specShapes().unmatched("POST", "/v1/healing/sessions/hsn_1"))).toEqual(["GET", "PATCH"]);
  expect(allowOf(specShapes().unmatched("GET", "/v1/healing/sessions/h/checkout"))).toEqual(["POST"]);
});

test("a parameter does not stretch over two segments, and a path no route has is 404 ROUTE_NOT_FOUND without Allow", () => {
  for (const path of ["/v1/bazi/charts/bzc_1/extra", "/v1/bazi/chart", "/v1/nothing"]) {
    const answer = specShapes().unmatched("GET", path);
    expect([path, answer.error.code, answer.error.status, answer.headers]).toEqual([path, "ROUTE_NOT_FOUND", 404, {}]);
  }
});

test("a literal path's dots match only dots", () => {
  expect(allowOf(specShapes().unmatched("POST", ASSET))).toEqual(["GET"]);
  expect(specShapes().unmatched("POST", ASSET.replace("1.0.0", "1x0x0")).error.code).toBe("ROUTE_NOT_FOUND");
});

test("Allow does not depend on the order the routes were registered in", () => {
  const one = new RouteShapes();
  const other = new RouteShapes();
  for (const m of ["GET", "DELETE", "PATCH"]) one.remember(m, "/v1/healing/plans/:plan_id");
  for (const m of ["PATCH", "DELETE", "GET"]) other.remember(m, "/v1/healing/plans/:plan_id");
  expect(one.unmatched("PUT", "/v1/healing/plans/hpl_1").headers).toEqual(other.unmatched("PUT", "/v1/healing/plans/hpl_1").headers);
});
