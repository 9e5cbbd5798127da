// The one mainland mobile rule (spec section 5: 11 digits, 1 then an allowed second digit). The
// widget validates with it and the server (schemas, log redaction, CLI) imports it from here, so a
// number the form accepts is never refused by the API for its shape, nor the other way round.

/** The number itself, unanchored: for finding phone numbers inside longer text (log lines). */
export const MOBILE_DIGITS_SOURCE = '1[3-9][0-9]{9}';

/** The whole value is one number: the JSON-schema `pattern` string and the validators' rule. */
export const MOBILE_PATTERN_SOURCE = `^${MOBILE_DIGITS_SOURCE}$`;

export const MOBILE_PATTERN = new RegExp(MOBILE_PATTERN_SOURCE);

/** How the page shows a phone it already knows: first three and last four digits kept. */
export const MASKED_MOBILE_PATTERN = /^1[3-9][0-9]\*{4}[0-9]{4}$/;
