// The user menu: the username on the button (only the avatar below about 480 px), and inside the
// open menu a first, non-interactive line with the username (outside role="menu", so every width
// shows who is signed in and the menu keeps only menu items), then 我的账号 (the /account page) and
// the exit command.
import { useId } from 'react';
import { ChevronDownIcon, ExitIcon } from './icons.tsx';
import { useMenu } from './use-menu.ts';
import { appCenterMessages as m } from './app-center.messages.ts';

/** A person's own account page on the portal (portal/account/). */
export const ACCOUNT_ROUTE = '/account';

interface UserMenuProps {
  username: string;
  exiting: boolean;
  onExit: () => void;
}

export function UserMenu({ username, exiting, onExit }: UserMenuProps) {
  const menu = useMenu();
  const menuId = useId();
  const initial = Array.from(username.trim())[0]?.toUpperCase() ?? '';
  return (
    <div className="menu user-menu" ref={menu.rootRef}>
      <button {...menu.buttonProps} className="menu-button" part="user-button" aria-controls={menu.open ? menuId : undefined}>
        <span className="avatar" part="avatar" aria-hidden="true">{initial}</span>
        <span className="menu-button-text username" part="username" title={username}>{username}</span>
        <ChevronDownIcon />
      </button>
      {menu.open && (
        <div className="menu-list align-end" part="user-menu">
          <p className="menu-user" part="menu-username">{username}</p>
          <div {...menu.menuProps} id={menuId} className="menu-items" aria-label={username}>
            <a role="menuitem" tabIndex={-1} className="menu-item" part="account" href={ACCOUNT_ROUTE} onClick={() => menu.close(false)}>
              {m.account}
            </a>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              part="exit"
              disabled={exiting}
              onClick={() => {
                menu.close(false);
                onExit();
              }}
            >
              <ExitIcon />
              {exiting ? m.exiting : m.exit}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
