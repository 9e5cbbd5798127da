// The tables of the OpenID Connect slice (created by oidc-migrations.ts), part of the one database
// shape the storage layer opens (storage/schema.ts). Times are epoch milliseconds.
import type { Generated } from 'kysely';

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface OidcClientsTable {
  client_id: string;
  secret_hash: string | null;
  metadata: string;
  groups: string;
  consent: number;
  created_at: number;
  updated_at: number;
  /** 1: disabled in the console (0007): the provider does not know it. */
  disabled: Generated<number>;
  /** The secret before the last rotation and until when (epoch ms) it still works (0007). */
  previous_secret_hash: string | null;
  previous_secret_until: number | null;
}

export interface OidcSubjectsTable {
  user_id: number;
  subject: string;
}

export interface OidcTables {
  oidc_payloads: OidcPayloadsTable;
  oidc_clients: OidcClientsTable;
  oidc_subjects: OidcSubjectsTable;
}

// The slice's tables join the one Database type from here: storage/ imports no slice.
declare module '../storage/schema.ts' {
  interface Database extends OidcTables {}
}
