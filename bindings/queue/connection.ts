// A Redis connection for BullMQ from a URL (`redis://host:6379/0`, `rediss://` for TLS). BullMQ 6
// takes a client instance in native ESM (it cannot `require` ioredis there), and a Worker's
// blocking commands need `maxRetriesPerRequest: null`.
import { Redis } from 'ioredis';

/** An ioredis client for a Queue or a Worker (each needs its own; BullMQ duplicates it for blocking reads). */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

/**
 * Resolves once Redis at `url` answers PING, or rejects within about `timeoutMs`: a client made by
 * redisConnection waits for an unreachable server forever (its commands queue until it answers).
 */
export async function checkRedis(url: string, timeoutMs = 5000): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // The socket's own error (ECONNREFUSED, ENOTFOUND, …): connect() rejects with "Connection is closed".
  let cause: unknown;
  client.on('error', (e) => (cause ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw cause ?? e;
  } finally {
    client.disconnect();
  }
}
