// The body of the application centre: heading, search, then skeleton, empty state or the grid.
import { useId } from 'react';
import type { AppCenterStatus, AppEntry, ClientGroupSummary } from './stores/app-center-types.ts';
import { AppGrid } from './app-grid.tsx';
import { AppSkeleton } from './app-skeleton.tsx';
import { EmptyState, LoadError, NotMember, SignedOut } from './empty-state.tsx';
import { SearchBox } from './search-box.tsx';
import { appCenterMessages as m } from './app-center.messages.ts';

interface AppCatalogueProps {
  status: AppCenterStatus;
  apps: readonly AppEntry[];
  visibleApps: readonly AppEntry[];
  query: string;
  onQueryChange: (query: string) => void;
  onOpen: (app: AppEntry) => void;
  onRetry: () => void;
  /** The sign-in invitation's button (nobody signed in). */
  onSignIn: () => void;
  /** The account's groups other than this host's: where the not-member notice leads. */
  otherGroups: readonly ClientGroupSummary[];
  onChooseGroup: (group: ClientGroupSummary) => void;
}

export function AppCatalogue({ status, apps, visibleApps, query, onQueryChange, onOpen, onRetry, onSignIn, otherGroups, onChooseGroup }: AppCatalogueProps) {
  const headingId = useId();
  const loading = status === 'idle' || status === 'loading';
  const openSingleMatch = () => {
    const [only, ...rest] = visibleApps;
    if (only && rest.length === 0) onOpen(only);
  };

  let body;
  if (loading) body = <AppSkeleton />;
  else if (status === 'signed-out') body = <SignedOut onSignIn={onSignIn} />;
  else if (status === 'failed') body = <LoadError onRetry={onRetry} />;
  else if (status === 'not-member') body = <NotMember groups={otherGroups} onChoose={onChooseGroup} />;
  else if (visibleApps.length === 0) body = <EmptyState query={query} onClear={() => onQueryChange('')} />;
  else body = <AppGrid apps={visibleApps} onOpen={onOpen} />;

  return (
    <section className="catalogue" part="content" aria-labelledby={headingId} aria-busy={loading}>
      <div className="catalogue-head">
        <h1 id={headingId} className="heading" part="heading">{m.heading}</h1>
        <SearchBox value={query} onChange={onQueryChange} onSubmit={openSingleMatch} disabled={loading} />
      </div>
      {status === 'ready' && apps.length > 0 && (
        <p className="result-count" part="result-count" role="status">
          {m.resultCount(visibleApps.length, apps.length)}
        </p>
      )}
      {body}
    </section>
  );
}
