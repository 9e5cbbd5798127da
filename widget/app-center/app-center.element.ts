// What <app-center> offers a page: attributes and properties, events, CSS parts and custom
// properties. `npm run build:widget` reads this JSDoc with @custom-elements-manifest/analyzer into
// dist/widget/custom-elements.json and the HTMLElementTagNameMap / event map declarations
// (scripts/element-types.ts). A declaration only: the element is made by define.ts (r2wc), which is
// no class the analyzer can read. test/widget/custom-elements-manifest.test.ts checks this against
// what the built element really observes, renders and emits. The event detail types named in
// @fires are those of the typed event contract, core/events.ts.
import type { SsoWidgetElement } from '../core/widget-element.ts';

/**
 * The application centre: client-group dropdown, user menu with exit, and a searchable grid of the
 * group's application cards. Sends the page to /login when nobody is signed in (AU00300) and, for a
 * page that stays, shows an invitation to sign in (part signed-out).
 *
 * @tag app-center
 *
 * @fires {CustomEvent<AppCenterOpenDetail>} app-center-open - An app card was chosen; detail.url has https:// added when it lacked http. Cancelable: preventDefault() stops the new window. Bubbles, composed.
 * @fires {CustomEvent<AppCenterSignInDetail>} app-center-sign-in - Nobody is signed in (AU00300 while loading, or the 去登录 button of the invitation). Cancelable: the element then goes to detail.redirect (/login) unless a listener calls preventDefault(), e.g. a page with its own <sso-login>. Bubbles, composed.
 * @fires {CustomEvent<AppCenterExitDetail>} app-center-exit - Signed out from the user menu. Cancelable: the element then goes to detail.redirect (the site origin) unless a listener calls preventDefault(). Bubbles, composed.
 *
 * @csspart base - The whole element.
 * @csspart top-bar - The top bar.
 * @csspart logo - The small brand logo.
 * @csspart group-name - The current group's name when there is no other group.
 * @csspart group-button - The client-group dropdown button.
 * @csspart group-menu - The list of the other client groups.
 * @csspart group-item - One other client group.
 * @csspart user-button - The user menu button.
 * @csspart avatar - The initial of the username.
 * @csspart username - The username on the user menu button.
 * @csspart user-menu - The user menu.
 * @csspart menu-username - The username at the top of the user menu.
 * @csspart account - The 我的账号 command (the portal's /account page).
 * @csspart exit - The exit command.
 * @csspart content - Heading, search and cards.
 * @csspart heading - The heading 应用中心.
 * @csspart search - The search box with its icon.
 * @csspart search-input - The search input.
 * @csspart result-count - How many apps are shown.
 * @csspart grid - The grid of cards.
 * @csspart card - One application card.
 * @csspart card-title - The app name.
 * @csspart card-intro - The app description.
 * @csspart icon - A card icon (40 px).
 * @csspart icon-fallback - The first character shown when the logo is missing or broken (also part icon).
 * @csspart skeleton - The loading placeholder.
 * @csspart empty-state - No apps, or no search match.
 * @csspart clear-search - The 清空搜索 button of the no-match state.
 * @csspart load-error - Loading failed, with a retry button.
 * @csspart signed-out - Nobody is signed in: the invitation to sign in.
 * @csspart sign-in - The 去登录 button of the signed-out invitation.
 * @csspart not-member - Signed in, but not a member of the host's client group (AU00301): the explanation.
 * @csspart go-to-group - A 前往… button of that explanation, one per client group of the account.
 *
 * @cssprop --sso-page-background - Background of the element. Default #f4f6fa.
 * @cssprop --sso-card-radius - Corner radius of the cards. Default 10px.
 */
export declare class AppCenterElement extends SsoWidgetElement {}
