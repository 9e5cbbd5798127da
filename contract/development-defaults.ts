// The spec's fixed symmetric Enc-Flag key and the /tenant/list signing secret are shared by the
// server and the widget. These are their development values: the server warns while they are in
// use, and a deployment sets SSO_ENC_KEY / SSO_SIGN_SECRET for the server and for the widget build
// alike (widget/build-defines.ts), so the two never disagree.
export const DEV_ENC_KEY = 'SsoPortalEncKey1';
export const DEV_SIGN_SECRET = 'SsoPortalSignSecret';
