// The second step's view is a chunk of its own, fetched only when a sign-in reaches it (most never
// do): neither the first paint nor the after-paint chunk carries it. Its styles come with it.
import { lazy, Suspense } from 'react';
import { LOADING_VIEW } from '../sso-login.messages.ts';

export { SECOND_FACTOR_TITLE } from '../sso-login.messages.ts';

const View = lazy(() => import('./second-factor-view.tsx').then((module) => ({ default: module.SecondFactorView })));

export function SecondFactorView() {
  return (
    <Suspense fallback={<p className="sso-hint" role="status">{LOADING_VIEW}</p>}>
      <View />
    </Suspense>
  );
}
