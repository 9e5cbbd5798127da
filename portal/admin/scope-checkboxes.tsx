// The scopes an OIDC client may ask for (contract/rules/client-scopes.ts): openid always, the
// others ticked one by one. A request for a scope left unticked is refused (invalid_scope).
import { CLIENT_SCOPES, type ClientScope } from '../../contract/rules/client-scopes.ts';
import { ScopeText } from './clients.messages.ts';

export function ScopeCheckboxes({ selected, onChange }: { selected: readonly string[]; onChange(scopes: string[]): void }) {
  const toggle = (scope: ClientScope, on: boolean) =>
    onChange(CLIENT_SCOPES.filter((s) => s === 'openid' || (s === scope ? on : selected.includes(s))));
  return (
    <fieldset className="checks">
      <legend>{ScopeText.legend}</legend>
      <p className="field__hint">{ScopeText.hint}</p>
      <div className="checks__list">
        {CLIENT_SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" checked={scope === 'openid' || selected.includes(scope)} disabled={scope === 'openid'}
              onChange={(event) => toggle(scope, event.target.checked)} />
            {ScopeText.names[scope]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
