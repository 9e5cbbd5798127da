// What an administrator does to SAML 2.0 service providers, for the console (metadata pasted) and
// the CLI (metadata read from a file or an https URL): save one from its metadata, on the rules of
// saml-metadata.ts (no DOCTYPE or entities, one SPSSODescriptor, an HTTP-POST ACS) and one
// registration per SP entity (the IdP finds the SP of a request by its issuer). The id, name and
// groups follow cas/protocol-admin.ts, which also removes apps.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { checkProtocolAppBasics, saveProtocolApp } from '../cas/index.ts';
import type { ProtocolClient, SamlSettings } from '../cas/index.ts';
import { checkSpMetadata, describeSpMetadata, SpMetadataError } from './saml-metadata.ts';
import { ProtocolAdminMessages, SamlAdminMessages as M } from '../../contract/errors.ts';
import { isLoopbackHost } from '../config.ts';

export interface SamlSpInput {
  id: string;
  name: string | null;
  /** The SP's metadata XML. */
  metadata: string;
  nameIdFormat: SamlSettings['nameIdFormat'];
  signResponse: boolean;
  groups: string[];
}

/** Creates (expectedUpdatedAt null) or changes a SAML service provider. */
export async function saveSamlSpByAdmin(ctx: AppContext, input: SamlSpInput, expectedUpdatedAt: number | null): Promise<ProtocolClient> {
  const groups = await checkProtocolAppBasics(ctx, input.id, input.name, input.groups);
  if (input.nameIdFormat !== 'persistent' && input.nameIdFormat !== 'unspecified') {
    throw new AdminActionError('badInput', M.badNameIdFormat);
  }
  let entityId: string;
  try {
    ({ entityId } = await checkSpMetadata(input.metadata));
  } catch (error) {
    if (error instanceof SpMetadataError) throw new AdminActionError('badInput', M.badMetadata(error.chinese));
    throw error;
  }
  // In production every assertion consumer service is https, loopback excepted (as OpenID Connect redirect URIs, issue 31).
  if (ctx.config.production) {
    const plain = describeSpMetadata(input.metadata).acsUrls.find((url) => {
      const parsed = URL.parse(url);
      return !parsed || (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)));
    });
    if (plain !== undefined) throw new AdminActionError('badInput', M.badMetadata(ProtocolAdminMessages.patternHttpsOnly(plain)));
  }
  for (const other of await ctx.stores.protocolClients.list()) {
    if (other.id !== input.id && other.saml && describeSpMetadata(other.saml.metadata).entityId === entityId) {
      throw new AdminActionError('exists', M.entityIdTaken(entityId, other.id));
    }
  }
  return saveProtocolApp(ctx, {
    id: input.id, protocol: 'saml', name: input.name, groups,
    saml: { metadata: input.metadata, nameIdFormat: input.nameIdFormat, signResponse: input.signResponse },
  }, expectedUpdatedAt);
}
