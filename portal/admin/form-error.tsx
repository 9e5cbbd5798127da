// Where a form's errors are heard: the error of the form as a whole (the server's refusal) in an
// assertive region above the buttons, the field errors once more in a polite one. Both regions are
// always in the tree, so a screen reader announces a message the moment it appears.
import type { ReactNode } from 'react';
import { ConsoleText } from './console.messages.ts';

export type FieldErrors = Partial<Record<string, string>>;

export function FormError({ text, fieldErrors = {}, children }: { text: string | null; fieldErrors?: FieldErrors; children?: ReactNode }) {
  const fieldText = Object.values(fieldErrors).filter(Boolean).join(ConsoleText.fieldErrorsSeparator);
  return (
    <>
      <div className="form-error" role="alert" data-empty={text ? 'false' : 'true'}>
        {text ? <p>{text}</p> : null}
        {text ? children : null}
      </div>
      <p className="visually-hidden" aria-live="polite">{fieldText}</p>
    </>
  );
}

/** The first field marked invalid (after a validation that failed): where the focus goes. */
export function firstInvalidField(form: HTMLElement | null): HTMLElement | null {
  return form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}
