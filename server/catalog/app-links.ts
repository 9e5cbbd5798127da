// Where an app card leads. A plain card opens its autoLoginUrl. A card tied to an OpenID Connect
// client opens a sign-in link that only the OIDC slice can build (it knows the clients and the
// issuer): that slice installs its link maker here at start-up (oidc/app-launch.ts), so the catalog
// stays free of protocol code and works unchanged where no provider is mounted.
import type { App } from './catalog-store.ts';

/** The sign-in link of an app, or null when it has none (not a client, or no initiate_login_uri). */
export type SignInLink = (app: App) => string | null;

export class AppLinks {
  private signInLink: SignInLink = () => null;

  useSignInLinks(link: SignInLink): void {
    this.signInLink = link;
  }

  /** The URL the card opens: the app's sign-in link when it has one, its own address otherwise. */
  urlOf(app: App): string {
    return this.signInLink(app) ?? app.autoLoginUrl;
  }
}
