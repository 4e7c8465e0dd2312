/** Where a row of the e-mail or CDN purge outbox is: waiting (or retrying), claimed by a process, done, or given up. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';
