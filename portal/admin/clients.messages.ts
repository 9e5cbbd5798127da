// The texts of the console's 应用 section: OpenID Connect clients (their scopes, secrets and the
// provider's signing key), app cards, CAS services and SAML providers. Refusals the server sends are
// contract/errors.ts's; the shared pieces (retry, cancel, groups) console.messages.ts's.
import type { ClientScope } from '../../contract/rules/client-scopes.ts';

/** 允许的 scope (scope-checkboxes.tsx). */
export const ScopeText = {
  legend: '允许的 scope',
  hint: '应用请求未勾选的 scope 时会被拒绝（invalid_scope）',
  names: {
    openid: 'openid（登录，必选）',
    profile: 'profile（用户名）',
    phone: 'phone（手机号）',
    groups: 'groups（所属客户群）',
  } satisfies Record<ClientScope, string>,
} as const;

/** 轮换签名密钥 (signing-key-button.tsx). */
export const SigningKeyText = {
  rotate: '轮换签名密钥',
  rotating: '正在轮换…',
  confirm: '生成新的 OIDC 签名密钥？新密钥立即公布，一小时后开始签名（让各应用先取到它）；旧密钥在其令牌过期前仍会公布。',
  rotated: (kid: string) => `已启用新签名密钥：${kid}`,
} as const;
