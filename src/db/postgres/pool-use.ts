/**
 * How much of this instance's connection pool is in use, as PostgreSQL sees it, for GET /metrics.
 * Bun.SQL keeps no pool statistics, so each instance's pool connects under an application_name of
 * its own (instanceApplicationName) and the reader counts those connections in pg_stat_activity.
 * The reader has one connection of its own, outside the pool: a scrape is answered while the pool is
 * exhausted, which is when its figures matter, and it never takes a connection from a request.
 */
import { SQL } from "bun";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { PoolUse } from "../storage.ts";

/** PostgreSQL keeps the first 63 bytes of an application_name (NAMEDATALEN - 1). */
const APPLICATION_NAME_BYTES = 63;
/** A scrape waits this long for the figures, then reports none (the scrape itself still answers). */
const READ_TIMEOUT_MS = 2_000;

/**
 * `lingshu/HOST/PID/RANDOM`: "lingshu" first so an operator's filters still match; the host and
 * process say which instance; the random part keeps two containers that are both pid 1 on
 * look-alike hosts apart.
 */
export function instanceApplicationName(host: string = hostname(), pid: number = process.pid, random: string = randomBytes(3).toString("hex")): string {
  const tail = `/${pid}/${random}`;
  const safeHost = host.replace(/[^A-Za-z0-9.-]/g, "_").slice(0, APPLICATION_NAME_BYTES - "lingshu/".length - tail.length);
  return `lingshu/${safeHost}${tail}`;
}

export class PoolUseReader {
  private connection: SQL | null = null;

  constructor(
    private readonly url: string,
    private readonly applicationName: string,
    /** The pool's size. */
    readonly max: number,
  ) {}

  /** The pool's connections now: busy (running a statement or inside a transaction) and idle. */
  async read(): Promise<PoolUse> {
    this.connection ??= new SQL(this.url, {
      max: 1,
      connectionTimeout: READ_TIMEOUT_MS / 1000,
      idleTimeout: 60,
      connection: { application_name: "lingshu-metrics", statement_timeout: READ_TIMEOUT_MS },
    });
    const [row] = await this.connection`
      SELECT count(*) FILTER (WHERE state = 'idle')::int AS idle, count(*) FILTER (WHERE state IS DISTINCT FROM 'idle')::int AS busy
      FROM pg_stat_activity WHERE application_name = ${this.applicationName}`;
    return { busy: Number(row?.busy ?? 0), idle: Number(row?.idle ?? 0) };
  }

  async close(): Promise<void> {
    await this.connection?.close({ timeout: 1 });
    this.connection = null;
  }
}
