// Client groups (chosen by host) and the apps each group shows, and the store that keeps them: the
// catalog slice's records (durable data in the database, read through catalog/catalog-cache.ts;
// the SQL store is catalog/catalog-store.sql.ts). Here, not in catalog/, because auth/ (a group's
// WeCom / Feishu settings), embedding/ (a group's callbackOrigins) and console/ read them too, and
// files the context reaches would otherwise close an import circle through catalog/index.ts.
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';

export interface WeComSettings {
  appid: string;
  agentid: string;
  /** Server-side only: never in an answer. */
  secret: string;
  baseUrl: string;
}

export interface FeishuSettings {
  appId: string;
  /** Server-side only: never in an answer. */
  appSecret: string;
  baseUrl: string;
}

export interface ClientGroup {
  code: string;
  name: string;
  aliases: string[];
  domains: string[];
  /** Explicit public URL; null derives it from the first domain and the request's port. */
  domainUrl: string | null;
  imageList: { fileUrl: string }[];
  cycleTime: number;
  weCom: WeComSettings | null;
  feishu: FeishuSettings | null;
  callbackOrigins: string[];
  isDefault: boolean;
  sortOrder: number;
  /**
   * A staff group: self-registered dealers never join it, whatever SSO_REGISTRATION_GROUPS says
   * (import file "staffOnly": true). Members still come only from grants and imports.
   */
  staffOnly: boolean;
  /**
   * Members sign in only with a second factor: after the password, one without a factor sets one up
   * before any app gets a code (server/mfa, issue 21; import file "requireMfa": true). Absent: unchanged.
   */
  requireMfa?: boolean;
  /** The login page's colours and logo (import file "theme"); absent or null: the default look. */
  theme?: GroupTheme | null;
  /** Epoch ms of the last change (0: before the console existed). */
  updatedAt?: number;
}

export interface App {
  id: string;
  groupCode: string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
  /**
   * The OpenID Connect client this card signs into: the card then opens the client's
   * initiate_login_uri (oidc/app-launch.ts) and autoLoginUrl is the page the app shows after sign-in.
   * Absent or null: a plain link to autoLoginUrl.
   */
  oidcClientId?: string | null;
  sortOrder: number;
  visible: boolean;
}

export interface CatalogStore {
  listGroups(): Promise<ClientGroup[]>;
  upsertGroup(group: ClientGroup): Promise<void>;
  /**
   * The console's save: creates the group when expectedUpdatedAt is null (false when the code is
   * taken), else replaces it only while its updatedAt is still that (false: changed meanwhile).
   */
  saveGroupIfUnchanged(group: ClientGroup, expectedUpdatedAt: number | null, now: number): Promise<boolean>;
  /** True when there was a group to remove; its app cards and memberships go with it (foreign keys). */
  removeGroup(code: string): Promise<boolean>;
  listApps(groupCode: string): Promise<App[]>;
  upsertApp(app: App): Promise<void>;
  /** True when there was an app card to remove. */
  removeApp(id: string): Promise<boolean>;
}
