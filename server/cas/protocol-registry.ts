// The CAS services and SAML service providers in memory, reloaded when the admin CLI changes them
// (the version in meta, checked every config.oidcClientCheckMs like the OpenID Connect clients):
// a change reaches running servers within seconds, without a restart.
import type { ProtocolClient, ProtocolClientStore } from './protocol-client-store.ts';

export class ProtocolRegistry {
  private clients = new Map<string, ProtocolClient>();
  private version: string | null | undefined = undefined;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private lastCheckAt = 0;

  constructor(
    private readonly store: Pick<ProtocolClientStore, 'list' | 'version'>,
    private readonly onError: (error: unknown) => void,
    private readonly checkEveryMs: number,
  ) {}

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check().catch(this.onError), this.checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  check(): Promise<void> {
    this.checking ??= (async () => {
      this.lastCheckAt = Date.now();
      try {
        const version = await this.store.version();
        if (version === this.version) return;
        this.clients = new Map((await this.store.list()).map((c) => [c.id, c]));
        this.version = version;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }

  /**
   * Looks again before saying nothing matches, so a new app counts at once: a check that began
   * after this call (at most four a second, shared by every caller meanwhile).
   */
  async fresh(): Promise<void> {
    const asked = Date.now();
    if (this.checking) await this.checking.catch(() => {});
    if (this.lastCheckAt > asked) return;
    const wait = 250 - (Date.now() - this.lastCheckAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.lastCheckAt > asked && !this.checking) return;
    await this.check().catch(this.onError);
  }

  get(id: string): ProtocolClient | undefined {
    return this.clients.get(id);
  }

  all(protocol: ProtocolClient['protocol']): ProtocolClient[] {
    return [...this.clients.values()].filter((c) => c.protocol === protocol);
  }
}
