// The identity provider's signing key and its self-signed certificate (what SPs pin from the
// metadata): made once, on first use, and kept in the database (meta), so every instance signs
// with the same key. Node makes the RSA key; the certificate around it is made by the openssl
// command (Node can read X.509 certificates but not issue them), never by hand-written ASN.1.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SAML_KEY_SETTING = 'saml_idp_signing_key';

export interface SamlKey {
  privateKey: string;
  certificate: string;
}

export function makeSamlKey(commonName: string): SamlKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-saml-key-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(keyFile, pem, { mode: 0o600 });
    const made = spawnSync('openssl', ['req', '-new', '-x509', '-key', keyFile, '-sha256', '-days', '3650', '-subj', `/CN=${commonName.replace(/[^A-Za-z0-9.-]/g, '')}`], { encoding: 'utf8' });
    if (made.error || made.status !== 0 || !made.stdout.includes('BEGIN CERTIFICATE')) {
      throw new Error(`making the SAML signing certificate needs the openssl command: ${made.error?.message ?? made.stderr}`);
    }
    return { privateKey: pem, certificate: made.stdout };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The certificate's base64 body, as metadata and KeyInfo carry it. */
export const certificateBody = (pem: string): string => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
