// Why an administrator's action was refused, shared by every slice's admin actions: the console
// answers it with the matching ConsoleRefusal code and status, the CLI prints the message.
import type { ConsoleRefusal } from '../contract/errors.ts';

export type AdminRefusal = keyof typeof ConsoleRefusal;

export class AdminActionError extends Error {
  constructor(readonly refusal: AdminRefusal, message: string) {
    super(message);
    this.name = 'AdminActionError';
  }
}
