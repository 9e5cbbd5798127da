// How the account page names devices, addresses, sign-in methods and results.
import { methodName } from '../admin/sign-in-methods.ts';

export { formatTime } from '../admin/format.ts';

/** "Chrome · Windows" from a user agent; the raw text stays in the title. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return '未知设备';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari'
    : /MicroMessenger/.test(userAgent) ? '微信' : userAgent.split(/[\s/]/)[0] || '浏览器';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

/**
 * Where an address is: this computer, the company network, the server's 省份 城市 运营商 for a
 * public address (`place`, server/account/ip-place.ts), or the address itself when unknown.
 */
export function placeOf(ip: string, place: string | null = null): string {
  if (!ip) return '未知';
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '127.0.0.1' || ip === '::1') return `本机（${ip}）`;
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) || /^f[cd]/i.test(ip)) return `内网（${v4}）`;
  return place ? `${place}（${v4}）` : v4;
}

export { methodName };

const RESULTS: Record<string, string> = {
  success: '成功',
  bad_credentials: '用户名或密码错误',
  locked: '账号已锁定',
  disabled: '账号已停用',
  must_change: '需先修改密码',
  password_expired: '密码已过期',
  change_postponed: '成功（稍后修改密码）',
  bad_code: '验证码错误',
  second_factor_asked: '已输入密码，等待动态验证码',
  enrolment_required: '已输入密码，需绑定身份验证器',
  bad_otp: '动态验证码错误',
  otp_reused: '动态验证码重复使用',
  bad_recovery_code: '恢复码错误',
  passkey_required: '需使用通行密钥登录',
  bad_passkey: '通行密钥验证失败',
};

export function resultName(result: string): string {
  return RESULTS[result] ?? result;
}
