// Password ageing (spec: one month, enforced by the server; SSO_PASSWORD_MAX_AGE_DAYS). Past the
// limit a password sign-in answers AU00153. For SSO_PASSWORD_GRACE_DAYS after the limit the user
// may still postpone the change (稍后修改) and sign in; after that the change is required. The
// server decides from the stored change time alone: the client's postpone flag only asks.
import type { ServerConfig } from '../config.ts';
import type { PasswordAgedDetail } from '../../contract/endpoints/auth.ts';

const DAY = 24 * 3600_000;

type AgeingConfig = Pick<ServerConfig, 'passwordMaxAgeMs' | 'passwordGraceMs'>;

/** null while the password is within its age; else how old it is and until when the change can wait. */
export function passwordAgeing(passwordChangedAt: number, now: number, config: AgeingConfig): PasswordAgedDetail | null {
  const age = now - passwordChangedAt;
  if (age <= config.passwordMaxAgeMs) return null;
  const graceEnds = passwordChangedAt + config.passwordMaxAgeMs + config.passwordGraceMs;
  return {
    ageDays: Math.floor(age / DAY),
    maxAgeDays: Math.round(config.passwordMaxAgeMs / DAY),
    postponeUntil: config.passwordGraceMs > 0 && now <= graceEnds ? graceEnds : null,
  };
}
