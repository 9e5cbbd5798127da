// SM2 password encryption: "04" + C1C3C2 hex, decryptable with the matching private key.
import { expect } from '@open-wc/testing';
import smCrypto from 'sm-crypto';
import { createPasswordEncryptor, sm2Encrypt } from '../../../widget/core/sm2.ts';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { replyBase } from '../support/helpers.ts';

describe('SM2 password encryption', () => {
  const keys = smCrypto.sm2.generateKeyPairHex();

  it('prefixes 04 to sm-crypto doEncrypt(text, key, 1)', async () => {
    const cipher = await sm2Encrypt('Sso@2026demo', keys.publicKey);
    expect(cipher.startsWith('04')).to.equal(true);
    expect(cipher).to.match(/^[0-9a-f]+$/);
    expect(smCrypto.sm2.doDecrypt(cipher.slice(2), keys.privateKey, 1)).to.equal('Sso@2026demo');
  });

  // The widget's own doEncrypt (sm2-encrypt.ts): past the first 32-byte block of the key stream,
  // and with multi-byte characters, it still decrypts with sm-crypto's doDecrypt.
  it('encrypts a long password with multi-byte characters, and refuses an invalid key', async () => {
    const long = `密码${'Sso@2026demo-'.repeat(8)}末尾`;
    const cipher = await sm2Encrypt(long, keys.publicKey);
    expect(smCrypto.sm2.doDecrypt(cipher.slice(2), keys.privateKey, 1)).to.equal(long);
    let refused: unknown = null;
    await sm2Encrypt('x', '04' + '00'.repeat(64)).catch((error: unknown) => {
      refused = error;
    });
    expect(refused).to.be.instanceOf(Error);
  });

  it('gets the key from getPublicKeySm2 once', async () => {
    const calls: string[] = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      calls.push(String(input));
      return original(input, init);
    };
    try {
      const client = createApiClient({
        apiBase: replyBase(200, { code: 200, msg: 'success', data: keys.publicKey }),
        notices: createNoticeCenter(),
      });
      const encrypt = createPasswordEncryptor(client);
      const first = await encrypt('一次');
      const second = await encrypt('两次');
      expect(smCrypto.sm2.doDecrypt(first.slice(2), keys.privateKey, 1)).to.equal('一次');
      expect(smCrypto.sm2.doDecrypt(second.slice(2), keys.privateKey, 1)).to.equal('两次');
    } finally {
      window.fetch = original;
    }
    expect(calls.filter((url) => url.endsWith('/centerAuth/commonConfig/getPublicKeySm2'))).to.have.length(1);
  });
});
