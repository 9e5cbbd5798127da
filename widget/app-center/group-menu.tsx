// The client-group dropdown: the button shows the current group's name; the menu lists the others.
import { useId } from 'react';
import type { ClientGroupSummary } from './stores/app-center-types.ts';
import { ChevronDownIcon } from './icons.tsx';
import { useMenu } from './use-menu.ts';
import { appCenterMessages as m } from './app-center.messages.ts';

interface GroupMenuProps {
  currentName: string;
  others: readonly ClientGroupSummary[];
  onChoose: (group: ClientGroupSummary) => void;
}

export function GroupMenu({ currentName, others, onChoose }: GroupMenuProps) {
  const menu = useMenu();
  const menuId = useId();
  if (others.length === 0) {
    return <span className="group-name" part="group-name" title={currentName}>{currentName}</span>;
  }
  return (
    <div className="menu group-menu" ref={menu.rootRef}>
      <button {...menu.buttonProps} className="menu-button" part="group-button" aria-controls={menu.open ? menuId : undefined}>
        <span className="menu-button-text" title={currentName}>{currentName}</span>
        <span className="sso-visually-hidden">{m.groupMenuHint(m.groupMenuTitle)}</span>
        <ChevronDownIcon />
      </button>
      {menu.open && (
        <div {...menu.menuProps} id={menuId} className="menu-list" part="group-menu" aria-label={m.groupMenuTitle}>
          {others.map((group) => (
            <button
              key={group.code}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-item"
              part="group-item"
              onClick={() => {
                menu.close(false);
                onChoose(group);
              }}
            >
              {group.name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
