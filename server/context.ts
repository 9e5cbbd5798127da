// What every route needs, built once per app: config, storage, clock and the domain services.
import type { ServerConfig } from './config.ts';
import type { Sm2KeyPair } from './crypto/sm2.ts';
import type { Repository } from './db/repository.ts';
import type { Lockout } from './domain/lockout.ts';
import type { SessionManager } from './domain/sessions.ts';
import type { SmsCodes } from './domain/sms.ts';
import type { FeishuClient } from './domain/social/feishu.ts';
import type { WeComClient } from './domain/social/wecom.ts';

export interface AppContext {
  config: ServerConfig;
  repo: Repository;
  now: () => number;
  keys: Sm2KeyPair;
  sessions: SessionManager;
  lockout: Lockout;
  sms: SmsCodes;
  weCom: WeComClient;
  feishu: FeishuClient;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state and therefore needs the XSRF header too. */
    xsrf?: boolean;
    /** Chinese messages for schema failures of particular fields. */
    fieldMessages?: Record<string, string>;
  }
}
