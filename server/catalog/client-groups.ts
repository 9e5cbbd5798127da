// Client groups are chosen by host: an exact domain match first, then the longest domain the host
// ends with, then the default group. This module also shapes the public view of a group (secrets
// of the messenger apps never leave the server).
import type { App, ClientGroup } from '../records/catalog.ts';

/** Host name without port, lowercase; accepts "host", "host:port" or a full URL. */
export function normalizeHost(input: string): string {
  let host = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return '';
    }
  }
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export function pickGroup(groups: ClientGroup[], host: string): ClientGroup | null {
  const name = normalizeHost(host);
  const exact = groups.find((g) => g.domains.includes(name));
  if (exact) return exact;
  let best: ClientGroup | null = null;
  let bestLength = 0;
  for (const group of groups) {
    for (const domain of group.domains) {
      if (name.endsWith(`.${domain}`) && domain.length > bestLength) {
        best = group;
        bestLength = domain.length;
      }
    }
  }
  return best ?? groups.find((g) => g.isDefault) ?? groups[0] ?? null;
}

export function findGroupByCode(groups: ClientGroup[], code: string): ClientGroup | null {
  const key = code.trim().toLowerCase();
  return groups.find((g) => g.code === key || g.aliases.includes(key)) ?? null;
}

/** Where the request came in: protocol and the port the browser used, for derived group URLs. */
export interface RequestOrigin {
  protocol: string;
  port: string;
}

export function groupDomainUrl(group: ClientGroup, via: RequestOrigin): string {
  if (group.domainUrl) return group.domainUrl;
  const domain = group.domains[0] ?? 'localhost';
  const defaultPort = via.protocol === 'https' ? '443' : '80';
  return `${via.protocol}://${domain}${via.port && via.port !== defaultPort ? `:${via.port}` : ''}`;
}

export function groupSummary(group: ClientGroup, via: RequestOrigin) {
  return { code: group.code, name: group.name, domainUrl: groupDomainUrl(group, via) };
}

export function groupConfigView(group: ClientGroup, via: RequestOrigin) {
  const domainUrl = groupDomainUrl(group, via);
  const redirect = (loginType: string) => `${domainUrl}/?is_redirect_self=1&login_type=${loginType}`;
  return {
    code: group.code,
    name: group.name,
    domainUrl,
    imageList: group.imageList.map((i) => ({ fileUrl: i.fileUrl })),
    cycleTime: group.cycleTime,
    // No OAuth state here: a constant one protects nothing. The login box makes a random state per
    // QR code and checks it on the return URL (widget/sso-login/qr/oauth-state.ts).
    weComConfig: group.weCom
      ? { appid: group.weCom.appid, agentid: group.weCom.agentid, redirect_uri: redirect('wecom') }
      : null,
    feishuConfig: group.feishu
      ? { client_id: group.feishu.appId, redirect_uri: redirect('feishu') }
      : null,
    callbackOrigins: [...group.callbackOrigins],
    theme: group.theme ? { ...group.theme } : null,
  };
}

/** `opens`: the URL the card opens (catalog/app-links.ts), shown to the widget as autoLoginUrl. */
export function appView(app: App, opens: string = app.autoLoginUrl) {
  return { id: app.id, name: app.name, logo: app.logo, intro: app.intro, autoLoginUrl: opens };
}
