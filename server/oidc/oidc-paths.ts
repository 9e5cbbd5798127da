// Where the OpenID Connect protocol endpoints live. Its own module so that the routes can be
// registered at start without loading oidc-provider, which is loaded on the first OIDC request.
export const OIDC_PREFIX = '/oidc';
