// Where an app card leads, and who sees it. A plain card opens its autoLoginUrl. A card tied to an
// OpenID Connect client opens a sign-in link that only the OIDC slice can build (it knows the
// clients and the issuer), and is listed only to accounts the client lets in (a client registered
// with --group): that slice installs both rules here at start-up (oidc/app-launch.ts), so the
// catalog stays free of protocol code and works unchanged where no provider is mounted.
import type { App } from './catalog-store.ts';

/** The sign-in link of an app, or null when it has none (not a client, or no initiate_login_uri). */
export type SignInLink = (app: App) => string | null;

/** Whether an account that is a member of `accountGroups` may open the app. */
export type AppAccess = (app: App, accountGroups: readonly string[]) => boolean;

export class AppLinks {
  private signInLink: SignInLink = () => null;
  private access: AppAccess = () => true;

  useSignInLinks(link: SignInLink): void {
    this.signInLink = link;
  }

  useAccessRule(access: AppAccess): void {
    this.access = access;
  }

  /** The app centre lists only what the account can open (a card it could not open is not shown). */
  mayOpen(app: App, accountGroups: readonly string[]): boolean {
    return this.access(app, accountGroups);
  }

  /** The URL the card opens: the app's sign-in link when it has one, its own address otherwise. */
  urlOf(app: App): string {
    return this.signInLink(app) ?? app.autoLoginUrl;
  }
}
