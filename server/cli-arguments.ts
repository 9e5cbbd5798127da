// How many positional arguments each admin command takes at most. A command given more refuses
// them (exit code 2 and the usage) before touching any data: an extra word is a typo or a
// misunderstanding (`grant zhangwei ka exeed` would otherwise grant ka alone and say nothing).
export const MAX_ARGUMENTS: Readonly<Record<string, number>> = {
  'add-user': 2,
  'reset-password': 2,
  unlock: 1,
  link: 3,
  import: 1,
  'allow-origin': 2,
  'revoke-origin': 2,
  seed: 0,
  audit: 1,
  grant: 2,
  revoke: 2,
  'add-client': 1,
  'list-clients': 0,
  'remove-client': 1,
  'rotate-keys': 0,
  'create-admin': 1,
  'grant-admin': 1,
  'revoke-admin': 1,
  'disable-user': 1,
  'enable-user': 1,
  'end-sessions': 1,
  'disable-client': 1,
  'enable-client': 1,
  'rotate-secret': 1,
  'admin-audit': 1,
  'list-users': 1,
  sessions: 1,
  'sync-directory': 1,
  'test-directory': 1,
  'link-directory-account': 2,
};

/** The refusal for `args` beyond what `command` takes, or null when they fit (or the command is unknown). */
export function extraArgumentsProblem(command: string | undefined, args: string[]): string | null {
  const max = command === undefined ? undefined : MAX_ARGUMENTS[command];
  if (max === undefined || args.length <= max) return null;
  const extra = args.slice(max).map((a) => `"${a}"`).join(' ');
  return `${command} takes ${max === 0 ? 'no arguments' : `at most ${max} argument${max === 1 ? '' : 's'}`}; unexpected ${extra}`;
}
