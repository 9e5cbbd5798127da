// An SMS verification code: six digits.
export const SMS_CODE_PATTERN_SOURCE = '^[0-9]{6}$';

export const SMS_CODE_PATTERN = new RegExp(SMS_CODE_PATTERN_SOURCE);

/**
 * The resend cooldown a deployment starts with (SSO_SMS_COOLDOWN_SECONDS, docs/server.md). The
 * server tells the login page the one it runs with (the group config's smsCooldownSeconds); a page
 * that has not heard it yet counts this down.
 */
export const SMS_COOLDOWN_DEFAULT_SECONDS = 60;
