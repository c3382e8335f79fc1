/**
 * The model gave no usable answer. `kind` decides the status: timeout → 504
 * MODEL_TIMEOUT and unavailable → 503 MODEL_UNAVAILABLE (both retryable with the
 * same key and body after `retryAfterMs`), refused → 422 MODEL_REFUSED (the
 * model declined this input; retrying it will not help, so no wait is given).
 */
export class ModelFailure extends Error {
  constructor(
    readonly kind: "timeout" | "unavailable" | "refused",
    readonly retryAfterMs: number | null,
    message: string,
  ) {
    super(message);
  }
}
