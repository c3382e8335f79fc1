/**
 * The model could not answer within the deadline and retry budget. `kind`
 * decides the status (timeout → 504 MODEL_TIMEOUT, unavailable → 503
 * MODEL_UNAVAILABLE); both are retryable with the same key and body.
 */
export class ModelFailure extends Error {
  constructor(
    readonly kind: "timeout" | "unavailable",
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(message);
  }
}
