// Notices of one element instance: toasts and the system-prompt dialogs (alert, confirm, prompt).
// State lives in nanostores atoms; <NoticeLayer> renders them inside the element's shadow root.
import { atom, type ReadableAtom } from 'nanostores';
import { TOAST_DURATION_MS } from './config.ts';

export type ToastType = 'info' | 'warning' | 'success' | 'error';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

export type DialogKind = 'alert' | 'confirm' | 'prompt';

export interface DialogRequest {
  id: number;
  kind: DialogKind;
  text: string;
  label?: string;
  /** Button texts other than 确定 / 取消, when the message names its action (424: 重新登录). */
  okLabel?: string;
  cancelLabel?: string;
  /** Called once by the layer: true / the typed text for 确定, false / null for 取消 or Esc. */
  settle(result: { ok: boolean; value?: string }): void;
}

export interface DialogButtons {
  okLabel?: string;
  cancelLabel?: string;
}

export interface NoticeCenter {
  toast(type: ToastType, text: string): void;
  alert(text: string): Promise<void>;
  confirm(text: string, buttons?: DialogButtons): Promise<boolean>;
  prompt(text: string, options?: { label?: string }): Promise<string | null>;
  /** Toasts on screen, oldest first. */
  $toasts: ReadableAtom<Toast[]>;
  /** Dialogs waiting; the first one is shown. */
  $dialogs: ReadableAtom<DialogRequest[]>;
  dismissToast(id: number): void;
}

export function createNoticeCenter(): NoticeCenter {
  const $toasts = atom<Toast[]>([]);
  const $dialogs = atom<DialogRequest[]>([]);
  let nextId = 1;

  function dismissToast(id: number): void {
    $toasts.set($toasts.get().filter((toast) => toast.id !== id));
  }

  function open<T>(kind: DialogKind, text: string, map: (r: { ok: boolean; value?: string }) => T, label?: string, buttons: DialogButtons = {}): Promise<T> {
    return new Promise<T>((resolve) => {
      const id = nextId++;
      const request: DialogRequest = {
        id,
        kind,
        text,
        ...(label !== undefined ? { label } : {}),
        ...(buttons.okLabel !== undefined ? { okLabel: buttons.okLabel } : {}),
        ...(buttons.cancelLabel !== undefined ? { cancelLabel: buttons.cancelLabel } : {}),
        settle(result) {
          $dialogs.set($dialogs.get().filter((dialog) => dialog.id !== id));
          resolve(map(result));
        },
      };
      $dialogs.set([...$dialogs.get(), request]);
    });
  }

  return {
    $toasts,
    $dialogs,
    dismissToast,
    toast(type, text) {
      const id = nextId++;
      $toasts.set([...$toasts.get(), { id, type, text }]);
      setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
    },
    alert: (text) => open('alert', text, () => undefined),
    confirm: (text, buttons) => open('confirm', text, (r) => r.ok, undefined, buttons),
    prompt: (text, options) => open('prompt', text, (r) => (r.ok ? (r.value ?? '') : null), options?.label),
  };
}
