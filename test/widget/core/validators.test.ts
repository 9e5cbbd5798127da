// Validators of spec section 5 with their exact messages.
import { expect } from '@open-wc/testing';
import {
  checkPhoneUnique,
  checkUsernameUnique,
  validatePhone,
  validateUsername,
} from '../../../widget/core/validators.ts';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { ECHO_BASE, replyBase } from '../support/helpers.ts';

describe('validators', () => {
  it('accepts mainland mobile numbers', () => {
    for (const phone of ['13800000001', '15912345678', '18612345678', '19912345678', '17712345678', '16612345678', '19412345678', '14012345678']) {
      expect(validatePhone(phone), phone).to.equal(null);
    }
  });

  it('rejects other numbers with 请输入合法手机号', () => {
    for (const phone of ['', '1380000000', '138000000012', '12800000001', '23800000001', '1380000000a', '+8613800000001', '11800000001']) {
      expect(validatePhone(phone), phone).to.equal('请输入合法手机号');
    }
  });

  it('a masked value is refused where it would be sent (register, mobile login) with 请输入合法手机号', () => {
    for (const phone of ['138****0001', '****', 'abc****', '13800000001****']) {
      expect(validatePhone(phone), phone).to.equal('请输入合法手机号');
    }
  });

  it('where the page shows a known phone, only the masked shape 1xx****xxxx is accepted', () => {
    expect(validatePhone('138****0001', { allowMasked: true })).to.equal(null);
    expect(validatePhone('13800000001', { allowMasked: true })).to.equal(null);
    for (const phone of ['****', 'abc****', '****0001', '138****', '138*****0001', '128****0001', '138****000a', 'x138****0001']) {
      expect(validatePhone(phone, { allowMasked: true }), phone).to.equal('请输入合法手机号');
    }
  });

  it('usernames: lowercase letters and digits only, else 用户名支持小写英文、数字', () => {
    expect(validateUsername('zhangwei01')).to.equal(null);
    for (const name of ['', 'ZhangWei', 'zhang_wei', 'zhang wei', '张伟', 'a-b']) {
      expect(validateUsername(name), name).to.equal('用户名支持小写英文、数字');
    }
  });

  it('uniqueness asks /admin/user/details and reports 用户名已经存在 / 手机号已经存在 when data comes back', async () => {
    const notices = createNoticeCenter();
    const taken = createApiClient({ apiBase: ECHO_BASE, notices });
    expect(await checkUsernameUnique(taken, 'zhangwei')).to.equal('用户名已经存在');
    expect(await checkPhoneUnique(taken, '13800000001')).to.equal('手机号已经存在');
    const free = createApiClient({ apiBase: replyBase(200, { code: 200, msg: 'success', data: null }), notices });
    expect(await checkUsernameUnique(free, 'newuser')).to.equal(null);
    expect(await checkPhoneUnique(free, '13900000009')).to.equal(null);
  });

  it('uniqueness sends username or phone to /admin/user/details', async () => {
    const seen: string[] = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      seen.push(String(input));
      return original(input, init);
    };
    try {
      const client = createApiClient({ apiBase: ECHO_BASE, notices: createNoticeCenter() });
      await checkUsernameUnique(client, 'lisi');
      await checkPhoneUnique(client, '13800000002');
    } finally {
      window.fetch = original;
    }
    expect(seen).to.deep.equal([
      '/__test/echo/admin/user/details?username=lisi',
      '/__test/echo/admin/user/details?phone=13800000002',
    ]);
  });
});
