// What the login store keeps of the second step (login-store.ts $secondFactor): its own file, so
// that the login store and the step's hand-over (second-factor-step.ts, which takes the login
// context) do not import each other.
import type { MfaStep } from '../../../contract/endpoints/mfa.ts';

export interface SecondFactorState extends MfaStep {
  username: string;
  /** What the server said (AU00170 / AU00175's text), shown above the code field. */
  message: string;
}
