/**
 * Every business endpoint of the service, by capability. Each capability's
 * routes module exports a factory taking the dependencies it needs.
 */
import type { Endpoint } from "./platform/endpoint.ts";
import type { Store } from "./db/store.ts";
import type { Config } from "./config.ts";

export interface EndpointDeps {
  store: Store;
  config: Config;
  clock: () => number;
}

export function businessEndpoints(_deps: EndpointDeps): Endpoint[] {
  return [];
}
