// WeCom / Feishu QR panels. The SDKs look their container up with document.getElementById, which
// cannot see into a shadow root, so the container is a light-DOM child of the element slotted
// into the panel. When the SDK cannot load, the panel says so and offers the other methods.
import { useEffect, useId, useState } from 'react';
import type { FeishuConfig, WeComConfig } from '../shared/client-group.ts';
import { loadScript } from '../../core/load-script.ts';
import { navigate } from '../../core/navigate.ts';
import { FEISHU_LOGIN, MOBILE_LOGIN, PASSWORD_LOGIN, WECOM_LOGIN } from '../sso-login.messages.ts';
import { QR_LOAD_FAILED, QR_LOADING } from './qr.messages.ts';
import { setView } from '../login-context/login-store.ts';
import { createOAuthState } from './oauth-state.ts';
import { keepCallBackForReturn } from './qr-return-callback.ts';
import { feishuGoto, feishuTmpCodeTarget, qrSdkUrl, weComOptions, type FeishuQrHandle } from './qr-sdk.ts';
import { useLoginUi } from '../login-context/use-login.ts';

type PanelState = 'loading' | 'ready' | 'failed';
const SLOT_NAME = 'qr-frame';

interface QrPanelProps {
  type: 'wecom' | 'feishu';
  wecom: WeComConfig | null;
  feishu: FeishuConfig | null;
}

export function QrPanel({ type, wecom, feishu }: QrPanelProps) {
  const { context, hostElement } = useLoginUi();
  const [state, setState] = useState<PanelState>('loading');
  const { callBack } = context.params;
  const containerId = `sso-qr-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-${type}`;

  useEffect(() => {
    const host = hostElement();
    if (!host) return undefined;
    let cancelled = false;
    let removeListener = () => {};
    setState('loading');
    const container = document.createElement('div');
    container.id = containerId;
    container.slot = SLOT_NAME;
    container.className = 'sso-qr-frame';
    host.append(container);
    // The SDKs draw an untitled <iframe>; a screen reader would announce it as "frame" only
    // (axe frame-title). Whatever frame they add, now or later, gets the panel's name.
    const frameTitle = type === 'wecom' ? WECOM_LOGIN : FEISHU_LOGIN;
    const titleFrames = () => {
      for (const frame of Array.from(container.querySelectorAll('iframe:not([title])'))) frame.setAttribute('title', frameTitle);
    };
    const frameWatch = new MutationObserver(titleFrames);
    frameWatch.observe(container, { childList: true, subtree: true });

    loadScript(qrSdkUrl(type))
      .then(() => {
        if (cancelled) return;
        // A new QR code, a new state: the return URL must carry this one (login CSRF defence).
        // The callBack cannot ride along (fixed redirect_uri): the tab keeps it for the return.
        keepCallBackForReturn(type, callBack);
        if (type === 'wecom' && wecom && window.WwLogin) {
          new window.WwLogin(weComOptions(containerId, wecom, createOAuthState('wecom')));
        } else if (type === 'feishu' && feishu && window.QRLogin) {
          const goto = feishuGoto(feishu, createOAuthState('feishu'));
          const handle: FeishuQrHandle = window.QRLogin({ id: containerId, goto, width: '300', height: '300' });
          const onMessage = (event: MessageEvent) => {
            const target = feishuTmpCodeTarget(event, goto, handle);
            if (target) navigate(target);
          };
          window.addEventListener('message', onMessage);
          removeListener = () => window.removeEventListener('message', onMessage);
        } else {
          throw new Error('QR SDK did not define its entry point');
        }
        titleFrames();
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      frameWatch.disconnect();
      removeListener();
      container.remove();
    };
  }, [type, wecom, feishu, containerId, hostElement, callBack]);

  return (
    <div className="sso-qr" data-qr-type={type} data-state={state} part="qr-panel">
      {state === 'loading' ? (
        <p className="sso-qr__status" role="status">
          {QR_LOADING}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className="sso-qr__failed">
          <p className="sso-qr__status" role="alert">
            {QR_LOAD_FAILED}
          </p>
          <div className="sso-qr__fallback">
            <button type="button" className="sso-button sso-button--primary" onClick={() => setView(context, 'password')}>
              {PASSWORD_LOGIN}
            </button>
            <button type="button" className="sso-button sso-button--secondary" onClick={() => setView(context, 'mobile')}>
              {MOBILE_LOGIN}
            </button>
          </div>
        </div>
      ) : null}
      <div className="sso-qr__frame" hidden={state === 'failed'}>
        <slot name={SLOT_NAME} />
      </div>
    </div>
  );
}
