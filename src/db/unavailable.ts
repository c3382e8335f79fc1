/**
 * Which database faults mean "cannot serve now" rather than a bug, for both backends: knowledge of
 * SQLite's and Bun.SQL's error codes stays in src/db. The pipeline answers these 503 ("retry with the
 * same key"): each rolled its transaction back.
 */

/** Bun.SQL's own codes for a PostgreSQL server it cannot reach or lost (refused, closed, timed out). */
const POSTGRES_UNREACHABLE = /^ERR_POSTGRES_(CONNECTION_(CLOSED|FAILED|REFUSED|TIMEOUT)|IDLE_TIMEOUT|LIFETIME_TIMEOUT)$/;
/**
 * SQLSTATEs of a PostgreSQL server that cannot serve now: connection exceptions (08), insufficient
 * resources such as a full disk or too many connections (53), admin/crash shutdown or starting up
 * (57P01–57P03), a read-only transaction on a standby or read-only server (25006), a statement
 * cancelled by statement_timeout (57014), and a serialization failure or deadlock (40001, 40P01):
 * each rolled back everything, so 503 with "retry with the same key" is the true answer, not 500.
 */
const POSTGRES_UNAVAILABLE_STATE = /^(08|53|57P0[123]$|57014$|40001$|40P01$|25006$)/;

/**
 * Database faults that mean "cannot serve now" rather than a bug: SQLite's full disk, read-only
 * file, I/O; PostgreSQL unreachable, shutting down, out of resources or read-only.
 */
export function isStorageUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown } | null;
  const code = e?.code;
  if (typeof code !== "string") return false;
  if (/^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED)/.test(code)) return true;
  if (POSTGRES_UNREACHABLE.test(code) || /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)$/.test(code)) return true;
  return code === "ERR_POSTGRES_SERVER_ERROR" && typeof e?.errno === "string" && POSTGRES_UNAVAILABLE_STATE.test(e.errno);
}
