/**
 * Which methods each registered path answers, so that an unmatched request is told apart: a known
 * path with another method is 405 with `Allow`, anything else 404 ROUTE_NOT_FOUND.
 */
import { ApiError } from "./errors.ts";

interface RouteShape {
  pattern: RegExp;
  methods: Set<string>;
}

/** "/v1/bazi/charts/:chart_id" → a pattern matching any value in the parameter's place. */
function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`);
}

export class RouteShapes {
  private readonly shapes: RouteShape[] = [];

  remember(method: string, path: string): void {
    const pattern = routePattern(path);
    const found = this.shapes.find((s) => s.pattern.source === pattern.source);
    if (found) found.methods.add(method);
    else this.shapes.push({ pattern, methods: new Set([method]) });
  }

  /** The error for a request no route took, with the headers it needs (Allow on a 405). */
  unmatched(method: string, path: string): { error: ApiError; headers: Record<string, string> } {
    const shape = this.shapes.find((s) => s.pattern.test(path));
    if (!shape) return { error: new ApiError("ROUTE_NOT_FOUND", `No endpoint ${method} ${path}. See /docs and /openapi.json.`), headers: {} };
    const allow = [...shape.methods].sort().join(", ");
    return { error: new ApiError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${path}; use ${allow}.`), headers: { allow } };
  }
}
