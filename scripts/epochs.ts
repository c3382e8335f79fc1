/**
 * The visiting order of stochastic gradient descent for the trainers (train-safety-model.ts,
 * train-matter-model.ts): every example once per epoch, shuffled by a seeded PRNG, so every run
 * trains alike and a test can hold the committed model equal to a fresh one.
 */

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The indexes 0…count−1, `epochs` times, each epoch in a new order (Fisher–Yates). */
export function* shuffledEpochs(count: number, epochs: number, seed: number): Generator<number> {
  const random = prng(seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    yield* order;
  }
}
