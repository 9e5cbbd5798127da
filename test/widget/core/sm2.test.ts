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
