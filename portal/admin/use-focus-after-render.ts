// Moves the focus once React has drawn the change that asked for it. A requestAnimationFrame is not
// enough after an awaited call: the update is then drawn in a later task, and the frame can come
// first (a slow CI machine did so). focus() on a button still disabled by its busy state, or on a
// field not yet marked invalid, does nothing, and the focus stays on <body>. An effect runs after
// the commit that holds the change, whatever the timing.
import { useCallback, useEffect, useState } from 'react';

type FindTarget = () => HTMLElement | null | undefined;

export function useFocusAfterRender(): (find: FindTarget) => void {
  const [pending, setPending] = useState<{ find: FindTarget } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const target = pending.find();
    if (target?.isConnected) target.focus();
    setPending(null);
  }, [pending]);
  return useCallback((find: FindTarget) => setPending({ find }), []);
}
