// The lists more than one section reads.
import type { ConsoleApp, ConsoleClient, ConsoleGroup, ConsoleProtocolApp } from '../../contract/endpoints/console.ts';
import type { ConsoleDirectory } from '../../contract/endpoints/console-directories.ts';
import { api } from './console-api.ts';
import { createListStore } from './list-store.ts';

export const groupsStore = createListStore<ConsoleGroup>(() => api.get('/console/groups', { quiet: true }));
export const clientsStore = createListStore<ConsoleClient>(() => api.get('/console/clients', { quiet: true }));
export const appsStore = createListStore<ConsoleApp>(() => api.get('/console/apps', { quiet: true }));
export const protocolAppsStore = createListStore<ConsoleProtocolApp>(() => api.get('/console/protocol-apps', { quiet: true }));
export const directoriesStore = createListStore<ConsoleDirectory>(() => api.get('/console/directories', { quiet: true }));
