// The second step's view is a chunk of its own, fetched only when a sign-in reaches it (most never
// do): neither the first paint nor the after-paint chunk carries it. Its styles come with it.
import { lazy, Suspense } from 'react';

export const SECOND_FACTOR_TITLE = '二次验证';

const View = lazy(() => import('./second-factor-view.tsx').then((module) => ({ default: module.SecondFactorView })));

export function SecondFactorView() {
  return (
    <Suspense fallback={<p className="sso-hint" role="status">正在加载…</p>}>
      <View />
    </Suspense>
  );
}
