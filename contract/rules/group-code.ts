// What a client group's code may be (the import file, the console, the CLI's group arguments).
export const GROUP_CODE_PATTERN_SOURCE = '^[a-z0-9-]{1,32}$';

export const GROUP_CODE_PATTERN = new RegExp(GROUP_CODE_PATTERN_SOURCE);
