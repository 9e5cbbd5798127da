// What a directory's id may be (the import file, the console, the CLI's sync-directory argument).
export const DIRECTORY_ID_PATTERN_SOURCE = '^[a-z0-9-]{1,32}$';

export const DIRECTORY_ID_PATTERN = new RegExp(DIRECTORY_ID_PATTERN_SOURCE);

/** A directory's syncMinutes: from once a minute to once a day. */
export const DIRECTORY_SYNC_MINUTES = { min: 1, max: 1440, default: 15 } as const;

/** The longest a directory URL may take to connect before the next one is tried. */
export const DIRECTORY_CONNECT_TIMEOUT_MS = { max: 3000, default: 3000 } as const;

/**
 * What kind of server a directory is, for the one thing that differs: how 修改密码 writes the
 * password back (passwordWriteBack). `ldap`: the Password Modify extended operation (RFC 3062;
 * OpenLDAP, 389 Directory Server); `active-directory`: unicodePwd replaced over LDAPS or StartTLS.
 */
export const DIRECTORY_KINDS = ['ldap', 'active-directory'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];
