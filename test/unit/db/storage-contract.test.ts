/** The Storage contract (test/helpers/storage-contract.ts) on the SQLite backend, in a file of its own. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeStorageContract } from "../../helpers/storage-contract.ts";
import { openSqliteStore } from "../../../src/db/sqlite/store.ts";

describeStorageContract("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "lingshu-contract-"));
  const store = openSqliteStore(join(dir, "contract.sqlite"));
  return {
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
