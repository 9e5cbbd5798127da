// Registers <sso-login> (skipped when the tag is already defined).
import { defineElement } from '../core/define-element.ts';
import { baseStyles } from '../core/base.styles.ts';
import { ssoLoginStyles } from './sso-login.styles.ts';
import { lightCredentialStyles } from './shared/light-credential.styles.ts';
import { SsoLogin } from './sso-login.tsx';
import { FIRST_PAINT_SLOT } from './first-paint/first-paint-names.ts';

export const SsoLoginElement = defineElement('sso-login', SsoLogin, {
  props: {
    brand: 'string',
    apiBase: 'string',
    ssoDomain: 'string',
    view: 'string',
    isSignout: 'string',
    isRedirectSelf: 'string',
    callBack: 'string',
    code: 'string',
    loginType: 'string',
    clientId: 'string',
    from: 'string',
  },
  styles: [baseStyles, ssoLoginStyles + lightCredentialStyles],
  firstPaintSlot: FIRST_PAINT_SLOT,
});
