// Types of chromium.mjs (plain ESM, shared with web-test-runner.config.mjs).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
