// React glue: the login context travels through React context, atoms are read with useStore.
import { createContext, useContext } from 'react';
import type { LoginContext } from './login-store.ts';

export interface LoginUi {
  context: LoginContext;
  /** The custom element (light DOM host), for the QR SDKs that need an element found by id. */
  hostElement(): HTMLElement | null;
}

export const LoginUiContext = createContext<LoginUi | null>(null);

export function useLoginUi(): LoginUi {
  const ui = useContext(LoginUiContext);
  if (!ui) throw new Error('useLoginUi outside <SsoLogin>');
  return ui;
}
