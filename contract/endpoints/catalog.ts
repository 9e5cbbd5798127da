// Client groups and applications (spec section 7), chosen by host.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { NoQuery, SsoDomain, strict } from './fields.ts';

const domainQuery = Type.Object({ ssoDomain: Type.Optional(SsoDomain) }, strict);
export type DomainQuery = Static<typeof domainQuery>;

/**
 * A group's look (issue 15): the login page's colours and logo. Colours are #rrggbb; the logo is a
 * path on the SSO origin or an https URL. The widget applies them as --sso-* custom properties.
 */
export interface GroupTheme {
  /** Buttons, links, the selected tab; white text sits on it (contrast >= 4.5:1). */
  primaryColor: string;
  primaryHoverColor: string;
  /** The default background, a gradient from this colour... */
  backgroundFrom: string;
  /** ...to this one. */
  backgroundTo: string;
  logoUrl: string | null;
}

/** The public configuration of a client group (spec section 3): never a messenger secret. */
export interface GroupConfig {
  code: string;
  name: string;
  domainUrl: string;
  imageList: { fileUrl: string }[];
  cycleTime: number;
  weComConfig: { appid: string; agentid: string; redirect_uri: string } | null;
  feishuConfig: { client_id: string; redirect_uri: string } | null;
  /** Origins this group trusts as callBack targets and embedding sites. */
  callbackOrigins: string[];
  /** The group's colours and logo; null: the widget's default look. */
  theme: GroupTheme | null;
  /** Seconds before another SMS code can go to the same phone (SSO_SMS_COOLDOWN_SECONDS): the send buttons count them down. */
  smsCooldownSeconds: number;
}

export interface GroupSummary {
  code: string;
  name: string;
  domainUrl: string;
}

/** An app card (spec section 3). */
export interface AppEntry {
  id: string;
  name: string;
  logo: string;
  intro: string;
  /**
   * What the card opens. For an app tied to an OpenID Connect client: the client's registered
   * initiate_login_uri with iss and target_link_uri (server/oidc/app-launch.ts).
   */
  autoLoginUrl: string;
}

export const groupDetail = endpoint<GroupConfig>()({ method: 'GET', path: '/centerAuth/clientGroup/detailGetBySsoDomain', query: domainQuery });
export const groupList = endpoint<GroupSummary[]>()({ method: 'GET', path: '/centerAuth/clientGroup/getClientGroupList', query: NoQuery });
export const appList = endpoint<AppEntry[]>()({ method: 'GET', path: '/centerAuth/client/getClientListBySsoDomain', query: domainQuery });
