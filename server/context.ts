// What every route needs, built once by compose.ts: config, storage, clock and the services.
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Sm2KeyPair } from './crypto/sm2.ts';
import type { AccountGuard } from './auth/account-guard.ts';
import type { Lockout } from './auth/lockout.ts';
import type { FeishuClient } from './auth/messengers/feishu.ts';
import type { WeComClient } from './auth/messengers/wecom.ts';
import type { SessionManager } from './auth/sessions.ts';
import type { SmsCodes } from './auth/sms-codes.ts';
import type { AppLinks } from './catalog/app-links.ts';
import type { Apps } from './registered-apps.ts';
import type { PortalAddress } from './http/portal-address.ts';
import type { LoginTickets } from './embedding/login-tickets.ts';
import type { AccountGrants } from './oidc/account-grants.ts';
import type { SetupState } from './console/setup-state.ts';
import type { Storage, Stores } from './stores.ts';
import type { User } from './records/user.ts';
import type { Success } from './http/envelope.ts';
import type { LoginAnswer } from '../contract/endpoints/auth.ts';
import type { SignInMethodName } from '../contract/rules/sign-in-methods.ts';

/**
 * How a sign-in embedded on a brand site ends (request.embedOrigin): in a one-time login ticket the
 * SSO origin redeems, instead of a session cookie the browser would drop (docs/embedding.md). The one
 * implementation is embedding/issue-ticket.ts; compose.ts passes it in, because embedding/ builds on
 * auth/ (a redeemed ticket starts a session) and auth/complete-login.ts importing it back would close
 * an import circle.
 */
export type IssueLoginTicket = (
  ctx: AppContext, request: FastifyRequest, user: User, redirect: string, method: SignInMethodName,
) => Promise<Success<LoginAnswer>>;

export interface AppContext {
  config: ServerConfig;
  storage: Storage;
  /** storage.stores: the stores outside any transaction. */
  stores: Stores;
  now: () => number;
  keys: Sm2KeyPair;
  sessions: SessionManager;
  /** The operator console's sessions: idle 15 minutes (console/console-timeouts.ts), a cookie of their own. */
  consoleSessions: SessionManager;
  /** Every OIDC grant of an account, for revoking them all (a disabled account, an administrator's reset). */
  accountGrants: AccountGrants;
  /** Whether the first administrator (or any account) exists: the sign-in calls wait for it. */
  setupState: SetupState;
  lockout: Lockout;
  /** One password or SMS-code check at a time per account, across instances (auth/account-guard.ts). */
  accountGuard: AccountGuard;
  sms: SmsCodes;
  tickets: LoginTickets;
  /** Ends an embedded sign-in in a login ticket (embedding/issue-ticket.ts, passed in by compose.ts). */
  issueLoginTicket: IssueLoginTicket;
  weCom: WeComClient;
  feishu: FeishuClient;
  /** Where app cards lead and who sees them (wired in compose.ts from the protocol slices' rules). */
  appLinks: AppLinks;
  /**
   * The registered apps of every protocol, reloaded while the server runs, and the one access rule
   * (catalog/app-registry.ts; the protocols' plugins start it: oidc/oidc-plugin.ts, cas/protocols-plugin.ts).
   */
  apps: Apps;
  /** Where the portal answers: the issuer and the CAS / SAML base URL (app.ts attaches the server). */
  portalAddress: PortalAddress;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state and therefore needs the XSRF header too. */
    xsrf?: boolean;
    /** Chinese messages for schema failures of particular fields. */
    fieldMessages?: Record<string, string>;
  }
}
