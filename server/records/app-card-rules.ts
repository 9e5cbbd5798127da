// What a protocol slice tells the catalog about an app card it knows (catalog/app-links.ts applies
// them; oidc/app-launch.ts and cas/protocol-app-links.ts make them, compose.ts plugs them in). Here,
// below the slices, because the protocol slices are imported by catalog/ (its admin actions), so
// naming catalog/ back for these two types would close an import circle.
import type { App } from './catalog.ts';

/** The sign-in link of an app, or null when it has none (not a client, or no initiate_login_uri). */
export type SignInLink = (app: App) => string | null;

/**
 * The groups the app a card is tied to requires ([]: every account), or undefined when the card
 * names no app of that protocol (an unknown or removed client: a plain link, shown as before).
 */
export type AppGroups = (app: App) => readonly string[] | undefined;
