// The one skeleton of the console's edit forms (客户端, CAS / SAML 应用, 客户群, 目录, 应用卡片): each
// form brings its fields, its checks and its call; the skeleton owns what they all do the same way.
// - Submit: the checks first (field errors shown, the focus on the first bad field, nothing sent),
//   then the call through useAction (busy button, sign in again / password again).
// - Editing sends the row's updatedAt as expectedUpdatedAt (null when creating). A save over someone
//   else's change is refused with 409 AU00603: the refusal is shown with the offer to reload
//   (conflict.tsx), which puts the current row into the form, or says the row is gone.
// - A refusal never touches the draft or the field errors: nothing typed is lost.
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { isConflict, ReloadOffer } from './conflict.tsx';
import { ConsoleText } from './console.messages.ts';

export interface ConsoleFormOptions<Row, Draft, Saved> {
  /** The row being edited, or null to create one. */
  row: Row | null;
  draftOf(row: Row | null): Draft;
  /** The form's own checks: a text per bad field (empty: send). */
  validate(draft: Draft): FieldErrors;
  /** The save call; `expectedUpdatedAt` is the version of the row the form holds (null: creating). */
  save(draft: Draft, expectedUpdatedAt: number | null): Promise<Saved>;
  onSaved(saved: Saved): void;
  /** Reads the list again and returns the current row; absent: no reload offer (the row has no version). */
  reload?(): Promise<Row | null>;
  /** Shown after a reload found the row gone. */
  goneText?: string;
  /** What else the form clears when a reload replaces its draft (errors of its own rows ...). */
  afterReload?(): void;
}

export interface ConsoleForm<Draft, Row = unknown> {
  draft: Draft;
  set<K extends keyof Draft>(key: K, value: Draft[K]): void;
  /** Changes several fields at once (a preset). */
  change(update: (before: Draft) => Draft): void;
  errors: FieldErrors;
  /** Holds the last loaded version of the row (the base of expectedUpdatedAt). */
  base: Row | null;
  busy: boolean;
  error: string | null;
  conflict: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  submit(event: FormEvent): Promise<void>;
  reloadRow: (() => Promise<void>) | null;
}

/** The version a save sends as expectedUpdatedAt: the row's updatedAt (null when creating, or for a row without one). */
function versionOf(row: object | null): number | null {
  return row && 'updatedAt' in row && typeof row.updatedAt === 'number' ? row.updatedAt : null;
}

export function useConsoleForm<Row extends object, Draft, Saved>(options: ConsoleFormOptions<Row, Draft, Saved>): ConsoleForm<Draft, Row> {
  const { row, draftOf, validate, save, onSaved, reload, goneText, afterReload } = options;
  const [base, setBase] = useState(row);
  const [draft, setDraft] = useState(() => draftOf(row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    setConflict(false);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    const saved = await action.run(
      () => save(draft, versionOf(base)),
      (error) => {
        if (isConflict(error)) setConflict(true);
        return false;
      },
    );
    if (saved !== undefined) onSaved(saved);
  }

  async function reloadRow() {
    if (!reload) return;
    const fresh = await reload();
    setBase(fresh);
    setDraft(draftOf(fresh));
    setErrors({});
    afterReload?.();
    setConflict(false);
    action.setError(fresh ? null : goneText ?? null);
  }

  return {
    draft,
    set: (key, value) => setDraft((before) => ({ ...before, [key]: value })),
    change: setDraft,
    errors,
    base,
    busy: action.busy,
    error: action.error,
    conflict,
    formRef,
    submit,
    reloadRow: reload ? reloadRow : null,
  };
}

/** The end of every console form: the refusal (with the reload offer on a conflict), save and 取消. */
export function ConsoleFormFooter({ form, submitLabel, onCancel }: {
  form: Pick<ConsoleForm<unknown>, 'error' | 'errors' | 'conflict' | 'reloadRow' | 'busy'>;
  submitLabel: ReactNode;
  onCancel(): void;
}) {
  return (
    <>
      <FormError text={form.error} fieldErrors={form.errors}>
        {form.conflict && form.reloadRow ? <ReloadOffer onReload={form.reloadRow} /> : null}
      </FormError>
      <div className="form__actions">
        <BusyButton type="submit" variant="primary" busy={form.busy} busyLabel={ConsoleText.saving}>{submitLabel}</BusyButton>
        <button type="button" className="btn btn--plain" onClick={onCancel} disabled={form.busy}>{ConsoleText.cancel}</button>
      </div>
    </>
  );
}
