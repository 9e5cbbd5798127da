// The directory slice (issue 30): the console's 目录 calls and the scheduled syncs. Sign-in
// through a directory runs inside the password sign-in (directory/sign-in-password.ts).
import type { SlicePlugin } from '../slice-plugin.ts';
import { registerConsoleDirectoryRoutes } from './console-directory-routes.ts';
import { registerDirectorySchedule } from './directory-schedule.ts';

export const directorySlice: SlicePlugin = {
  name: 'directory',
  api: ({ api, ctx }) => registerConsoleDirectoryRoutes(api, ctx),
  root: (app, ctx) => registerDirectorySchedule(app, ctx),
};
