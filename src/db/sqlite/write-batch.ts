/**
 * Group commit for SQLite. Every write of the service is queued here and the
 * queue is committed as ONE transaction on the next turn of the event loop.
 *
 * Why: a commit is the expensive part of a write (WAL frames, and now and then a
 * checkpoint), far dearer than the statements in it. Under load many requests
 * reach their write in the same turn, so one commit serves them all. Under no
 * load a batch holds one write, and the only cost is waiting for the next turn.
 *
 * Each write runs inside its own SAVEPOINT: a write that throws is rolled back
 * alone and its caller gets the error, the others commit. A caller's promise
 * settles only after COMMIT, so nothing is answered before it is durable. If
 * the COMMIT itself fails (disk full, read-only file), every write of the batch
 * is rolled back and every caller gets that error.
 */
import type { Database } from "bun:sqlite";

interface QueuedWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class WriteBatch {
  private queue: QueuedWrite[] = [];
  private scheduled = false;
  private readonly statements;

  /** Told the size of every batch that committed (the metrics). */
  onCommit: (statements: number) => void = () => {};

  constructor(private readonly sqlite: Database) {
    this.statements = {
      begin: sqlite.prepare("BEGIN IMMEDIATE"),
      commit: sqlite.prepare("COMMIT"),
      rollback: sqlite.prepare("ROLLBACK"),
      savepoint: sqlite.prepare("SAVEPOINT batched_write"),
      release: sqlite.prepare("RELEASE batched_write"),
      rollbackTo: sqlite.prepare("ROLLBACK TO batched_write"),
    };
  }

  /** Runs `work` (synchronous statements only) in the next batch; settles after its COMMIT. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits whatever is queued now (also used at shutdown). */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    const s = this.statements;
    try {
      s.begin.run();
      for (const item of batch) {
        s.savepoint.run();
        try {
          outcomes.push({ ok: true, value: item.work() });
          s.release.run();
        } catch (error) {
          s.rollbackTo.run();
          s.release.run();
          outcomes.push({ ok: false, value: error });
        }
      }
      s.commit.run();
      this.onCommit(batch.length);
    } catch (error) {
      if (this.sqlite.inTransaction) s.rollback.run();
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => (outcomes[i]!.ok ? item.resolve(outcomes[i]!.value) : item.reject(outcomes[i]!.value)));
  }
}
