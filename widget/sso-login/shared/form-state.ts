// What a form shows besides its inputs, kept in the login stores like the rest of a view's state:
// the errors under their fields and the error of the form as a whole (shared/form-errors.tsx shows
// both). One per form and <sso-login> instance, made on first use; the form's component empties it
// when the form leaves the page (shared/form-errors.tsx, useFormState), so a form comes back clean.
import { atom, type WritableAtom } from 'nanostores';
import type { FieldErrors } from '../login-context/login-store.ts';

export interface FormState {
  /** The errors under their fields (and announced politely). */
  $errors: WritableAtom<FieldErrors>;
  /** The error of the form as a whole, shown next to its button; null when there is none. */
  $formError: WritableAtom<string | null>;
}

const forms = new WeakMap<object, Map<string, FormState>>();

/** The state of form `name` of the instance whose login context is `context`. */
export function formState(context: object, name: string): FormState {
  let mine = forms.get(context);
  if (!mine) forms.set(context, (mine = new Map()));
  let form = mine.get(name);
  if (!form) mine.set(name, (form = { $errors: atom<FieldErrors>({}), $formError: atom<string | null>(null) }));
  return form;
}

/** Shows `errors` under their fields and `formError` (none by default) next to the button. */
export function showErrors(form: FormState, errors: FieldErrors, formError: string | null = null): void {
  form.$errors.set(errors);
  form.$formError.set(formError);
}

/** Adds a verdict on some fields (a code send's; undefined clears a field's error) to the errors shown. */
export function mergeErrors(form: FormState, errors: FieldErrors): void {
  form.$errors.set({ ...form.$errors.get(), ...errors });
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
