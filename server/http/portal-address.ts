// Where the portal answers, for the links the protocol slices build (the OpenID Connect issuer, the
// CAS / SAML base URL): SSO_PUBLIC_URL when set, else http://localhost:<port> of the listening server
// (app.ts attaches it; compose.ts builds this before there is a server).
import type { ServerConfig } from '../config.ts';

interface Listening {
  address(): ReturnType<import('node:net').Server['address']>;
}

export class PortalAddress {
  private server: Listening | null = null;

  constructor(private readonly config: Pick<ServerConfig, 'publicUrl' | 'port'>) {}

  attach(server: Listening): void {
    this.server = server;
  }

  /** The OpenID Connect issuer: the public URL as configured. */
  issuer(): string {
    return this.config.publicUrl ?? this.local();
  }

  /** The base of the CAS and SAML URLs: the public URL without its trailing slashes. */
  base(): string {
    return this.config.publicUrl ? this.config.publicUrl.replace(/\/+$/, '') : this.local();
  }

  private local(): string {
    const address = this.server?.address();
    const port = typeof address === 'object' && address ? address.port : this.config.port;
    return `http://localhost:${port}`;
  }
}
