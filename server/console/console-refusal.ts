// The console's refusals as ApiErrors (HTTP 401 / 403 / 404 / 409 / 400 with a JSON code), and an
// admin action's refusal (admin-action-error.ts) turned into one.
import { ConsoleRefusal } from '../../contract/errors.ts';
import { ApiError } from '../http/api-error.ts';
import { AdminActionError, type AdminRefusal } from '../admin-action-error.ts';

export function consoleRefusal(name: AdminRefusal, message?: string): ApiError {
  const [code, text, status] = ConsoleRefusal[name];
  return new ApiError(code, message ?? text, status);
}

/** Runs an admin action; its AdminActionError becomes the console's refusal with the action's own message. */
export async function asConsoleAnswer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminActionError) throw consoleRefusal(error.refusal, error.message);
    throw error;
  }
}
