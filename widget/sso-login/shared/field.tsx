// One labelled input with its error message. Inputs are uncontrolled: forms read their values
// at submit time, so a password manager that fills without input events still works.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  name: string;
  error?: string | undefined;
  /** Rendered after the input on the same row (the send-code button). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Field({ label, error, addon, ref, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = (
    <input
      ref={ref}
      id={id}
      className="sso-input"
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={error ? errorId : undefined}
      part="input"
      {...input}
    />
  );
  return (
    <div className="sso-field">
      <label className="sso-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="sso-inline">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={errorId} className="sso-field-error" data-field={input.name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function formValues<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}
