// Top bar: small brand logo and client-group dropdown on the left, user menu on the right.
import type { ComponentType } from 'react';
import type { ClientGroupSummary } from './stores/app-center-types.ts';
import { GroupMenu } from './group-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { appCenterMessages as m } from './app-center.messages.ts';

interface TopBarProps {
  Logo: ComponentType;
  groupName: string;
  otherGroups: readonly ClientGroupSummary[];
  onChooseGroup: (group: ClientGroupSummary) => void;
  username: string;
  exiting: boolean;
  onExit: () => void;
}

export function TopBar(props: TopBarProps) {
  return (
    <nav className="top-bar" part="top-bar" aria-label={m.topBar}>
      <div className="top-bar-start">
        <span className="logo" part="logo">
          <props.Logo />
        </span>
        {props.groupName && (
          <GroupMenu currentName={props.groupName} others={props.otherGroups} onChoose={props.onChooseGroup} />
        )}
      </div>
      {props.username && <UserMenu username={props.username} exiting={props.exiting} onExit={props.onExit} />}
    </nav>
  );
}
