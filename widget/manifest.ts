// What the custom-elements manifest (dist/widget/custom-elements.json) says about both elements.
// The events are keyed by the typed event contract (core/events.ts), so an event added there and
// forgotten here fails the type check; the attributes are checked against the built elements'
// observedAttributes by test/widget/app-center/library.test.ts.
import type { WidgetEventDetails } from './core/events.ts';
import { WIDGET_VERSION } from './core/version.ts';

export interface AttributeDoc {
  name: string;
  fieldName: string;
  description: string;
  default?: string;
}

export interface EventDoc {
  tag: 'sso-login' | 'app-center';
  detailType: string;
  cancelable: boolean;
  description: string;
}

export interface ElementDoc {
  tag: 'sso-login' | 'app-center';
  className: string;
  description: string;
  attributes: AttributeDoc[];
  cssParts: Array<{ name: string; description: string }>;
}

const sharedAttributes: AttributeDoc[] = [
  { name: 'api-base', fieldName: 'apiBase', default: '"/api"', description: 'Base path or URL of the SSO API. Default /api, or <script origin>/api when the widget script came from another origin.' },
  {
    name: 'sso-domain',
    fieldName: 'ssoDomain',
    default: 'location.hostname',
    description: 'Host name the server picks the client group (brand, apps) by.',
  },
  { name: 'brand', fieldName: 'brand', description: 'Brand code overriding the look: default, ka, keyaccount, operation, yingfeng, icar, exeed.' },
];

export const EVENTS: Record<keyof WidgetEventDetails, EventDoc> = {
  'sso-login-success': {
    tag: 'sso-login',
    detailType: '{ redirect: string; username?: string }',
    cancelable: true,
    description: 'Signed in. The element then goes to detail.redirect unless a listener calls preventDefault().',
  },
  'sso-login-error': {
    tag: 'sso-login',
    detailType: '{ code: string | number; msg: string }',
    cancelable: false,
    description: 'A sign-in attempt failed; msg is the Chinese text shown to the user.',
  },
  'sso-login-view-change': {
    tag: 'sso-login',
    detailType: '{ view: string }',
    cancelable: false,
    description: 'The login box switched view (password, QR, mobile, register, logout).',
  },
  'app-center-open': {
    tag: 'app-center',
    detailType: '{ name: string; url: string }',
    cancelable: true,
    description: 'An app card was chosen; url has https:// added when it lacked http. preventDefault() stops the new window.',
  },
  'app-center-exit': {
    tag: 'app-center',
    detailType: '{ redirect: string }',
    cancelable: true,
    description: 'Signed out from the user menu. The element then goes to detail.redirect (the site origin) unless prevented.',
  },
};

