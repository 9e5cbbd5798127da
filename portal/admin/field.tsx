// A labelled form field: the label, the control (given its id and described-by), a hint and the
// field's error under it (aria-invalid on the control).
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  children(control: ControlProps): ReactNode;
}

export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <span className="field__label-row">
        <label htmlFor={id} className="field__label">{label}</label>
        {required ? <span className="field__required" aria-hidden="true">*</span> : null}
      </span>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true } : {}) })}
      {hint ? <p id={hintId} className="field__hint">{hint}</p> : null}
      {error ? <p id={errorId} className="field__error">{error}</p> : null}
    </div>
  );
}

/** A checkbox with its label after it. */
export function CheckField({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange(checked: boolean): void; hint?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} {...(hint ? { 'aria-describedby': `${id}-hint` } : {})} />
      <label htmlFor={id}>{label}</label>
      {hint ? <p id={`${id}-hint`} className="field__hint">{hint}</p> : null}
    </div>
  );
}
