// The embedding slice: CORS for registered brand origins on every request (before the XSRF check,
// which leaves their calls to the Origin-bound token), and the sign-in tickets' calls under /api.
import type { SlicePlugin } from '../slice-plugin.ts';
import { registerCors } from './cors.ts';
import { registerTicketRoutes } from './ticket-routes.ts';

export const embeddingSlice: SlicePlugin = {
  name: 'embedding',
  beforeXsrf: (app, ctx) => registerCors(app, ctx),
  api: ({ api, ctx }) => registerTicketRoutes(api, ctx),
};