export const ELEMENTS: ElementDoc[] = [
  {
    tag: 'sso-login',
    className: 'SsoLoginElement',
    description: 'The branded login box: password, WeCom/Feishu QR, mobile and register views, logout view, external-redirect code login.',
    // Each of these wins over the page query parameter of the same meaning (spec section 2).
    attributes: [
      ...sharedAttributes,
      { name: 'view', fieldName: 'view', default: '"odin"', description: 'Query parameter view: the platform the page is shown for.' },
      { name: 'is-signout', fieldName: 'isSignout', description: 'Set and not 0: the logout view (query is_signout).' },
      { name: 'is-redirect-self', fieldName: 'isRedirectSelf', description: 'Set and not 0: external-redirect code login (query is_redirect_self).' },
      { name: 'call-back', fieldName: 'callBack', description: 'Where to go after a code login (query callBack); must be a registered origin.' },
      { name: 'code', fieldName: 'code', description: 'The messenger authorization code (query code).' },
      { name: 'login-type', fieldName: 'loginType', description: 'wecom or feishu (query login_type).' },
      { name: 'client-id', fieldName: 'clientId', description: 'Client id passed to the code login (query clientId).' },
      { name: 'from', fieldName: 'from', description: 'Passed on to sign-out and sign-in (query from).' },
    ],
    cssParts: [{ name: 'notices', description: 'Toasts and system-prompt dialogs.' }],
  },
  {
    tag: 'app-center',
    className: 'AppCenterElement',
    description: 'The application centre: client-group dropdown, user menu with exit, searchable grid of application cards.',
    attributes: sharedAttributes,
    cssParts: [
      { name: 'base', description: 'The whole element.' },
      { name: 'top-bar', description: 'The top bar.' },
      { name: 'logo', description: 'The small brand logo.' },
      { name: 'group-name', description: 'The current group name when there is no other group.' },
      { name: 'group-button', description: 'The client-group dropdown button.' },
      { name: 'group-menu', description: 'The list of other client groups.' },
      { name: 'group-item', description: 'One other client group.' },
      { name: 'user-button', description: 'The user menu button.' },
      { name: 'avatar', description: 'The initial of the username.' },
      { name: 'username', description: 'The username.' },
      { name: 'user-menu', description: 'The user menu.' },
      { name: 'exit', description: 'The exit command.' },
      { name: 'content', description: 'Heading, search and cards.' },
      { name: 'heading', description: 'The heading 应用中心.' },
      { name: 'search', description: 'The search box with its icon.' },
      { name: 'search-input', description: 'The search input.' },
      { name: 'result-count', description: 'How many apps are shown.' },
      { name: 'grid', description: 'The grid of cards.' },
      { name: 'card', description: 'One application card.' },
      { name: 'card-title', description: 'The app name.' },
      { name: 'card-intro', description: 'The app description.' },
      { name: 'icon', description: 'A card icon (40 px).' },
      { name: 'icon-fallback', description: 'The first character shown when the logo is missing or broken.' },
      { name: 'skeleton', description: 'The loading placeholder.' },
      { name: 'empty-state', description: 'No apps, or no search match.' },
      { name: 'clear-search', description: 'The 清空搜索 button of the no-match state.' },
      { name: 'load-error', description: 'Loading failed, with a retry button.' },
      { name: 'notices', description: 'Toasts and system-prompt dialogs.' },
      { name: 'toast', description: 'One toast.' },
    ],
  },
];

/** The manifest in the custom-elements-manifest schema 1.0.0, describing dist/widget/sso-widget.js. */
export function customElementsManifest(): object {
  const modulePath = 'sso-widget.js';
  return {
    schemaVersion: '1.0.0',
    readme: `SSO widget ${WIDGET_VERSION}: <sso-login> and <app-center>.`,
    modules: [
      {
        kind: 'javascript-module',
        path: modulePath,
        declarations: ELEMENTS.map((element) => ({
          kind: 'class',
          name: element.className,
          tagName: element.tag,
          customElement: true,
          description: element.description,
          superclass: { name: 'HTMLElement' },
          attributes: element.attributes.map((attribute) => ({
            name: attribute.name,
            fieldName: attribute.fieldName,
            type: { text: 'string' },
            ...(attribute.default ? { default: attribute.default } : {}),
            description: attribute.description,
          })),
          members: element.attributes.map((attribute) => ({
            kind: 'field',
            name: attribute.fieldName,
            type: { text: 'string | undefined' },
            attribute: attribute.name,
            description: attribute.description,
          })),
          events: Object.entries(EVENTS)
            .filter(([, event]) => event.tag === element.tag)
            .map(([name, event]) => ({
              name,
              type: { text: `CustomEvent<${event.detailType}>` },
              description: `${event.description} Bubbles, composed${event.cancelable ? ', cancelable' : ''}.`,
            })),
          cssParts: element.cssParts,
          cssProperties: [
            { name: '--sso-color-primary', description: 'Accent colour.' },
            { name: '--sso-color-text', description: 'Text colour.' },
            { name: '--sso-color-surface', description: 'Card and panel background.' },
            { name: '--sso-radius', description: 'Corner radius of controls.' },
            { name: '--sso-font', description: 'Font family.' },
          ],
        })),
        exports: ELEMENTS.map((element) => ({
          kind: 'custom-element-definition',
          name: element.tag,
          declaration: { name: element.className, module: modulePath },
        })),
      },
    ],
  };
}
