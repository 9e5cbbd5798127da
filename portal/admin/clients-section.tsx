// 应用: the OpenID Connect clients (table, create / edit form, disable, delete, rotate secret), the
// signing key rotation, the CAS services and SAML service providers, and below them the application
// centre's app cards.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleClient, SavedClient } from '../../contract/endpoints/console.ts';
import { clientsStore } from './stores.ts';
import { ClientForm } from './client-form.tsx';
import { ClientRow } from './client-row.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { ListStatus } from './list-status.tsx';
import { SigningKeyButton } from './signing-key-button.tsx';
import { AppsPanel } from './apps-panel.tsx';
import { ProtocolAppsPanel } from './protocol-apps-panel.tsx';
import { focusHeading } from './focus.ts';
import { ClientListText as T } from './clients.messages.ts';

type Editing = { client: ConsoleClient | null; key: number } | null;

export function ClientsSection() {
  const state = useStore(clientsStore.$state);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ clientId: string; secret: string; note?: string } | null>(null);
  useEffect(() => clientsStore.ensure(), []);

  function open(client: ConsoleClient | null) {
    setEditing({ client, key: Date.now() });
    focusHeading('client-form-title');
  }

  function saved(result: SavedClient, note?: string) {
    setEditing(null);
    void clientsStore.refresh();
    if (result.secret) setSecret({ clientId: result.client.clientId, secret: result.secret, ...(note ? { note } : {}) });
  }

  async function reload(clientId: string): Promise<ConsoleClient | null> {
    await clientsStore.refresh();
    return clientsStore.$state.get().items?.find((c) => c.clientId === clientId) ?? null;
  }

  return (
    <>
      <h2 id="heading-clients" tabIndex={-1}>{T.heading}</h2>
      <div className="subsection">
        <div className="toolbar">
          <h3>{T.clients}</h3>
          <button type="button" className="btn btn--primary" onClick={() => open(null)}>{T.create}</button>
          <SigningKeyButton />
        </div>
        {editing ? (
          <ClientForm
            key={editing.key}
            client={editing.client}
            onSaved={(result) => saved(result)}
            onCancel={() => setEditing(null)}
            reload={() => reload(editing.client?.clientId ?? '')}
          />
        ) : null}
        <ListStatus state={state} retry={() => void clientsStore.refresh()} empty={T.none} />
        {state.items && state.items.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{T.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.columns.clientId}</th>
                  <th scope="col">{T.columns.name}</th>
                  <th scope="col">{T.columns.type}</th>
                  <th scope="col">{T.columns.groups}</th>
                  <th scope="col">{T.columns.state}</th>
                  <th scope="col">{T.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {state.items.map((client) => (
                  <ClientRow key={client.clientId} client={client} onEdit={() => open(client)} onRotated={(result) => saved(result, T.rotatedNote)} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <ProtocolAppsPanel />
      <AppsPanel />
      {secret ? <SecretDialog clientId={secret.clientId} secret={secret.secret} {...(secret.note ? { note: secret.note } : {})} onClose={() => setSecret(null)} /> : null}
    </>
  );
}
