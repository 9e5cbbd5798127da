// Placeholder cards while the apps load; screen readers hear one "loading" status instead.
import { appCenterMessages as m } from './app-center.messages.ts';

const PLACEHOLDERS = 8;

export function AppSkeleton() {
  return (
    <div className="skeleton" part="skeleton">
      <p className="sso-visually-hidden" role="status">{m.loading}</p>
      <ul className="grid" aria-hidden="true">
        {Array.from({ length: PLACEHOLDERS }, (_, index) => (
          <li key={index} className="card-cell">
            <div className="card skeleton-card">
              <span className="app-icon skeleton-block" />
              <span className="card-text">
                <span className="skeleton-block skeleton-line" />
                <span className="skeleton-block skeleton-line short" />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
