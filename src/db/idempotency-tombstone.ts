/**
 * What an Idempotency-Key answers once the resource it created has been deleted: a stored 404 that
 * says so, instead of running the request again and creating the resource anew (a client retrying
 * after an erasure must not bring the data back). The record keeps the key, the request fingerprint
 * (a SHA-256 of method, path and body) and this answer — nothing of the deleted resource. It expires
 * with the record, after which the key is free like any expired one.
 *
 * The body is the service's error envelope (platform/errors.ts) with the record's own request id,
 * assembled in SQL around the stored `request_id` (a `req_…` id: nothing to escape).
 */
export const TOMBSTONE_STATUS = 404;
const MESSAGE =
  "The resource this Idempotency-Key created has been deleted; it is not created again. Send a new Idempotency-Key to create a new one.";

/** The envelope's text before and after the request id. */
export const TOMBSTONE_BODY: { head: string; tail: string } = (() => {
  const marker = "REQUEST-ID";
  const [head, tail] = JSON.stringify({ error: { code: "RESOURCE_NOT_FOUND", message: MESSAGE, request_id: marker, retryable: false } }).split(marker);
  return { head: head!, tail: tail! };
})();
