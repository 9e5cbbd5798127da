// The console's 目录 calls (contract/endpoints/console-directories.ts), on the directory admin
// actions. A new bind password (SM2-encrypted on the wire, like every password) needs a recent
// sign-in to the console, as a client secret's rotation does.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  listDirectories, removeDirectory, saveDirectory, syncDirectory, testDirectory, type SaveDirectoryBody,
} from '../../contract/endpoints/console-directories.ts';
import { ok } from '../http/envelope.ts';
import { decryptPassword } from '../auth/index.ts';
import { requireAdmin, requireRecentAuth } from '../console/index.ts';
import { asConsoleAnswer } from '../console/index.ts';
import { recordAdminAction } from '../console/index.ts';
import * as directories from './directory-admin.ts';

type DirectoryRef = { id: string };

export function registerConsoleDirectoryRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get(listDirectories.path, { schema: { querystring: listDirectories.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(listDirectories, await directories.listDirectories(ctx));
  });

  api.post<{ Body: SaveDirectoryBody }>(saveDirectory.path, { schema: { body: saveDirectory.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { expectedUpdatedAt, bindPassword, ...input } = request.body;
    if (bindPassword !== null) requireRecentAuth(ctx, admin);
    const plain = bindPassword === null ? null : decryptPassword(ctx, bindPassword);
    const saved = await asConsoleAnswer(() => directories.saveDirectory(ctx, { ...input, bindPassword: plain }, { expectedUpdatedAt }));
    await recordAdminAction(ctx, admin.user.username, request.ip, saved.created ? 'directory.create' : 'directory.update', input.id, saved.before, saved.directory);
    return ok(saveDirectory, saved.directory);
  });

  api.post<{ Body: DirectoryRef }>(removeDirectory.path, { schema: { body: removeDirectory.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const before = await asConsoleAnswer(() => directories.removeDirectory(ctx, request.body.id));
    await recordAdminAction(ctx, admin.user.username, request.ip, 'directory.remove', request.body.id, before, null);
    return ok(removeDirectory, null);
  });

  api.post<{ Body: DirectoryRef }>(testDirectory.path, { schema: { body: testDirectory.body } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(testDirectory, await asConsoleAnswer(() => directories.testDirectory(ctx, request.body.id)));
  });

  api.post<{ Body: DirectoryRef }>(syncDirectory.path, { schema: { body: syncDirectory.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const result = await asConsoleAnswer(() => directories.syncDirectory(ctx, request.body.id));
    await recordAdminAction(ctx, admin.user.username, request.ip, 'directory.sync', request.body.id, null, result);
    return ok(syncDirectory, result);
  });
}
