/**
 * The operator command line contract (binding: other tooling drives it), run as
 * a subprocess on a real database file, and its keys used against the server.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/cli.ts";
import { cliTenant, listeningPort, spawnServe } from "../helpers/serve-process.ts";
import { helpFor } from "../../src/cli/help.ts";
import { Database } from "bun:sqlite";
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

describe("key rotate and app rename", () => {
  test("rotate: a new key works at once, the old one until its grace ends; --grace 0 stops the old one now", async () => {
    const app = cli("app", "create", "--name", "Rot", "--env", "live", "--json").json;
    const first = cli("key", "create", app.id, "--name", "server", "--json").json;
    const before = Date.now();
    const rotated = cli("key", "rotate", first.id, "--grace", "2h", "--json");
    expect(rotated.code).toBe(0);
    expect(rotated.json).toMatchObject({ app_id: app.id, name: "server", status: "active", expires_at: null, replaces: { id: first.id, status: "active" } });
    expect(rotated.json.key).toMatch(/^ap_live_/);
    const graceEnds = Date.parse(rotated.json.replaces.expires_at);
    expect(graceEnds).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(graceEnds).toBeLessThan(Date.now() + 2 * 3_600_000 + 1_000);

    const store = openStore(env.DATABASE_PATH!);
    const auth = new Authenticator(store, env.KEY_PEPPER!);
    try {
      expect((await auth.authenticate(`Bearer ${first.key}`, "bazi", Date.now())).app.id).toBe(app.id);
      expect((await auth.authenticate(`Bearer ${rotated.json.key}`, "bazi", Date.now())).app.id).toBe(app.id);
      // A later rotation with a longer grace keeps the earlier end.
      expect(cli("key", "rotate", first.id, "--grace", "7d", "--json").json.replaces.expires_at).toBe(rotated.json.replaces.expires_at);
      const now = cli("key", "rotate", rotated.json.id, "--grace", "0", "--json").json;
      expect(now.replaces.status).toBe("expired");
      await expect(auth.authenticate(`Bearer ${rotated.json.key}`, "bazi", Date.now() + 1)).rejects.toThrow();
    } finally {
      store.close();
    }
    const revoked = cli("key", "revoke", first.id, "--json").json;
    const again = cli("key", "rotate", revoked.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("no longer works");
  });
  test("app rename changes the name and nothing else", () => {
    const app = cli("app", "create", "--name", "Old name", "--env", "test", "--rpm", "77", "--json").json;
    const renamed = cli("app", "rename", app.id, "  New name ", "--json").json;
    expect(renamed).toEqual({ ...app, name: "New name", updated_at: renamed.updated_at });
    expect(cli("app", "rename", app.id, " ").code).toBe(2);
    expect(cli("app", "rename", "app_missing", "x").code).toBe(1);
  });
});

describe("backup", () => {
  test("copies the database while the service writes to it: the copy passes integrity_check, holds what was committed, and is 0600", async () => {
    const backupEnv = { ...env, DATABASE_PATH: join(dir, "served.sqlite") };
    const tenant = cliTenant(backupEnv);
    const server = spawnServe(backupEnv);
    try {
      const port = await listeningPort(server);
      const create = (n: number) =>
        fetch(`http://127.0.0.1:${port}/v1/bazi/charts`, {
          method: "POST",
          headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json", "idempotency-key": `backup-${n}` },
          body: JSON.stringify({ birth: { year: 1980 + (n % 30), month: 1 + (n % 12), day: 1 + (n % 28), hour: n % 24, gender: "男" } }),
        });
      for (let n = 0; n < 20; n += 1) expect((await create(n)).status).toBe(201);
      // Writes keep landing while the copy is made.
      const writing = Promise.all(Array.from({ length: 40 }, (_, n) => create(100 + n)));
      const path = join(dir, "copies", "served-backup.sqlite");
      mkdirSync(join(dir, "copies"));
      const copy = runCli(["backup", path, "--json"], backupEnv);
      expect(copy.code).toBe(0);
      expect(copy.json).toMatchObject({ path, integrity_check: "ok" });
      expect(copy.json.bytes).toBe(statSync(path).size);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      await writing;
      const copied = new Database(path, { readonly: true });
      try {
        expect(copied.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
        expect((copied.query("SELECT count(*) AS n FROM charts").get() as { n: number }).n).toBeGreaterThanOrEqual(20);
      } finally {
        copied.close();
      }
      const twice = runCli(["backup", path], backupEnv);
      expect(twice.code).toBe(1);
      expect(twice.stderr.trim()).toBe(`lingshu: ${path} already exists: name a new file`);
    } finally {
      server.proc.kill("SIGTERM");
      await server.ended;
    }
  });
});

describe("help and version", () => {
  test("--help, -h and help WORDS print the declared help and exit 0, even when the configuration is invalid", () => {
    const broken = { ...env, PORT: "seventy" };
    for (const [args, words] of [
      [["--help"], []],
      [["-h"], []],
      [["help"], []],
      [["app", "--help"], ["app"]],
      [["help", "key", "create"], ["key", "create"]],
      [["key", "rotate", "key_x", "--grace", "1h", "--help"], ["key", "rotate"]],
      [["backup", "-h"], ["backup"]],
    ] as [string[], string[]][]) {
      const r = runCli(args, broken);
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: "" });
      expect(r.stdout).toBe(helpFor(words)!);
    }
    const unknown = runCli(["help", "frobnicate"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('lingshu: no help for "frobnicate": run lingshu --help for the commands');
  });
  test("-v, --version and version print the same line; serve refuses arguments with a usage line", () => {
    const lines = ["-v", "--version", "version"].map((flag) => runCli([flag], env).stdout);
    expect(new Set(lines).size).toBe(1);
    expect(lines[0]).toMatch(/^lingshu \d+\.\d+\.\d+ \(build /);
    const serve = runCli(["serve", "extra"], env);
    expect(serve.code).toBe(2);
    expect(serve.stderr.trim()).toBe('lingshu: serve takes no arguments (got "extra")');
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
