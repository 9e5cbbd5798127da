// Where an app card leads, and who sees it. A plain card opens its autoLoginUrl. A card tied to an
// OpenID Connect client, a CAS service or a SAML service provider (the card's oidcClient names it)
// opens a sign-in link that only that protocol's slice can build, and is listed only to accounts the
// app lets in (--group): each slice installs both rules here at start-up (oidc/app-launch.ts,
// cas/protocol-app-links.ts), so the
// catalog stays free of protocol code and works unchanged where no provider is mounted.
import type { App } from './catalog-store.ts';

/** The sign-in link of an app, or null when it has none (not a client, or no initiate_login_uri). */
export type SignInLink = (app: App) => string | null;

/** Whether an account that is a member of `accountGroups` may open the app. */
export type AppAccess = (app: App, accountGroups: readonly string[]) => boolean;

export class AppLinks {
  // One rule per protocol slice (OpenID Connect, CAS, SAML): the first link wins, every access rule must agree.
  private signInLinks: SignInLink[] = [];
  private accessRules: AppAccess[] = [];

  useSignInLinks(link: SignInLink): void {
    this.signInLinks.push(link);
  }

  useAccessRule(access: AppAccess): void {
    this.accessRules.push(access);
  }

  /** The app centre lists only what the account can open (a card it could not open is not shown). */
  mayOpen(app: App, accountGroups: readonly string[]): boolean {
    return this.accessRules.every((access) => access(app, accountGroups));
  }

  /** The URL the card opens: the app's sign-in link when it has one, its own address otherwise. */
  urlOf(app: App): string {
    for (const link of this.signInLinks) {
      const url = link(app);
      if (url) return url;
    }
    return app.autoLoginUrl;
  }
}
