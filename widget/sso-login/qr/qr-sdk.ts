// The WeCom and Feishu QR SDKs: official script URLs, the options we build for them, and the
// Feishu tmp_code hand-over (postMessage, origin-checked). The URLs can be swapped (tests, mirrors).
import type { FeishuConfig, WeComConfig } from '../shared/client-group.ts';

export const OFFICIAL_SDK_URLS = {
  wecom: 'https://wwcdn.weixin.qq.com/node/wework/wwopen/js/wwLogin-1.2.7.js',
  feishu: 'https://lf-package-cn.feishucdn.com/obj/feishu-static/lark/passport/qrcode/LarkSSOSDKWebQRCode-1.0.3.js',
};

let sdkUrls = { ...OFFICIAL_SDK_URLS };

export function qrSdkUrl(type: 'wecom' | 'feishu'): string {
  return sdkUrls[type];
}

/** Points the loader elsewhere (tests, an internal mirror); returns a restore function. */
export function setQrSdkUrls(next: Partial<typeof OFFICIAL_SDK_URLS>): () => void {
  const previous = sdkUrls;
  sdkUrls = { ...sdkUrls, ...next };
  return () => {
    sdkUrls = previous;
  };
}

export const FEISHU_AUTHORIZE_URL = 'https://passport.feishu.cn/suite/passport/oauth/authorize';
/** Origins the Feishu QR frame posts tmp_code from. */
export const FEISHU_ORIGINS = ['https://passport.feishu.cn', 'https://passport.larksuite.com'];

export interface WwLoginOptions {
  id: string;
  appid: string;
  agentid: string;
  redirect_uri: string;
  state: string;
  href: string;
  lang: 'zh';
}

/** `state`: this tab's fresh OAuth state (oauth-state.ts), checked on the way back. */
export function weComOptions(containerId: string, config: WeComConfig, state: string): WwLoginOptions {
  return {
    id: containerId,
    appid: config.appid,
    agentid: config.agentid,
    // wwLogin puts it into the QR frame's query as given: it must arrive URL-encoded.
    redirect_uri: encodeURIComponent(config.redirect_uri),
    state,
    href: '',
    lang: 'zh',
  };
}

/** The authorize URL the Feishu QR flow uses as goto (and navigates to with tmp_code). */
export function feishuGoto(config: FeishuConfig, state: string): string {
  const query = new URLSearchParams({
    client_id: config.client_id,
    redirect_uri: config.redirect_uri,
    response_type: 'code',
    state,
  });
  return `${FEISHU_AUTHORIZE_URL}?${query.toString()}`;
}

export interface FeishuQrHandle {
  matchOrigin?(origin: string): boolean;
  matchData?(data: unknown): boolean;
}

/** The URL to open for a message from the Feishu frame, or null if the message is not one. */
export function feishuTmpCodeTarget(event: MessageEvent, goto: string, handle: FeishuQrHandle | null): string | null {
  if (!FEISHU_ORIGINS.includes(event.origin)) return null;
  if (handle?.matchOrigin && !handle.matchOrigin(event.origin)) return null;
  const data = event.data as { tmp_code?: unknown } | null;
  if (!data || typeof data !== 'object' || typeof data.tmp_code !== 'string' || !data.tmp_code) return null;
  if (handle?.matchData && !handle.matchData(event.data)) return null;
  return `${goto}&tmp_code=${encodeURIComponent(data.tmp_code)}`;
}

declare global {
  interface Window {
    WwLogin?: new (options: WwLoginOptions) => unknown;
    QRLogin?: (options: { id: string; goto: string; width: string; height: string }) => FeishuQrHandle;
  }
}
