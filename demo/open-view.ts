// Views of <sso-login> that no query parameter selects (QR panels, mobile, register) are reached
// the way a user reaches them: the demo link carries demo_view=..., and this sets up the state
// (the stored QR choice) and presses the element's own button once it has rendered.
import { QR_CHOICE_STORAGE_KEY } from '../widget/sso-login/qr/qr-store.ts';
import { MOBILE_LOGIN, REGISTER } from '../widget/sso-login/sso-login.messages.ts';

export type DemoView = 'wecom' | 'feishu' | 'mobile' | 'register';

const DEMO_VIEWS: readonly string[] = ['wecom', 'feishu', 'mobile', 'register'];

export function requestedDemoView(search: string = window.location.search): DemoView | null {
  const value = new URLSearchParams(search).get('demo_view');
  return value && DEMO_VIEWS.includes(value) ? (value as DemoView) : null;
}

function findButton(root: ShadowRoot, view: DemoView): HTMLButtonElement | null {
  if (view === 'wecom' || view === 'feishu') return root.querySelector<HTMLButtonElement>('[part="toggle"]');
  const text = view === 'mobile' ? MOBILE_LOGIN : REGISTER;
  return Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((button) => button.textContent?.trim() === text) ?? null;
}

/** Presses the button that opens `view` in the given <sso-login>, polling until it is there (5 s). */
export function openDemoView(element: Element, view: DemoView): () => void {
  if (view === 'wecom' || view === 'feishu') {
    try {
      window.localStorage.setItem(QR_CHOICE_STORAGE_KEY, view);
    } catch {
      // no storage: the element opens its first configured messenger
    }
  }
  const started = Date.now();
  const timer = window.setInterval(() => {
    const root = element.shadowRoot;
    const button = root ? findButton(root, view) : null;
    if (button) button.click();
    if (button || Date.now() - started > 5000) window.clearInterval(timer);
  }, 50);
  return () => window.clearInterval(timer);
}
