// The signed-in console: the header (product, administrator, 退出) and the five sections behind a
// navigation of real links (#clients, #groups, #accounts, #directories, #audit). A section once opened stays
// mounted (hidden when another is shown), so a half-filled form survives a look elsewhere.
import { useEffect, useRef, useState } from 'react';
import type { ConsoleMe } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { $session } from './session-store.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { ClientsSection } from './clients-section.tsx';
import { GroupsSection } from './groups-section.tsx';
import { AccountsSection } from './accounts-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { DirectoriesSection } from './directories-section.tsx';
import { ConsoleText, PRODUCT } from './console.messages.ts';

export const SECTIONS = [
  { id: 'clients', label: ConsoleText.sections.clients },
  { id: 'groups', label: ConsoleText.sections.groups },
  { id: 'accounts', label: ConsoleText.sections.accounts },
  { id: 'directories', label: ConsoleText.sections.directories },
  { id: 'audit', label: ConsoleText.sections.audit },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

function sectionOfHash(hash: string): SectionId {
  const id = hash.replace(/^#/, '');
  return SECTIONS.find((section) => section.id === id)?.id ?? 'clients';
}

const VIEWS: Record<SectionId, () => React.ReactElement> = {
  clients: () => <ClientsSection />,
  groups: () => <GroupsSection />,
  accounts: () => <AccountsSection />,
  directories: () => <DirectoriesSection />,
  audit: () => <AuditSection />,
};

export function ConsoleShell({ me }: { me: ConsoleMe }) {
  const [current, setCurrent] = useState<SectionId>(() => sectionOfHash(window.location.hash));
  const [opened, setOpened] = useState<Set<SectionId>>(() => new Set([current]));
  const mainRef = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const signOut = useAction();

  useEffect(() => {
    const onHash = () => {
      const next = sectionOfHash(window.location.hash);
      moved.current = true;
      setCurrent(next);
      setOpened((before) => (before.has(next) ? before : new Set([...before, next])));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    // After a click in the navigation the focus goes to the section's heading (not on first load).
    if (!moved.current) return;
    moved.current = false;
    mainRef.current?.querySelector<HTMLElement>(`#section-${current} h2`)?.focus();
  }, [current]);

  async function end() {
    const done = await signOut.run(() => api.post('/console/session/end', { json: {}, quiet: true }).then(() => true));
    if (done) $session.set({ status: 'signed-out' });
  }

  return (
    <div className="console">
      <header className="console__header">
        <h1 className="console__product">{PRODUCT}</h1>
        <div className="console__user">
          <span>{ConsoleText.admin}<strong data-testid="admin-username">{me.username}</strong></span>
          <BusyButton busy={signOut.busy} busyLabel={ConsoleText.signingOut} onClick={end}>{ConsoleText.signOut}</BusyButton>
        </div>
        {signOut.error ? <p className="form-error" role="alert">{signOut.error}</p> : null}
      </header>
      <nav className="console__nav" aria-label={ConsoleText.sectionsNav}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} aria-current={current === section.id ? 'page' : undefined}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="console__main" ref={mainRef}>
        {SECTIONS.filter((section) => opened.has(section.id)).map((section) => (
          <section key={section.id} id={`section-${section.id}`} className="section" hidden={current !== section.id} aria-labelledby={`heading-${section.id}`}>
            {VIEWS[section.id]()}
          </section>
        ))}
      </main>
    </div>
  );
}
