// The build-time constants of the widget (widget/core/config.ts), taken from the same environment
// variables the server reads, so a deployment's SSO_ENC_KEY and SSO_SIGN_SECRET reach both. Used
// by vite.lib.config.ts, vite.config.ts and the widget test runner.
import { DEV_ENC_KEY, DEV_SIGN_SECRET } from '../contract/development-defaults.ts';

export function widgetBuildDefines(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    __SSO_ENC_KEY__: JSON.stringify(env.SSO_ENC_KEY || DEV_ENC_KEY),
    __SSO_SIGN_SECRET__: JSON.stringify(env.SSO_SIGN_SECRET || DEV_SIGN_SECRET),
  };
}
