// Spec section 5: a registered username holds lowercase letters and digits only. The cap of 32
// characters is the server's column rule; the form applies the same one.
export const USERNAME_MAX_LENGTH = 32;

export const USERNAME_PATTERN_SOURCE = `^[a-z0-9]{1,${USERNAME_MAX_LENGTH}}$`;

export const USERNAME_PATTERN = new RegExp(USERNAME_PATTERN_SOURCE);

/** An account name typed at sign-in (any existing account, not only self-registered ones). */
export const LOGIN_NAME_MAX_LENGTH = 64;
