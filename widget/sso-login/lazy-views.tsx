// Stand-ins for the views in after-paint-views.ts, with the same names and props: each renders
// nothing until the after-paint chunk is there, then the real view. The views keep their state in
// the login stores, not in component state, so a view that appears a moment later shows the same
// thing it would have shown at once. The first stand-in to mount (the change-password dialog is
// mounted with the form) starts the fetch: right after the first commit, never before it.
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';

type AfterPaintViews = typeof import('./after-paint-views.ts');

let loaded: AfterPaintViews | null = null;
let loading: Promise<AfterPaintViews> | null = null;
const waiting = new Set<() => void>();

/** Fetches the after-paint chunk once (again after a failure); resolves when its views can render. */
export function loadAfterPaintViews(): Promise<AfterPaintViews> {
  loading ??= import('./after-paint-views.ts').then((views) => {
    loaded = views;
    for (const notify of waiting) notify();
    return views;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function subscribe(notify: () => void): () => void {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

function useAfterPaintViews(): AfterPaintViews | null {
  const views = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    // A failed fetch (network) leaves the view empty; it is tried again when a stand-in mounts.
    if (!loaded) loadAfterPaintViews().catch(() => undefined);
  }, []);
  return views;
}

function standIn<Name extends keyof AfterPaintViews>(name: Name): AfterPaintViews[Name] {
  // Typed from outside by the cast below: callers see the real view's props.
  function AfterPaintView(props: object) {
    const views = useAfterPaintViews();
    if (!views) return null;
    const View = views[name] as unknown as ComponentType<object>;
    return <View {...props} />;
  }
  AfterPaintView.displayName = `AfterPaint(${name})`;
  return AfterPaintView as unknown as AfterPaintViews[Name];
}

export const ChangePasswordDialog = standIn('ChangePasswordDialog');
export const ForgotPasswordView = standIn('ForgotPasswordView');
export const LogoutView = standIn('LogoutView');
export const MobileForm = standIn('MobileForm');
export const NoticeLayer = standIn('NoticeLayer');
export const QrPanel = standIn('QrPanel');
export const RedirectView = standIn('RedirectView');
export const RegisterForm = standIn('RegisterForm');
