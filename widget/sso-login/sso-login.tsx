// <sso-login>: the whole login page as one element (issue 3). Creates one notice centre, request
// client and login context per element; starts the page logic after the first render.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ElementContainerProps } from '../core/define-element.ts';
import { createNoticeCenter } from '../core/notices.ts';
import { createApiClient } from '../core/request.ts';
import { preloadSm2OnFirstUse } from './after-paint/sm2-warm-up.ts';
import { emit } from '../core/events.ts';
import { resolveAgainstApi } from '../core/api-origin.ts';
import { brandCodeOf, getBrand } from '../brands/index.ts';
import { resolveLoginParams, type LoginElementProps } from './login-context/login-params.ts';
import { createLoginContext } from './login-context/login-store.ts';
import { startLoginPage } from './login-context/login-actions.ts';
import { stopCountdown } from './shared/countdown.ts';
import { BackgroundCarousel } from './brand/background-carousel.tsx';
import { BrandPanel } from './brand/brand-panel.tsx';
import { PENDING_LOOK_CSS, themeCss, useLookSheet } from './brand/brand-theme.ts';
import { LoginBox } from './login-box/login-box.tsx';
import { ChangePasswordDialog, NoticeLayer } from './after-paint/lazy-views.tsx';
import { LoginUiContext, type LoginUi } from './login-context/use-login.ts';
import { removeFirstPaint } from './first-paint/first-paint-takeover.ts';

export type SsoLoginProps = LoginElementProps & ElementContainerProps;

export function SsoLogin(props: SsoLoginProps) {
  const containerRef = useRef(props.container);
  containerRef.current = props.container;

  // Attributes are read once, at the first render: the page's own state is in the stores after that.
  const ui = useMemo<LoginUi>(() => {
    const params = resolveLoginParams(props);
    const notices = createNoticeCenter();
    const client = createApiClient({ apiBase: params.apiBase, notices });
    const hostElement = () => (containerRef.current?.host as HTMLElement | undefined) ?? null;
    return { context: createLoginContext({ params, client, notices, host: hostElement }), hostElement };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { context } = ui;
  const group = useStore(context.$group);
  const groupLoaded = useStore(context.$groupLoaded);
  // The page's load logic (isLogin, sign-out, code login) has run to its end: data-page-ready.
  const [pageReady, setPageReady] = useState(false);

  // A layout effect runs in the same task as the first commit: a view switched right after the box
  // appears (a fast user, a test) is already announced; a passive effect could run too late.
  useLayoutEffect(
    () =>
      context.$view.listen((view) => {
        const host = ui.hostElement();
        if (host) emit(host, 'sso-login-view-change', { view });
      }),
    [context, ui],
  );

  // The first paint (first-paint/first-paint.ts) goes with the first commit: layout effects run children first,
  // so the password form's fields have adopted its inputs by now.
  useLayoutEffect(() => removeFirstPaint(ui.hostElement()), [ui]);

  useEffect(() => {
    void startLoginPage(context).finally(() => setPageReady(true));
    // At the first focus or key press: the form is already usable while sm-crypto arrives.
    const stopSm2WarmUp = context.params.isRedirectSelf ? undefined : preloadSm2OnFirstUse(ui.hostElement());
    return () => {
      stopSm2WarmUp?.();
      stopCountdown(context.mobileCountdown);
      stopCountdown(context.registerCountdown);
      stopCountdown(context.resetCountdown);
    };
  }, [context, ui]);

  const brand = getBrand(context.params.brand ?? group.code);
  // The brand is known once the group config is in, or from the first frame when it was cached.
  const lookKnown = groupLoaded || context.lookCached;
  // A brand attribute naming another brand than the group's (an app's login page on the portal
  // host): that brand's own colours and mark, never the group's logo under another brand's name.
  const theme = !context.params.brand || brandCodeOf(context.params.brand) === brandCodeOf(group.code) ? group.theme : brand.theme;
  useLookSheet(props.container, !lookKnown ? PENDING_LOOK_CSS : theme ? themeCss(theme) : null);
  const logoUrl = theme?.logoUrl ? resolveAgainstApi(theme.logoUrl, context.params.apiBase) : null;
  return (
    <LoginUiContext.Provider value={ui}>
      <div className="sso-login" data-brand={lookKnown ? brand.code : 'pending'} data-look={lookKnown ? 'ready' : 'pending'} data-group-loaded={groupLoaded ? 'true' : 'false'} data-page-ready={pageReady ? 'true' : 'false'} part="base">
        <BackgroundCarousel images={group.imageList.map((image) => resolveAgainstApi(image.fileUrl, context.params.apiBase))} cycleTime={group.cycleTime} />
        <div className="sso-login__layout">
          <BrandPanel brand={brand} logoUrl={logoUrl} pending={!lookKnown} />
          <LoginBox />
        </div>
        <ChangePasswordDialog />
        <NoticeLayer center={context.notices} />
      </div>
    </LoginUiContext.Provider>
  );
}
