// One application card: a button (click, Enter and Space open the app) with icon, title, description.
import type { AppEntry } from './stores/app-center-types.ts';
import { AppIcon } from './app-icon.tsx';

export function AppCard({ app, describedBy, onOpen }: { app: AppEntry; describedBy: string; onOpen: (app: AppEntry) => void }) {
  return (
    <li className="card-cell">
      <button type="button" className="card" part="card" aria-describedby={describedBy} onClick={() => onOpen(app)}>
        <AppIcon src={app.logo} name={app.name} />
        <span className="card-text">
          <span className="card-title" part="card-title">{app.name}</span>
          <span className="card-intro" part="card-intro">{app.intro}</span>
        </span>
      </button>
    </li>
  );
}
