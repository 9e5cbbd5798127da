// Where a form's errors are seen and heard. The error of a field stays under that field (field.tsx,
// light-dom-credentials.tsx); an error of the form as a whole (wrong password, a locked account, a
// refused change) shows here, inside the form, next to its button, instead of as a toast at the top
// of the page (or under a dialog's backdrop). Both live regions are always in the tree, so a screen
// reader announces a message the moment it appears: the form error assertively, the field errors
// (also shown under their fields) politely.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { FieldErrors } from '../login-context/login-store.ts';
import { showErrors, type FormState } from './form-state.ts';
import { FIELD_ERRORS_SEPARATOR } from '../sso-login.messages.ts';

/** A form's errors from its store, for rendering; emptied when the form leaves the page. */
export function useFormState(form: FormState): { errors: FieldErrors; formError: string | null } {
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  useEffect(() => () => showErrors(form, {}), [form]);
  return { errors, formError };
}

interface FormErrorsProps {
  /** The error of the form as a whole, shown and announced; null when there is none. */
  formError: string | null;
  /** The field errors, announced once more through a polite live region. */
  fieldErrors: FieldErrors;
}

export function FormErrors({ formError, fieldErrors }: FormErrorsProps) {
  const fieldText = Object.values(fieldErrors).filter(Boolean).join(FIELD_ERRORS_SEPARATOR);
  return (
    <>
      <p className="sso-form-error" role="alert" data-empty={formError ? 'false' : 'true'} part="form-error">
        {formError ?? ''}
      </p>
      <p className="sso-visually-hidden" aria-live="polite" data-live="field-errors">
        {fieldText}
      </p>
    </>
  );
}
