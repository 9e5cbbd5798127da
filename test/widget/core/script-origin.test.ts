// api-base defaults to the API of the server the widget script came from.
import { expect } from '@open-wc/testing';
import { defaultApiBase } from '../../../widget/core/script-origin.ts';

describe('defaultApiBase', () => {
  it('is /api on the SSO server\'s own pages and when the script origin is unknown', () => {
    expect(defaultApiBase('https://sso.example.com/', 'https://sso.example.com/widget/sso-widget.iife.js')).to.equal('/api');
    expect(defaultApiBase('https://sso.example.com/', null)).to.equal('/api');
    // The bundled portal and these tests: no widget script tag, so /api.
    expect(defaultApiBase()).to.equal('/api');
  });

  it('is the script server\'s /api on a brand site that loads the script from it', () => {
    expect(defaultApiBase('https://dealer.example.com/login', 'https://sso.example.com/widget/sso-widget.iife.js')).to.equal('https://sso.example.com/api');
    expect(defaultApiBase('http://localhost:3000/', 'http://127.0.0.1:8080/widget/sso-widget.js')).to.equal('http://127.0.0.1:8080/api');
  });
});
