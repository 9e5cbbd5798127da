// Why SP metadata (pasted, read from a file or fetched) is refused: an English reason for the CLI,
// a Chinese one for the console. Its own file so the fetch (sp-metadata-fetch.ts) and the checks
// (saml-metadata.ts) share it without importing each other.
export const MAX_SP_METADATA_BYTES = 256 * 1024;

export class SpMetadataError extends Error {
  constructor(message: string, readonly chinese: string) {
    super(message);
  }
}
