/**
 * Guarded writes, shared by both backends' Session stores: a write checks its guard inside its
 * transaction (the Plan still exists, no other event landed, no checkout yet) and throws
 * GuardFailed when it fails, which rolls the transaction back, idempotent answer included.
 */

/** Thrown inside a transaction to roll it back when a guard fails; turned into `false` below. */
export class GuardFailed extends Error {}

/** True once `write` committed; false when its guard failed and rolled it back; other faults pass on. */
export async function committedUnlessGuardFailed(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof GuardFailed) return false;
    throw err;
  }
}
