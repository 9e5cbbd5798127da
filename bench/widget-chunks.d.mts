export declare function widgetFiles(distDir: string, entry?: string): { all: string[]; beforeInteractive: string[]; iife: string };
