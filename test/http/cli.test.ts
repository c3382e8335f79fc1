/**
 * The operator command line contract (binding: other tooling drives it), run as
 * a subprocess on a real database file, and its keys used against the server.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/cli.ts";
import { openSqliteStore as openStore } from "../../src/db/sqlite/store.ts";
import { MIGRATIONS } from "../../src/db/sqlite/migrations.ts";
import { Authenticator } from "../../src/platform/auth.ts";

// Each test starts the CLI (a Bun process) several times in a row; on a loaded 2-core machine that
// alone can pass the default 5 s.
setDefaultTimeout(30_000);

let dir: string;
let env: Record<string, string>;
const cli = (...args: string[]) => runCli(args, env);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lingshu-cli-"));
  env = { DATABASE_PATH: join(dir, "cli.sqlite"), KEY_PEPPER: "cli-test-pepper-0123456789" };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("app commands", () => {
  let appId: string;
  test("app create --json prints exactly one JSON object with the documented fields; healing is off unless named", () => {
    const r = cli("app", "create", "--name", "Acme", "--env", "test", "--json");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(r.json).toMatchObject({ name: "Acme", env: "test", capabilities: ["bazi", "liuyao"], status: "active" });
    expect(r.json.id).toMatch(/^app_/);
    for (const f of ["rpm", "concurrency", "monthly_quota"]) expect(Number.isInteger(r.json[f])).toBe(true);
    appId = r.json.id;
  });
  test("limits and capabilities are set at creation and changed by update / grant / revoke", () => {
    const r = cli("app", "create", "--name", "Full", "--env", "live", "--capabilities", "bazi,liuyao,healing", "--rpm", "120", "--concurrency", "4", "--monthly-quota", "500", "--json");
    expect(r.json).toMatchObject({ env: "live", capabilities: ["bazi", "liuyao", "healing"], rpm: 120, concurrency: 4, monthly_quota: 500 });
    expect(cli("app", "update", appId, "--rpm", "30", "--json").json.rpm).toBe(30);
    expect(cli("app", "grant", appId, "healing", "--json").json.capabilities).toEqual(["bazi", "liuyao", "healing"]);
    expect(cli("app", "revoke", appId, "bazi", "liuyao", "--json").json.capabilities).toEqual(["healing"]);
    expect(cli("app", "suspend", appId, "--json").json.status).toBe("suspended");
    expect(cli("app", "resume", appId, "--json").json.status).toBe("active");
    expect(cli("app", "show", appId, "--json").json.rpm).toBe(30);
  });
  test("app list --json is {data:[…]}; without --json a readable table", () => {
    const r = cli("app", "list", "--json");
    expect(r.json.data.map((a: { id: string }) => a.id)).toContain(appId);
    const table = cli("app", "list");
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Acme");
    expect(table.stdout.split("\n")[0]).toContain("capabilities");
  });
});

describe("key commands", () => {
  test("key create prints the plaintext once; key list never does; a revoked key stops working", async () => {
    const app = cli("app", "create", "--name", "Keys", "--env", "test", "--json").json;
    const created = cli("key", "create", app.id, "--name", "server", "--json");
    expect(created.code).toBe(0);
    expect(created.json.id).toMatch(/^key_/);
    expect(created.json.key).toMatch(/^ap_test_[0-9A-Za-z]{38}$/);
    const list = cli("key", "list", app.id, "--json");
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);
    expect(list.json.data[0]).toMatchObject({ id: created.json.id, hint: `ap_test_…${created.json.key.slice(-4)}`, last_used_at: null, status: "active" });

    const store = openStore(env.DATABASE_PATH!);
    const auth = new Authenticator(store, env.KEY_PEPPER!);
    try {
      const caller = await auth.authenticate(`Bearer ${created.json.key}`, "bazi", Date.now());
      expect(caller.app.id).toBe(app.id);
      expect(cli("key", "list", app.id, "--json").json.data[0].last_used_at).not.toBeNull();
      expect(cli("key", "revoke", created.json.id, "--json").json.status).toBe("revoked");
      await expect(auth.authenticate(`Bearer ${created.json.key}`, "bazi", Date.now())).rejects.toThrow("revoked");
    } finally {
      store.close();
    }
  });
  test("--expires-at is honoured; one in the past is refused (such a key could never be used)", () => {
    const app = cli("app", "create", "--name", "Exp", "--env", "test", "--json").json;
    const k = cli("key", "create", app.id, "--expires-at", "2999-01-01T00:00:00Z", "--json").json;
    expect(k.expires_at).toBe("2999-01-01T00:00:00.000Z");
    expect(cli("key", "list", app.id, "--json").json.data[0].status).toBe("active");
    const past = cli("key", "create", app.id, "--expires-at", "2020-01-01T00:00:00Z");
    expect(past.code).not.toBe(0);
    expect(past.stderr).toContain("--expires-at must be in the future");
    expect(cli("key", "list", app.id, "--json").json.data).toHaveLength(1);
  });
});

describe("migrate", () => {
  test("prints only the migrations it applied now, then 'already up to date'", () => {
    const fresh = { ...env, DATABASE_PATH: join(dir, "migrate.sqlite") };
    const first = runCli(["migrate"], fresh);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`applied: ${MIGRATIONS.map((m) => m.tag).join(", ")}\n`);
    const again = runCli(["migrate"], fresh);
    expect(again.stdout).toBe("already up to date\n");
    expect(runCli(["migrate", "--json"], fresh).json).toEqual({ applied: [], database: fresh.DATABASE_PATH });
  });
});

describe("usage", () => {
  test("usage prints the month's billing units and requests (UTC, default the current month)", () => {
    const app = cli("app", "create", "--name", "Use", "--env", "test", "--json").json;
    const r = cli("usage", app.id, "--json");
    expect(r.json).toEqual({ app_id: app.id, month: new Date().toISOString().slice(0, 7), billing_units: 0, requests: 0 });
    expect(cli("usage", app.id, "--month", "2026-01", "--json").json.month).toBe("2026-01");
  });
});

describe("errors", () => {
  test.each([
    [["frobnicate"], "unknown command"],
    [["app", "create", "--name", "x", "--env", "prod"], "--env"],
    [["app", "create", "--env", "test"], "--name"],
    [["app", "create", "--name", "x", "--env", "test", "--rpm", "0"], "--rpm"],
    [["app", "create", "--name", "x", "--env", "test", "--bogus"], "bogus"],
    [["app", "create", "--name", "x", "--env", "test", "--capabilities", "tarot"], "tarot"],
    [["app", "show", "app_missing"], "no App"],
    [["key", "create", "app_missing"], "no App"],
    [["key", "revoke", "key_missing"], "no key"],
    [["usage", "app_missing"], "no App"],
    [["usage"], "expected 1 argument"],
  ])("%p exits non-zero with one clear line on stderr", (args, text) => {
    const r = cli(...(args as string[]));
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(text as string);
  });
  test("a database that cannot be opened fails with one clear line, no stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "lingshu-notdb-"));
    try {
      const path = join(dir, "notes.sqlite");
      writeFileSync(path, "this is a text file, not a SQLite database ".repeat(4));
      for (const args of [["app", "list"], ["migrate"]]) {
        const r = runCli(args, { ...env, DATABASE_PATH: path });
        expect(r.code).toBe(1);
        expect(r.stderr.trim().split("\n")).toEqual([`lingshu: cannot open the database at ${path} (DATABASE_PATH): file is not a database`]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("invalid configuration fails at start with one clear line", () => {
    const r = runCli(["app", "list"], { ...env, PORT: "seventy" });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('lingshu: invalid configuration: PORT must be a whole number from 0 to 65535 (got "seventy")');
  });
});
