export interface RateLimitTable {
  key: string;
  /** Epoch milliseconds at which the counting window began. */
  window_start: number;
  hits: number;
  /** Epoch milliseconds after which the row may be deleted. */
  expires_at: number;
}

export interface RateLimitTables {
  rate_limits: RateLimitTable;
}
