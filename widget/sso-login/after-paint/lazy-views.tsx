// Stand-ins for the views in after-paint-views.ts, with the same names and props: each renders
// nothing until the after-paint chunk is there, then the real view. The views keep their state in
// the login stores, not in component state, so a view that appears a moment later shows the same
// thing it would have shown at once. The dialog and the notice layer are mounted with the form:
// their stand-ins start the fetch once the frame after the first commit has been painted (started
// at the commit itself, the chunk's evaluation could land before that frame and delay the form);
// a view's stand-in (register, QR, ...) starts it at once, since then the user is waiting for it.
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

/** 'now': the user waits for this view; 'after-paint': mounted with the form, needed later. */
type Urgency = 'now' | 'after-paint';

function useAfterPaintViews(urgency: Urgency): AfterPaintViews | null {
  const views = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (loaded) return undefined;
    // A failed fetch (network) leaves the view empty; it is tried again when a stand-in mounts.
    const load = () => void loadAfterPaintViews().catch(() => undefined);
    if (urgency === 'now') {
      load();
      return undefined;
    }
    // requestAnimationFrame runs before the next paint; the task it queues runs after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(load, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [urgency]);
  return views;
}

function standIn<Name extends keyof AfterPaintViews>(name: Name, urgency: Urgency = 'now'): AfterPaintViews[Name] {
  // Typed from outside by the cast below: callers see the real view's props.
  function AfterPaintView(props: object) {
    const views = useAfterPaintViews(urgency);
    if (!views) return null;
    const View = views[name] as unknown as ComponentType<object>;
    return <View {...props} />;
  }
  AfterPaintView.displayName = `AfterPaint(${name})`;
  return AfterPaintView as unknown as AfterPaintViews[Name];
}

export const ChangePasswordDialog = standIn('ChangePasswordDialog', 'after-paint');
export const ForgotPasswordView = standIn('ForgotPasswordView');
export const LogoutView = standIn('LogoutView');
export const MobileForm = standIn('MobileForm');
export const NoticeLayer = standIn('NoticeLayer', 'after-paint');
export const QrPanel = standIn('QrPanel');
export const RedirectView = standIn('RedirectView');
export const RegisterForm = standIn('RegisterForm');
