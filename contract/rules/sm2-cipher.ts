// An SM2-encrypted password on the wire (spec section 9): "04" + C1C3C2 in hex. C1 is a 64-byte
// point (128 hex), C3 a 32-byte SM3 digest (64 hex), C2 at least one byte. The schema checks only
// that it is hex of a plausible length; the server then tells a missing "04" prefix, a malformed
// cipher text and one that does not decrypt apart, each with its own message (errors.ts).
export const SM2_CIPHER_PREFIX = '04';

export const SM2_CIPHER_PATTERN_SOURCE = '^[0-9a-fA-F]{194,4096}$';
