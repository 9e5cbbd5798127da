// Client groups and applications (spec section 7), chosen by host.
import { Type, type Static } from '@sinclair/typebox';
import { NoQuery, SsoDomain, strict } from './fields.ts';

const domainQuery = Type.Object({ ssoDomain: Type.Optional(SsoDomain) }, strict);
export type DomainQuery = Static<typeof domainQuery>;

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

export const groupDetail = { method: 'GET', path: '/centerAuth/clientGroup/detailGetBySsoDomain', query: domainQuery } as const;
export const groupList = { method: 'GET', path: '/centerAuth/clientGroup/getClientGroupList', query: NoQuery } as const;
export const appList = { method: 'GET', path: '/centerAuth/client/getClientListBySsoDomain', query: domainQuery } as const;
