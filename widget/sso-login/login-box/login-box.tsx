// The login box: the current view, the password <-> QR toggle icon, the links between views and
// the footer. QR views exist only for messengers the client group configures.
import { useEffect, useRef } from 'react';
import { focusablesOf } from '../../core/use-modal.ts';
import { useStore } from '@nanostores/react';
import { setView, type LoginView } from '../login-context/login-store.ts';
import { availableQrTypes, initialQrType } from '../qr/qr-store.ts';
import { LOGIN_METHODS } from '../sso-login.messages.ts';
import { BACK_TO_LOGIN, FEISHU_LOGIN, LOGIN_TITLE, MOBILE_LOGIN, PASSWORD_LOGIN, QR_TYPE_GROUP, REGISTER, SIGN_OUT, SWITCH_TO_PASSWORD, SWITCH_TO_QR, WECOM_LOGIN } from '../sso-login.messages.ts';
import { PasswordForm } from '../password/password-form.tsx';
import { ForgotPasswordView, LogoutView, MobileForm, QrPanel, RedirectView, RegisterForm } from '../after-paint/lazy-views.tsx';
import { SECOND_FACTOR_TITLE, SecondFactorView } from '../second-factor/lazy-second-factor.tsx';
import { LoginFooter } from './login-footer.tsx';
import { BACK_TO_SIGN_IN, RESET_PASSWORD_TITLE } from '../forgot-password/forgot-password.messages.ts';
import { KeyboardIcon, QrIcon } from '../shared/icons.tsx';
import { useLoginUi } from '../login-context/use-login.ts';
import { usePhoneLayout } from '../qr/phone-layout.ts';
import { AppBrowserLogin } from '../qr/app-browser-login.tsx';

const TITLES: Record<LoginView, string> = {
  password: PASSWORD_LOGIN,
  mobile: MOBILE_LOGIN,
  register: REGISTER,
  wecom: WECOM_LOGIN,
  feishu: FEISHU_LOGIN,
  logout: SIGN_OUT,
  redirect: LOGIN_TITLE,
  forgot: RESET_PASSWORD_TITLE,
  'second-factor': SECOND_FACTOR_TITLE,
};

const TOGGLE_VIEWS: LoginView[] = ['password', 'mobile', 'wecom', 'feishu'];

export function LoginBox() {
  const { context } = useLoginUi();
  const view = useStore(context.$view);
  const group = useStore(context.$group);
  const groupLoaded = useStore(context.$groupLoaded);
  const notSetUp = useStore(context.$notSetUp);
  const configuredQr = availableQrTypes(group, context.params.apiBase);
  // On a phone a QR code on the same screen cannot be scanned: no QR views (qr/phone-layout.ts).
  const phone = usePhoneLayout();
  const qrTypes = phone ? [] : configuredQr;
  const isQr = view === 'wecom' || view === 'feishu';

  useEffect(() => {
    // A QR view whose messenger this group does not configure falls back to password login.
    if (groupLoaded && isQr && !qrTypes.includes(view)) context.$view.set('password');
  }, [groupLoaded, isQr, qrTypes, view, context]);

  // Focus follows a view switch (after a click on 手机登录, 注册账号, a QR tab, a finished
  // registration ...): to the new view's first field, else its heading, so keyboard and
  // screen-reader users land where the new content starts, not on <body>. Not on the first render:
  // the element must not take the focus from the page it is embedded in.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    const form = bodyRef.current?.querySelector('form');
    const firstField = form ? focusablesOf(form).find((element) => element.matches('input')) : undefined;
    (firstField ?? headingRef.current)?.focus();
  }, [view]);

  const qrNext = initialQrType(qrTypes);
  const showToggle = TOGGLE_VIEWS.includes(view) && qrNext !== null;

  return (
    <section className="sso-box" aria-labelledby="sso-box-title" data-view={view} part="box">
      <header className="sso-box__header">
        <h2 id="sso-box-title" className="sso-box__title" tabIndex={-1} ref={headingRef}>
          {TITLES[view]}
        </h2>
        {showToggle ? (
          <button
            type="button"
            className="sso-box__toggle"
            aria-label={isQr ? SWITCH_TO_PASSWORD : SWITCH_TO_QR}
            title={isQr ? SWITCH_TO_PASSWORD : SWITCH_TO_QR}
            onClick={() => setView(context, isQr ? 'password' : (qrNext ?? 'password'))}
            part="toggle"
          >
            {isQr ? <KeyboardIcon /> : <QrIcon />}
          </button>
        ) : null}
      </header>

      {isQr && qrTypes.length > 1 ? (
        <div className="sso-qr-tabs" role="group" aria-label={QR_TYPE_GROUP}>
          {qrTypes.map((type) => (
            <button
              key={type}
              type="button"
              className="sso-button sso-qr-tabs__tab"
              aria-pressed={view === type}
              onClick={() => setView(context, type)}
            >
              {type === 'wecom' ? WECOM_LOGIN : FEISHU_LOGIN}
            </button>
          ))}
        </div>
      ) : null}

      <div className="sso-box__body" ref={bodyRef}>
        {notSetUp ? <p className="sso-form-error" role="alert" part="form-error" data-not-set-up="">{notSetUp}</p> : null}
        {view === 'password' || view === 'mobile' ? <AppBrowserLogin configured={configuredQr} wecom={group.weComConfig} feishu={group.feishuConfig} callBack={context.params.callBack} /> : null}
        {view === 'password' ? <PasswordForm /> : null}
        {view === 'mobile' ? <MobileForm /> : null}
        {view === 'register' ? <RegisterForm /> : null}
        {/* A panel per messenger (key): one that showed WeCom ready never shows Feishu ready before Feishu's SDK ran. */}
        {isQr && qrTypes.includes(view) ? <QrPanel key={view} type={view} wecom={group.weComConfig} feishu={group.feishuConfig} /> : null}
        {view === 'logout' ? <LogoutView /> : null}
        {view === 'redirect' ? <RedirectView /> : null}
        {view === 'forgot' ? <ForgotPasswordView /> : null}
        {view === 'second-factor' ? <SecondFactorView /> : null}
      </div>

      {view === 'password' || view === 'mobile' ? (
        <nav className="sso-box__links" aria-label={LOGIN_METHODS}>
          <button type="button" className="sso-button sso-button--link" onClick={() => setView(context, view === 'password' ? 'mobile' : 'password')}>
            {view === 'password' ? MOBILE_LOGIN : PASSWORD_LOGIN}
          </button>
          <button type="button" className="sso-button sso-button--link" onClick={() => setView(context, 'register')}>
            {REGISTER}
          </button>
        </nav>
      ) : null}
      {view === 'register' || view === 'forgot' ? (
        <nav className="sso-box__links" aria-label={LOGIN_METHODS}>
          <button type="button" className="sso-button sso-button--link" onClick={() => setView(context, 'password')}>
            {view === 'forgot' ? BACK_TO_SIGN_IN : BACK_TO_LOGIN}
          </button>
        </nav>
      ) : null}
      <LoginFooter />
    </section>
  );
}
