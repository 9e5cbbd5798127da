// The client group config of contract "Client group config", as the login page uses it.
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';
import { normalizeTheme } from '../brand/group-theme.ts';

export interface WeComConfig {
  appid: string;
  agentid: string;
  redirect_uri: string;
}

export interface FeishuConfig {
  client_id: string;
  redirect_uri: string;
}

export interface ClientGroup {
  code: string;
  name: string;
  domainUrl: string;
  imageList: Array<{ fileUrl: string }>;
  cycleTime: number;
  weComConfig: WeComConfig | null;
  feishuConfig: FeishuConfig | null;
  callbackOrigins: string[];
  /** Colours and logo; null: the default look. */
  theme: GroupTheme | null;
}

const EMPTY_GROUP: ClientGroup = {
  code: 'default',
  name: '',
  domainUrl: '',
  imageList: [],
  cycleTime: 3,
  weComConfig: null,
  feishuConfig: null,
  callbackOrigins: [],
  theme: null,
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Accepts whatever the server sends and keeps only well-formed fields (defaults otherwise). */
export function normalizeClientGroup(raw: unknown): ClientGroup {
  if (!raw || typeof raw !== 'object') return EMPTY_GROUP;
  const value = raw as Record<string, unknown>;
  const images = Array.isArray(value.imageList) ? value.imageList : [];
  const cycle = Number(value.cycleTime);
  const wecom = value.weComConfig as Record<string, unknown> | null | undefined;
  const feishu = value.feishuConfig as Record<string, unknown> | null | undefined;
  return {
    code: text(value.code) || 'default',
    name: text(value.name),
    domainUrl: text(value.domainUrl),
    imageList: images
      .map((item) => ({ fileUrl: text((item as { fileUrl?: unknown } | null)?.fileUrl) }))
      .filter((item) => item.fileUrl !== ''),
    cycleTime: Number.isFinite(cycle) && cycle > 0 ? cycle : 3,
    weComConfig:
      wecom && typeof wecom === 'object' && text(wecom.appid)
        ? { appid: text(wecom.appid), agentid: text(wecom.agentid), redirect_uri: text(wecom.redirect_uri) }
        : null,
    feishuConfig:
      feishu && typeof feishu === 'object' && text(feishu.client_id)
        ? { client_id: text(feishu.client_id), redirect_uri: text(feishu.redirect_uri) }
        : null,
    callbackOrigins: Array.isArray(value.callbackOrigins) ? value.callbackOrigins.map(text).filter(Boolean) : [],
    theme: normalizeTheme(value.theme),
  };
}

export function emptyClientGroup(): ClientGroup {
  return EMPTY_GROUP;
}
