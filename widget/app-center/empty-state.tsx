// Shown when the group has no apps at all, when the search matches none, when the load failed, or
// when the account is not a member of the host's group, or when nobody is signed in.
import { EmptyTrayIcon } from './icons.tsx';
import type { ClientGroupSummary } from './stores/app-center-types.ts';
import { appCenterMessages as m } from './app-center.messages.ts';

export function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  const searching = query.trim() !== '';
  return (
    <div className="empty" part="empty-state">
      <EmptyTrayIcon />
      <p className="empty-title">{searching ? m.noMatchTitle(query.trim()) : m.emptyTitle}</p>
      <p className="empty-hint">{searching ? m.noMatchHint : m.emptyHint}</p>
      {searching && (
        <button type="button" className="text-button" part="clear-search" onClick={onClear}>
          {m.clearSearch}
        </button>
      )}
    </div>
  );
}

/** The calls failed (the request client already said why): offer to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty" part="load-error">
      <EmptyTrayIcon />
      <p className="empty-title">{m.loadFailedTitle}</p>
      <button type="button" className="text-button" onClick={onRetry}>
        {m.retry}
      </button>
    </div>
  );
}

/**
 * Signed in, but not a member of this host's group (AU00301): a way to each group the account
 * belongs to (the same as the group menu offers, where a dealer who landed here looks first).
 */
export function NotMember({ groups, onChoose }: { groups: readonly ClientGroupSummary[]; onChoose: (group: ClientGroupSummary) => void }) {
  return (
    <div className="empty" part="not-member" role="status">
      <EmptyTrayIcon />
      <p className="empty-title">{m.notMemberTitle}</p>
      <p className="empty-hint">{m.notMemberHint(groups.length > 0)}</p>
      {groups.map((group) => (
        <button key={group.code} type="button" className="text-button" part="go-to-group" onClick={() => onChoose(group)}>
          {m.goToGroup(group.name)}
        </button>
      ))}
    </div>
  );
}

/**
 * Nobody is signed in (AU00300). The element has already asked the page to go to /login; a page
 * that stays (the demo, an embedding site that handles sign-in itself) shows this invitation.
 */
export function SignedOut({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="empty" part="signed-out" role="status">
      <EmptyTrayIcon />
      <p className="empty-title">{m.signedOutTitle}</p>
      <p className="empty-hint">{m.signedOutHint}</p>
      <button type="button" className="text-button" part="sign-in" onClick={onSignIn}>
        {m.signIn}
      </button>
    </div>
  );
}
