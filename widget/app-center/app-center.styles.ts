// Styles of <app-center>, adopted as a constructable stylesheet after the shared base sheet.
// Theme through --sso-* custom properties (fallbacks below) and ::part(); no inline styles.
// On phones toasts go to the bottom, above the home indicator (--sso-phone-toast-*, base sheet):
// the top bar holds the avatar and the group menu.
export const appCenterStyles = /* css */ `
:host {
  display: block;
  min-height: 100%;
  /* --sso-page-background and --sso-card-radius are ours; the other tokens come from the base sheet,
     adopted before this one on the same host, so they need no fallback here. */
  background: var(--sso-page-background, #f4f6fa);
  --ac-primary: var(--sso-color-primary);
  --ac-surface: var(--sso-color-surface);
  --ac-muted: var(--sso-color-muted);
  --ac-border: var(--sso-color-border);
  --ac-radius: var(--sso-card-radius, 10px);
  --ac-focus: var(--sso-focus-ring);
  --sso-phone-toast-top: auto;
  --sso-phone-toast-bottom: calc(12px + env(safe-area-inset-bottom, 0px));
}
:host([hidden]) { display: none; }
button { font: inherit; color: inherit; }

/* The element adapts to its own width (a 360 px column on a wide page too), not the viewport's. */
.app-center { display: flex; flex-direction: column; min-height: 100%; container: app-center / inline-size; }

/* Top bar */
.top-bar {
  position: sticky; top: 0; z-index: 5;
  display: flex; align-items: center; justify-content: space-between; gap: 12px;
  min-height: 56px; border-top: 3px solid var(--ac-primary); padding: 8px clamp(12px, 3vw, 32px);
  background: var(--ac-surface); border-bottom: 1px solid var(--ac-border);
}
.top-bar-start { display: flex; align-items: center; gap: 12px; min-width: 0; }
.logo { display: inline-flex; align-items: center; flex: none; height: 28px; max-width: 120px; overflow: hidden; }
.logo svg, .logo img { height: 28px; width: auto; max-width: 120px; }
.group-name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }

.menu { position: relative; min-width: 0; }
.menu-button {
  display: inline-flex; align-items: center; gap: 6px; max-width: 100%;
  min-height: 40px; padding: 6px 10px; border: 1px solid transparent; border-radius: 8px;
  background: transparent; cursor: pointer;
}
.menu-button:hover, .menu-button[aria-expanded="true"] { background: rgba(0, 0, 0, 0.05); }
.menu-button-text { min-width: 0; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.group-menu .menu-button-text { max-width: 40cqi; }
.username { max-width: 28cqi; font-weight: 500; }
.icon-chevron { flex: none; color: var(--ac-muted); }
.avatar {
  display: inline-grid; place-items: center; flex: none; width: 28px; height: 28px; border-radius: 50%;
  background: var(--ac-primary); color: #fff; font-size: 13px; font-weight: 600;
}
.menu-list {
  position: absolute; top: calc(100% + 6px); left: 0; z-index: 10;
  display: flex; flex-direction: column; min-width: 180px; max-width: min(320px, 90vw);
  max-height: 60vh; overflow-y: auto; padding: 6px;
  background: var(--ac-surface); border: 1px solid var(--ac-border); border-radius: 10px;
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.14);
}
.menu-list.align-end { left: auto; right: 0; }
.menu-items { display: flex; flex-direction: column; }
.menu-user {
  margin: 0 0 6px; padding: 8px 12px 10px; border-bottom: 1px solid var(--ac-border);
  font-weight: 600; color: var(--sso-color-text); overflow-wrap: anywhere;
}
.menu-item {
  display: flex; align-items: center; gap: 8px; width: 100%; min-height: 40px; padding: 8px 12px;
  border: 0; border-radius: 6px; background: transparent; text-align: left; cursor: pointer;
  color: inherit; font: inherit; text-decoration: none; box-sizing: border-box;
}
.menu-item:hover, .menu-item:focus-visible { background: rgba(31, 94, 255, 0.08); color: var(--ac-primary); box-shadow: none; }
.menu-item:disabled { color: var(--ac-muted); cursor: progress; }

/* Catalogue */
.catalogue { flex: 1; width: 100%; max-width: 1280px; margin: 0 auto; padding: clamp(16px, 3vw, 32px) clamp(12px, 3vw, 32px); }
.catalogue-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 12px 24px; }
.heading { margin: 0; font-size: 22px; font-weight: 700; letter-spacing: 0.02em; }
.search {
  position: relative; display: flex; align-items: center; flex: 1 1 240px; max-width: 360px;
  color: var(--ac-muted);
}
.icon-search { position: absolute; left: 12px; pointer-events: none; }
.search-input {
  width: 100%; height: 40px; padding: 0 12px 0 38px; font: inherit; color: inherit;
  background: var(--ac-surface); border: 1px solid var(--ac-border); border-radius: 20px;
}
.search-input:focus-visible { border-color: var(--ac-primary); }
.search-input:disabled { opacity: 0.6; }
.result-count { margin: 12px 0 0; font-size: 13px; color: var(--ac-muted); }

.grid {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr)); gap: 16px;
  margin: 16px 0 0; padding: 0; list-style: none;
}
.card-cell { display: flex; min-width: 0; }
.card {
  display: flex; align-items: flex-start; gap: 12px; width: 100%; min-height: 88px; padding: 16px;
  text-align: left; background: var(--ac-surface); border: 1px solid var(--ac-border);
  border-radius: var(--ac-radius); cursor: pointer;
  transition: border-color 0.15s ease, box-shadow 0.15s ease, transform 0.15s ease;
}
button.card:hover { border-color: var(--ac-primary); box-shadow: 0 6px 18px rgba(15, 23, 42, 0.08); transform: translateY(-1px); }
.app-icon {
  display: inline-grid; place-items: center; flex: none; width: 40px; height: 40px;
  border-radius: 8px; object-fit: contain;
}
.app-icon-fallback { color: #fff; font-size: 18px; font-weight: 700; }
.hue-0 { background: #1664ff; } .hue-1 { background: #00a870; } .hue-2 { background: #ed7b2f; }
.hue-3 { background: #8e56dd; } .hue-4 { background: #d54941; } .hue-5 { background: #0594a8; }
.card-text { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.card-title { font-size: 15px; font-weight: 600; line-height: 1.4; overflow-wrap: anywhere; }
.card-intro {
  font-size: 13px; line-height: 1.5; color: var(--ac-muted); overflow-wrap: anywhere;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;
}

/* Skeleton */
.skeleton-card { cursor: default; }
.skeleton-block { display: block; background: linear-gradient(90deg, #eceff3 0%, #f6f7f9 50%, #eceff3 100%); background-size: 200% 100%; animation: ac-shimmer 1.2s linear infinite; border-radius: 6px; }
.skeleton-line { width: 9em; height: 14px; margin-top: 4px; }
.skeleton-line.short { width: 13em; height: 12px; }
@keyframes ac-shimmer { from { background-position: 200% 0; } to { background-position: 0 0; } }
@media (prefers-reduced-motion: reduce) {
  .skeleton-block { animation: none; }
  .card { transition: none; }
}

/* Empty state */
.empty { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 48px 16px; text-align: center; color: var(--ac-muted); }
.empty-title { margin: 8px 0 0; font-size: 16px; font-weight: 600; color: var(--sso-color-text); }
.empty-hint { margin: 0; font-size: 13px; }
.text-button { margin-top: 8px; padding: 6px 14px; border: 1px solid var(--ac-border); border-radius: 16px; background: var(--ac-surface); color: var(--ac-primary); cursor: pointer; }

@container app-center (max-width: 480px) {
  .top-bar { gap: 8px; }
  .logo { max-width: 72px; }
  /* Only the avatar shows; the name stays the button's accessible name. */
  .username { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .heading { font-size: 19px; }
  .search { max-width: none; flex-basis: 100%; }
  .grid { gap: 10px; }
  .card { min-height: 72px; padding: 12px; }
}
`;
