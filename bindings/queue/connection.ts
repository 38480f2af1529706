// A Redis connection for BullMQ from a URL (`redis://host:6379/0`, `rediss://` for TLS). BullMQ 6
// takes a client instance in native ESM (it cannot `require` ioredis there), and a Worker's
// blocking commands need `maxRetriesPerRequest: null`.
import { Redis } from 'ioredis';

/** An ioredis client for a Queue or a Worker (each needs its own; BullMQ duplicates it for blocking reads). */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}
