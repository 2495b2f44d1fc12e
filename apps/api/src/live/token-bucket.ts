/** A token bucket: `ratePerSecond` tokens flow in, at most `burst` are kept, each take spends one. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** Spends a token; false when none is left. */
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((at - this.updatedAt) / 1000) * this.ratePerSecond);
    this.updatedAt = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Seconds until the next token. */
  retryAfterSeconds(): number {
    return Math.max(0, (1 - this.tokens) / this.ratePerSecond);
  }
}
