// The user menu: the username on the button, the exit command inside.
import { useId } from 'react';
import { ChevronDownIcon, ExitIcon } from './icons.tsx';
import { useMenu } from './use-menu.ts';
import { appCenterMessages as m } from './app-center.messages.ts';

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
        <span className="menu-button-text username" part="username">{username}</span>
        <ChevronDownIcon />
      </button>
      {menu.open && (
        <div {...menu.menuProps} id={menuId} className="menu-list align-end" part="user-menu" aria-label={username}>
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
      )}
    </div>
  );
}
