// Two server instances in this process sharing one storage (the same SQLite file, or one
// PostgreSQL schema, or one PostgreSQL schema and one Redis prefix) and one data dir (key pair,
// SMS outbox), as two instances behind a load balancer share them. Cheaper than two processes
// (test/server/scale/), and the same code paths: each has its own Fastify app, its own in-memory
// per-account queue, its own caches.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../server/config.ts';
import { createServer } from '../../../server/server.ts';
import { testConfig } from '../../helpers/start-server.ts';
import { Client, Clock, type Backend } from '../../helpers/test-app.ts';
import { smsCodesTo } from '../../helpers/sms-outbox.ts';

export interface TwoInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  config: ServerConfig;
  clock: Clock;
  /** A browser on instance a (even) or b (odd), round-robin like a load balancer. */
  client(index: number): Client;
  outbox(phone: string): string[];
  close(): Promise<void>;
}

export async function startTwoInstances(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TwoInstances> {
  const { config, cleanup } = testConfig({ ...backend.overrides, ...overrides });
  const clock = new Clock();
  const { app: a } = await createServer(config, { now: clock.now });
  const { app: b } = await createServer(config, { now: clock.now });
  await Promise.all([a.ready(), b.ready()]);
  return {
    a, b, config, clock,
    client: (index) => new Client(index % 2 === 0 ? a : b, 'localhost'),
    outbox: (phone) => smsCodesTo(config.smsOutboxPath, phone),
    async close() {
      await a.close();
      await b.close();
      await cleanup();
    },
  };
}
