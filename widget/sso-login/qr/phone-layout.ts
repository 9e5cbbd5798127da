// What a phone can use (issue 15): below 600 px or on a touch-only device nobody can scan a QR code
// shown on the same screen, so the QR views are not offered there. Inside the WeCom or Feishu app's
// own browser the app can sign the user in directly: "open in WeCom / Feishu" (the messenger's
// in-app OAuth page) is offered there, and only there.
import { useSyncExternalStore } from 'react';
import type { FeishuConfig, WeComConfig } from '../shared/client-group.ts';
import { feishuGoto } from './qr-sdk.ts';

/** Narrow screens, and devices whose only pointer is a finger (no hover, coarse pointer). */
export const PHONE_MEDIA_QUERY = '(max-width: 599.98px), (hover: none) and (pointer: coarse)';

function phoneQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_MEDIA_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True on a phone-like screen; follows rotation and window resizes. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery()?.matches ?? false, () => false);
}

export type AppBrowser = 'wecom' | 'feishu';

/** The messenger whose in-app browser this is (WeCom says wxwork, Feishu says Lark or Feishu). */
export function appBrowserOf(userAgent: string): AppBrowser | null {
  if (/\bwxwork\//i.test(userAgent)) return 'wecom';
  if (/\b(Lark|Feishu)\//i.test(userAgent)) return 'feishu';
  return null;
}

export const WECOM_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** WeCom's in-app OAuth page: signs in the app's user silently and returns to redirect_uri. */
export function weComInAppUrl(config: WeComConfig, state: string): string {
  const query = new URLSearchParams({
    appid: config.appid,
    redirect_uri: config.redirect_uri,
    response_type: 'code',
    scope: 'snsapi_base',
    state,
    agentid: config.agentid,
  });
  return `${WECOM_AUTHORIZE_URL}?${query.toString()}#wechat_redirect`;
}

/** Feishu's in-app browser signs in through the same authorize page as its QR flow. */
export function feishuInAppUrl(config: FeishuConfig, state: string): string {
  return feishuGoto(config, state);
}
