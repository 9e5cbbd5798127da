// Data at rest on the local disk (the SQLite database, the development SMS outbox, the SM2 key
// pair) is readable by the service account only: files 0600, their directory 0700. Files created
// by an older version with the default 0644 are tightened on the next start.
import fs from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `dir` 0700 when missing. An existing directory is tightened only when asked (the data
 * directory): a configured path may well point into a shared one such as /tmp or /etc.
 */
export function ensurePrivateDir(dir: string, { tightenExisting = false } = {}): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (tightenExisting) tighten(dir, PRIVATE_DIR_MODE);
}

/** Creates an empty `file` 0600 when missing, so whoever opens it next inherits the mode; tightens an existing one. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/** Tightens the files that exist among `files` (SQLite's -wal and -shm come and go). */
export function tightenExisting(files: string[]): void {
  for (const file of files) if (fs.existsSync(file)) tighten(file, PRIVATE_FILE_MODE);
}

function tighten(target: string, mode: number): void {
  try {
    if ((fs.statSync(target).mode & 0o777 & ~mode) !== 0) fs.chmodSync(target, mode);
  } catch (error) {
    // A file owned by another account (a shared mount): leave it, the operator set it up.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
