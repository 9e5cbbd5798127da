// An SMS verification code: six digits.
export const SMS_CODE_PATTERN_SOURCE = '^[0-9]{6}$';

export const SMS_CODE_PATTERN = new RegExp(SMS_CODE_PATTERN_SOURCE);
