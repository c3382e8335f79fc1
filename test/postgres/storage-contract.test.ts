/** The Storage contract (test/helpers/storage-contract.ts) on the PostgreSQL backend, in a database of its own. */
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import { describeStorageContract } from "../helpers/storage-contract.ts";

describePostgres("PostgreSQL backend", () => {
  describeStorageContract("PostgreSQL", async () => {
    const fixture = await storesOnFreshDatabase("contract", 1);
    return { store: fixture.stores[0]!, close: () => fixture.close() };
  });
});
