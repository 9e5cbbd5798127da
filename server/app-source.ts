// What a protocol slice hands the one registry of apps (catalog/app-registry.ts): a file of its own
// in the shared room, so oidc/ and cas/ describe their apps without importing the catalog slice
// (whose admin actions import theirs: an import circle).
/** An app as a source lists it: its protocol and the id it is looked up by. */
export type AppEntry<Apps> = { [P in keyof Apps & string]: { protocol: P; id: string; app: Apps[P] } }[keyof Apps & string];

/** One store of apps (of one protocol or several): a version that changes at every save or removal, and its apps as they are now. */
export interface AppSource<Entry> {
  version(): Promise<string | null>;
  list(): Promise<Entry[]>;
}
