// Shapes of the data <app-center> loads (docs/api-contract.md, "Calls").

/** One entry of getClientListBySsoDomain. */
export interface AppEntry {
  id: number | string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
}

/** One entry of getClientGroupList. */
export interface ClientGroupSummary {
  code: string;
  name: string;
  domainUrl: string;
}

/** The part of detailGetBySsoDomain the application centre needs. */
export interface CurrentGroup {
  code: string;
  name: string;
}

export interface CurrentUser {
  username: string;
}

/** idle: nothing asked yet; loading: calls in flight; ready: data shown; failed: an error was reported. */
/** not-member: signed in, but the account is not in the group of this host (AU00301): no apps to show. */
/** signed-out: nobody is signed in (AU00300); the element invites sign-in instead of a failed load. */
export type AppCenterStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'not-member' | 'signed-out';
