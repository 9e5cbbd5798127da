// The one registry of the apps of every protocol (issue 32): OpenID Connect clients, CAS services
// and SAML service providers, kept in memory by every running server. It owns what the protocols
// used to repeat each their own way:
// - the one version poll: every store of apps bumps a version in meta at every change, by any
//   process (the console, the CLI, an import, another instance); one timer (config.oidcClientCheckMs)
//   reads every source's version and reloads the sources whose version moved, so a change reaches
//   every running server within seconds, without a restart;
// - the lookup by protocol and id, and the look again before saying "unknown" (find, fresh, findBy);
// - the one access rule for a protocol's sign-in: mayUse, the per-group rule of group-access.ts.
// It lives in catalog/ because the catalog owns apps and who may use them (group-access.ts, the
// memberships); it knows no protocol: each slice hands it a source (oidc/client-registry.ts,
// cas/protocol-registry.ts), compose.ts puts them together, and the slice asks by protocol name.
import { mayUseApp } from './group-access.ts';
import type { MembershipStore } from '../records/membership.ts';
import type { AppEntry, AppSource } from '../app-source.ts';

export type { AppEntry, AppSource };

/** What the registry needs of every app: the groups it serves (empty: every account). */
export interface RegisteredApp {
  readonly groups: readonly string[];
}


type Memberships = Pick<MembershipStore, 'groupsOf'>;
type Loaded<Apps> = { version: string | null; entries: AppEntry<Apps>[] };

/** Unknown ids look again at most this often (four times a second), however many ask meanwhile. */
const LOOK_AGAIN_MS = 250;

export class AppRegistry<Apps extends { [P in keyof Apps]: RegisteredApp }> {
  private readonly loaded: (Loaded<Apps> | undefined)[];
  private byProtocol = new Map<keyof Apps, Map<string, unknown>>();
  private lists = new Map<keyof Apps, readonly unknown[]>();
  private timer: NodeJS.Timeout | null = null;
  private started: Promise<void> | null = null;
  private checking: Promise<void> | null = null;
  private lastCheckAt = 0;

  constructor(
    private readonly sources: readonly AppSource<AppEntry<Apps>>[],
    private readonly memberships: Memberships,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly checkEveryMs = 2000,
  ) {
    this.loaded = sources.map(() => undefined);
  }

  /** Loads the apps and starts the poll; every protocol's plugin calls it, the first call does it. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.check();
      this.timer = setInterval(() => void this.check().catch(this.onError), this.checkEveryMs);
      this.timer.unref();
    })();
    return this.started;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.started = null;
  }

  /** Reloads the sources whose version changed (one small query per source when nothing did). */
  check(): Promise<void> {
    this.checking ??= (async () => {
      this.lastCheckAt = Date.now();
      try {
        let changed = false;
        const reads = await Promise.allSettled(this.sources.map(async (source, index) => {
          const version = await source.version();
          if (version === this.loaded[index]?.version) return;
          this.loaded[index] = { version, entries: await source.list() };
          changed = true;
        }));
        // A source that failed keeps its last apps (and is read again next time); the others count now.
        if (changed) this.index();
        const failed = reads.find((read) => read.status === 'rejected');
        if (failed) throw failed.reason;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  private index(): void {
    const byProtocol = new Map<keyof Apps, Map<string, unknown>>();
    for (const loaded of this.loaded) {
      for (const { protocol, id, app } of loaded?.entries ?? []) {
        let apps = byProtocol.get(protocol);
        if (!apps) byProtocol.set(protocol, apps = new Map());
        apps.set(id, app);
      }
    }
    this.byProtocol = byProtocol;
    // One array per protocol until the next reload, so a caller may keep what it derives from it.
    this.lists = new Map([...byProtocol].map(([protocol, apps]) => [protocol, [...apps.values()]]));
  }

  /** The app as loaded now, no look in the store. */
  get<P extends keyof Apps>(protocol: P, id: string): Apps[P] | undefined {
    return this.byProtocol.get(protocol)?.get(id) as Apps[P] | undefined;
  }

  /** Every app of the protocol as loaded now (the same array until the apps change). */
  all<P extends keyof Apps>(protocol: P): readonly Apps[P][] {
    return (this.lists.get(protocol) ?? []) as readonly Apps[P][];
  }

  /**
   * Like get, but an unknown id first re-checks the versions (at most four times a second) without
   * waiting for the next poll: for a look-up that may not wait (the OpenID Connect provider asks at
   * every request naming a client). A check already under way may have read the version before the
   * change that added the app, so it is waited for and followed by one of our own.
   */
  async find<P extends keyof Apps>(protocol: P, id: string): Promise<Apps[P] | undefined> {
    const known = this.get(protocol, id);
    if (known) return known;
    const running = this.checking;
    if (running) await running.catch(() => {});
    else if (Date.now() - this.lastCheckAt < LOOK_AGAIN_MS) return undefined;
    await this.check();
    return this.get(protocol, id);
  }

  /**
   * Looks again before an answer that nothing matches, so a new app counts at once: waits for a
   * check that began after this call (at most four a second, shared by every caller meanwhile).
   */
  async fresh(): Promise<void> {
    const asked = Date.now();
    if (this.checking) await this.checking.catch(() => {});
    if (this.lastCheckAt > asked) return;
    const wait = LOOK_AGAIN_MS - (Date.now() - this.lastCheckAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.lastCheckAt > asked && !this.checking) return;
    await this.check().catch(this.onError);
  }

  /** The app `pick` chooses among the protocol's apps, looking again (fresh) when it chooses none. */
  async findBy<P extends keyof Apps>(protocol: P, pick: (apps: readonly Apps[P][]) => Apps[P] | undefined | Promise<Apps[P] | undefined>): Promise<Apps[P] | undefined> {
    const found = await pick(this.all(protocol));
    if (found) return found;
    await this.fresh();
    return pick(this.all(protocol));
  }

  /**
   * The one access rule of every protocol's sign-in and every later use of it (a ticket, a token):
   * an app with groups serves only members of one of them, without groups every account
   * (catalog/group-access.ts), the memberships read now. `memberships`: one request's read of them
   * (the OpenID Connect provider's findAccount), else the store.
   */
  mayUse(app: RegisteredApp, userId: number, memberships: Memberships = this.memberships): Promise<boolean> {
    return mayUseApp(memberships, app.groups, userId);
  }

  /**
   * The same rule by id. An id the registry does not know is not this rule's to refuse: the
   * protocol refuses it itself (oidc-provider's invalid_client).
   */
  async mayUseById<P extends keyof Apps>(protocol: P, id: string, userId: number, memberships: Memberships = this.memberships): Promise<boolean> {
    const app = await this.find(protocol, id);
    return !app || this.mayUse(app, userId, memberships);
  }
}
