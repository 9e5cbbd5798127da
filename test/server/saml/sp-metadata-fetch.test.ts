// Fetching an SP's metadata from a URL (server/saml/sp-metadata-fetch.ts), the rules the CLI's
// add-client --metadata <URL> and the console's 获取 share: which addresses the server never
// connects to (judged without any traffic), production's https-only and no-loopback rule (a local
// listener proves no connection is made), no redirect followed, and the 256 KB cap while reading.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fetchSpMetadata, mayFetchFrom } from '../../../server/saml/sp-metadata-fetch.ts';
import { DEFAULT_BACKCHANNEL_ALLOW } from '../../../server/oidc/backchannel-guard.ts';
import { SpMetadataError } from '../../../server/saml/saml-metadata-error.ts';
import { SamlAdminMessages as M } from '../../../contract/errors.ts';

const DEV = { production: false, allow: DEFAULT_BACKCHANNEL_ALLOW };
const PRODUCTION = { production: true, allow: DEFAULT_BACKCHANNEL_ALLOW };

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof SpMetadataError, `not a metadata refusal: ${String(error)}`);
    return error.chinese;
  }
  assert.fail('no refusal');
}

describe('SP metadata fetch: addresses (the back-channel\'s rule, SSO_OIDC_BACKCHANNEL_ALLOW)', () => {
  it('never link-local (cloud metadata) or unspecified addresses, whatever the allow list says', () => {
    const everything = { production: false, allow: ['0.0.0.0/0', '::/0'] };
    for (const address of ['0.0.0.0', '169.254.169.254', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
      assert.equal(mayFetchFrom(address, everything), false, address);
      assert.equal(mayFetchFrom(address, PRODUCTION), false, `${address} (production)`);
    }
  });

  it('loopback only outside production; private ranges as the allow list says (by default: yes, intranet SPs live there)', () => {
    for (const address of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) {
      assert.equal(mayFetchFrom(address, DEV), true, address);
      assert.equal(mayFetchFrom(address, PRODUCTION), false, `${address} (production)`);
    }
    for (const address of ['10.1.2.3', '172.16.0.5', '192.168.1.10', 'fd12::1', '8.8.8.8']) {
      assert.equal(mayFetchFrom(address, PRODUCTION), true, address);
    }
    const noPrivate = { production: true, allow: [] };
    for (const address of ['10.1.2.3', '192.168.1.10', '224.0.0.1', 'ff02::1']) assert.equal(mayFetchFrom(address, noPrivate), false, `${address} (allow none)`);
    assert.equal(mayFetchFrom('8.8.8.8', noPrivate), true);
  });
});

describe('SP metadata fetch: requests', () => {
  let server: http.Server;
  let base: string;
  let requests = 0;
  before(async () => {
    server = http.createServer((request, response) => {
      requests += 1;
      if (request.url === '/metadata') return response.end('<EntityDescriptor/>');
      if (request.url === '/moved') {
        response.writeHead(302, { location: 'http://127.0.0.1/metadata' });
        return response.end();
      }
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'application/xml' });
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 5; i++) response.write(chunk);
        return response.end();
      }
      response.writeHead(404);
      response.end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the answer over plain http from this machine outside production', async () => {
    assert.equal(await fetchSpMetadata(`${base}/metadata`, DEV), '<EntityDescriptor/>');
  });

  it('refuses a redirect, an error status and an answer past 256 KB', async () => {
    assert.equal(await refusal(fetchSpMetadata(`${base}/moved`, DEV)), M.metadataFetchRedirect);
    assert.equal(await refusal(fetchSpMetadata(`${base}/gone`, DEV)), M.metadataFetchStatus(404));
    assert.equal(await refusal(fetchSpMetadata(`${base}/huge`, DEV)), M.metadataTooLarge);
  });

  it('refuses other schemes, credentials in the URL, and plain http to another host', async () => {
    assert.equal(await refusal(fetchSpMetadata('file:///etc/passwd', DEV)), M.metadataUrlBad);
    assert.equal(await refusal(fetchSpMetadata('https://user:pw@sp.example.com/metadata', DEV)), M.metadataUrlBad);
    assert.equal(await refusal(fetchSpMetadata('http://sp.example.com/metadata', DEV)), M.metadataUrlHttpsOnly);
  });

  it('production: plain http refused; https to a loopback name or address refused before any connection', async () => {
    const listener = net.createServer((socket) => socket.destroy());
    let connections = 0;
    listener.on('connection', () => { connections += 1; });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const before = requests;
      assert.equal(await refusal(fetchSpMetadata(`${base}/metadata`, PRODUCTION)), M.metadataUrlHttpsOnly);
      assert.equal(await refusal(fetchSpMetadata(`https://127.0.0.1:${port}/metadata`, PRODUCTION)), M.metadataUrlForbidden);
      assert.equal(await refusal(fetchSpMetadata(`https://[::ffff:127.0.0.1]:${port}/metadata`, PRODUCTION)), M.metadataUrlForbidden);
      // A name: judged by the addresses it resolves to, at connect time.
      assert.equal(await refusal(fetchSpMetadata(`https://localhost:${port}/metadata`, PRODUCTION)), M.metadataUrlForbidden);
      assert.equal(connections, 0);
      assert.equal(requests, before);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
