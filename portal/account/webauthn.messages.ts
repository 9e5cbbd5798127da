// A failed WebAuthn ceremony in Chinese, by the DOMException the browser raised (or the code
// @simplewebauthn/browser gave it).
export function webAuthnMessage(error: unknown): string {
  const name = (error as { name?: string; code?: string } | null)?.name ?? '';
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return '这台设备上的通行密钥已添加过';
  if (name === 'NotAllowedError') return '操作已取消或超时，请重试';
  if (name === 'AbortError') return '操作已取消';
  if (name === 'SecurityError') return '当前网址不能使用通行密钥（需要 https 或本机地址，且域名与登录系统一致）';
  if (name === 'NotSupportedError') return '此设备或浏览器不支持所需的通行密钥类型';
  return '通行密钥操作失败，请重试';
}

/** A ceremony the browser refused: its message is already the Chinese text to show. */
export class WebAuthnFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebAuthnFailure';
  }
}
