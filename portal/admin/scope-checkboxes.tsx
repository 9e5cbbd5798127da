// The scopes an OIDC client may ask for (contract/rules/client-scopes.ts): openid always, the
// others ticked one by one. A request for a scope left unticked is refused (invalid_scope).
import { CLIENT_SCOPES, type ClientScope } from '../../contract/rules/client-scopes.ts';

const SCOPE_NAMES: Record<ClientScope, string> = {
  openid: 'openid（登录，必选）',
  profile: 'profile（用户名）',
  phone: 'phone（手机号）',
  groups: 'groups（所属客户群）',
};

export function ScopeCheckboxes({ selected, onChange }: { selected: readonly string[]; onChange(scopes: string[]): void }) {
  const toggle = (scope: ClientScope, on: boolean) =>
    onChange(CLIENT_SCOPES.filter((s) => s === 'openid' || (s === scope ? on : selected.includes(s))));
  return (
    <fieldset className="checks">
      <legend>允许的 scope</legend>
      <p className="field__hint">应用请求未勾选的 scope 时会被拒绝（invalid_scope）</p>
      <div className="checks__list">
        {CLIENT_SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" checked={scope === 'openid' || selected.includes(scope)} disabled={scope === 'openid'}
              onChange={(event) => toggle(scope, event.target.checked)} />
            {SCOPE_NAMES[scope]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
