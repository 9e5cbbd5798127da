// Keyboard and pointer behaviour of a menu button (WAI-ARIA menu button pattern): the button opens
// the menu with Enter, Space, ArrowDown (first item) or ArrowUp (last item); inside, arrows move,
// Home/End jump, Escape closes and gives focus back to the button, Tab closes and moves on; a
// pointer press outside closes it. composedPath() is used because the menu lives in a shadow root.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

type FocusTarget = 'first' | 'last';

export function useMenu() {
  const [open, setOpen] = useState(false);
  const initialFocus = useRef<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = useCallback(
    () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
    [],
  );

  useEffect(() => {
    if (!open) return;
    const list = items();
    (initialFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open, items]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openAt = (target: FocusTarget) => {
    initialFocus.current = target;
    setOpen(true);
  };

  const onButtonClick = () => {
    if (open) close(false);
    else openAt('first');
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const list = items();
    const current = list.indexOf(event.target as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return; // let Tab move focus on
      default:
        return;
    }
    event.preventDefault();
  };

  return {
    open,
    close,
    rootRef,
    buttonRef,
    menuRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onClick: onButtonClick,
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { ref: menuRef, role: 'menu' as const, onKeyDown: onMenuKeyDown },
  };
}
