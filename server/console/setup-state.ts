// Whether the instance is set up. A fresh instance (no account at all) is not: its sign-in calls
// answer AU00500 (Refusal.notSetUp) until the first administrator exists, instead of failing
// with a 5xx. A deployment that had accounts before the console existed counts as set up (its
// users keep signing in); its start banner still prints a setup link while it has no
// administrator. Once set up an instance stays so: the answer is then kept in memory.
import type { UserStore } from '../records/user.ts';

export class SetupState {
  private setUp = false;

  constructor(private readonly users: Pick<UserStore, 'hasAnyUser'>) {}

  /** Known without a query once true. */
  get known(): boolean {
    return this.setUp;
  }

  async isSetUp(): Promise<boolean> {
    if (!this.setUp) this.setUp = await this.users.hasAnyUser();
    return this.setUp;
  }
}
