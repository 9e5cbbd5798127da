// The console session as the page knows it, and the two questions a call may have to ask before
// it can be retried: sign in again (the session lapsed after 15 idle minutes) and the password
// again (changes to secrets, keys and other administrators, on a session older than 5 minutes).
import { atom } from 'nanostores';
import type { ConsoleMe } from '../../contract/endpoints/console.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: ConsoleMe }
  | { status: 'failed'; message: string };

export const $session = atom<SessionState>({ status: 'loading' });

/** The username of the last administrator signed in here (the sign-in dialog offers it again). */
export const $lastUsername = atom('');

type Waiter = (answered: boolean) => void;

/** Calls waiting for a new sign-in; non-empty: the sign-in dialog is open over the console. */
export const $signInWaiters = atom<Waiter[]>([]);
/** Calls waiting for the password again; non-empty: the re-authentication dialog is open. */
export const $reauthWaiters = atom<Waiter[]>([]);

export function signedIn(me: ConsoleMe): void {
  $lastUsername.set(me.username);
  $session.set({ status: 'signed-in', me });
}

function wait(store: typeof $signInWaiters): Promise<boolean> {
  return new Promise((resolve) => store.set([...store.get(), resolve]));
}

function settle(store: typeof $signInWaiters, answered: boolean): void {
  const waiters = store.get();
  store.set([]);
  for (const waiter of waiters) waiter(answered);
}

/**
 * Resolves true once the administrator signed in again in the dialog over the console (what he
 * typed in the console's forms stays), false when he gave up. Before the console was ever shown
 * there is nothing to keep: the page's own sign-in form comes instead.
 */
export function signInAgain(): Promise<boolean> {
  const state = $session.get();
  if (state.status !== 'signed-in') {
    $session.set({ status: 'signed-out' });
    return Promise.resolve(false);
  }
  return wait($signInWaiters);
}

export function finishSignInAgain(answered: boolean): void {
  settle($signInWaiters, answered);
}

export function askReauth(): Promise<boolean> {
  return wait($reauthWaiters);
}

export function finishReauth(answered: boolean): void {
  settle($reauthWaiters, answered);
}
