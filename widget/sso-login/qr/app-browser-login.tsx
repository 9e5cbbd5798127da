// "在企业微信中登录" / "在飞书中登录": shown only inside that messenger's own browser, for a group
// that configures it. A new OAuth state per click, checked on the return URL like a QR login's.
import { navigate } from '../../core/navigate.ts';
import { createOAuthState } from './oauth-state.ts';
import { keepCallBackForReturn } from './qr-return-callback.ts';
import type { QrType } from './qr-store.ts';
import type { FeishuConfig, WeComConfig } from '../shared/client-group.ts';
import { appBrowserOf, feishuInAppUrl, weComInAppUrl } from './phone-layout.ts';
import { OPEN_IN_FEISHU, OPEN_IN_WECOM } from './qr.messages.ts';

interface AppBrowserLoginProps {
  /** The messengers this group offers on this page (qr-choice availableQrTypes). */
  configured: QrType[];
  wecom: WeComConfig | null;
  feishu: FeishuConfig | null;
  userAgent?: string;
  /** The sign-in's callBack, kept for the messenger's return (qr-return-callback.ts). */
  callBack?: string | null;
}

export function AppBrowserLogin({ configured, wecom, feishu, userAgent = navigator.userAgent, callBack = null }: AppBrowserLoginProps) {
  const app = appBrowserOf(userAgent);
  if (!app || !configured.includes(app)) return null;
  const open = () => {
    keepCallBackForReturn(app, callBack);
    if (app === 'wecom' && wecom) navigate(weComInAppUrl(wecom, createOAuthState('wecom')));
    if (app === 'feishu' && feishu) navigate(feishuInAppUrl(feishu, createOAuthState('feishu')));
  };
  return (
    <button type="button" className="sso-button sso-button--primary sso-button--block sso-app-login" onClick={open} data-app={app}>
      {app === 'wecom' ? OPEN_IN_WECOM : OPEN_IN_FEISHU}
    </button>
  );
}
