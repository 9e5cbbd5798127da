// The shared <sso-login> fixture: what a test leaves mounted is removed after it, and removing an
// element twice (the test, then the fixture) does not disturb the navigator stubs.
import { expect } from '@open-wc/testing';
import { navigate, setNavigator } from '../../../widget/core/navigate.ts';
import { mountLogin, withLoginFixture } from './login-fixture.ts';

describe('withLoginFixture', () => {
  const probed: string[] = [];
  let restoreProbe: () => void = () => undefined;
  beforeEach(() => {
    probed.length = 0;
    restoreProbe = setNavigator((url) => probed.push(url));
  });
  withLoginFixture();
  // Registered after the fixture, so it runs after the fixture's own afterEach.
  afterEach(() => {
    try {
      expect(document.querySelectorAll('sso-login').length, 'elements left in the page').to.equal(0);
      navigate('/after-fixture');
      expect(probed.at(-1), 'the navigator in place before the test').to.equal('/after-fixture');
    } finally {
      restoreProbe();
    }
  });

  it('removing an element twice does not take the navigator from a newer one', async () => {
    const first = await mountLogin();
    first.remove();
    const second = await mountLogin();
    first.remove();
    navigate('/while-second-mounted');
    expect(second.visited).to.deep.equal(['/while-second-mounted']);
    second.remove();
    navigate('/after-second');
    expect(probed).to.deep.equal(['/after-second']);
  });

  it('a test may leave elements mounted (the fixture removes them)', async () => {
    await mountLogin();
    await mountLogin();
    expect(document.querySelectorAll('sso-login').length).to.equal(2);
  });
});
