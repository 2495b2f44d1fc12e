import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, then the steady rate', () => {
    let now = 0;
    const bucket = new TokenBucket(20, 40, () => now);
    let allowed = 0;
    for (let i = 0; i < 100; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(40);
    now += 500; // half a second: 10 tokens
    allowed = 0;
    for (let i = 0; i < 100; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(10);
    expect(bucket.retryAfterSeconds()).toBeCloseTo(0.05);
    now += 60_000; // refills to the burst, no more
    allowed = 0;
    for (let i = 0; i < 100; i += 1) if (bucket.take()) allowed += 1;
    expect(allowed).toBe(40);
  });
});
