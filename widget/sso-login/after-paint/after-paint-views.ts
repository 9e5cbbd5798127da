// Everything of <sso-login> the first paint does not show: the other views, the QR panels, the
// change-password dialog and the toasts and dialogs of the notice layer. The bundler puts these modules (and what only they import) into one chunk,
// fetched right after the first render (lazy-views.tsx), so that the form the user sees first
// arrives and runs without them, and the next step is already there when the user takes it.
export { NoticeLayer } from '../../core/notice-layer.tsx';
export { ChangePasswordDialog } from '../change-password/change-password-dialog.tsx';
export { ForgotPasswordView } from '../forgot-password/forgot-password-view.tsx';
export { LogoutView } from '../logout/logout-view.tsx';
export { MobileForm } from '../mobile/mobile-form.tsx';
export { QrPanel } from '../qr/qr-panel.tsx';
export { RedirectView } from '../redirect/redirect-view.tsx';
export { RegisterForm } from '../register/register-form.tsx';
