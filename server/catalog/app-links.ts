// Where an app card leads, and who sees it. A plain card opens its autoLoginUrl. A card tied to an
// OpenID Connect client, a CAS service or a SAML service provider (the card's oidcClient names it)
// opens a sign-in link that only that protocol's slice can build, and is listed only to accounts the
// app lets in (--group). Who is let in is the one per-group rule (group-access.ts), applied here;
// each protocol slice tells only what the catalog cannot know itself: a card's sign-in link and the
// groups its app requires (oidc/app-launch.ts, cas/protocol-app-links.ts), so the catalog stays free
// of protocol code and works unchanged where no provider is mounted.
import type { App } from '../records/catalog.ts';
import type { AppGroups, SignInLink } from '../records/app-card-rules.ts';
import { groupsLetIn } from './group-access.ts';

export class AppLinks {
  // One source per protocol slice (OpenID Connect, CAS, SAML): the first link wins, every app's groups must let the account in.
  private signInLinks: SignInLink[] = [];
  private appGroups: AppGroups[] = [];

  useSignInLinks(link: SignInLink): void {
    this.signInLinks.push(link);
  }

  useAppGroups(groups: AppGroups): void {
    this.appGroups.push(groups);
  }

  /** The app centre lists only what the account can open (a card it could not open is not shown). */
  mayOpen(app: App, accountGroups: readonly string[]): boolean {
    return this.appGroups.every((groupsOf) => groupsLetIn(groupsOf(app) ?? [], accountGroups));
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
