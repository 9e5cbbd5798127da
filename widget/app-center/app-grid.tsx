// The grid of application cards, in the order the server lists them.
import { useId } from 'react';
import type { AppEntry } from './stores/app-center-types.ts';
import { AppCard } from './app-card.tsx';
import { appCenterMessages as m } from './app-center.messages.ts';

export function AppGrid({ apps, onOpen }: { apps: readonly AppEntry[]; onOpen: (app: AppEntry) => void }) {
  const hintId = useId();
  return (
    <>
      <span id={hintId} className="sso-visually-hidden">{m.opensInNewWindow}</span>
      <ul className="grid" part="grid" aria-label={m.appList}>
        {apps.map((app) => (
          <AppCard key={app.id} app={app} describedBy={hintId} onOpen={onOpen} />
        ))}
      </ul>
    </>
  );
}
