// How an account signed in, as the sign-in audit records it: the portal's methods and the
// operator console's own sign-in. The console's audit filter and the server's audit share it.
export const SIGN_IN_METHODS = ['password', 'mobile', 'wecom', 'feishu', 'console'] as const;

export type SignInMethodName = (typeof SIGN_IN_METHODS)[number];
