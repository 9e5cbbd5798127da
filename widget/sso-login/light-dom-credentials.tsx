// Credential inputs in the light DOM, slotted into the shadow root. Browser autofill and extension
// password managers scan the document, not shadow roots: an <input> inside the shadow root stays
// invisible to most of them (the years-long complaint about embedded logins). So the username and
// password inputs are real children of <sso-login> (slot="sso-credential-<name>"), shown inside
// the login box through a <slot>, styled with ::slotted() from the element's own sheet (no inline
// styles). The shadow side keeps the visible label and the error message; the input carries the
// same text as aria-label (a label cannot point across the shadow boundary).
//
// Values are read from the inputs at submit time, so a manager that fills without input events
// still gets its value submitted. Enter in a light input submits the shadow form.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

export const LIGHT_SLOT_PREFIX = 'sso-credential-';

export interface LightFieldProps {
  /** The <sso-login> element whose light DOM receives the input. */
  host: () => HTMLElement | null;
  label: string;
  name: string;
  type?: 'text' | 'password';
  autoComplete: string;
  defaultValue?: string;
  error?: string | undefined;
  /** The form a press of Enter submits. */
  form: RefObject<HTMLFormElement | null>;
  /** Receives the input, so the form can read its value at submit time. */
  inputRef: RefObject<HTMLInputElement | null>;
  autoCapitalize?: string;
  spellCheck?: boolean;
  /** Called with the value when the input loses focus (the register view checks the username then). */
  onBlur?: (value: string) => void;
}

function createLightInput(props: LightFieldProps): HTMLInputElement {
  const input = document.createElement('input');
  input.type = props.type ?? 'text';
  input.name = props.name;
  input.autocomplete = props.autoComplete as AutoFill;
  input.className = 'sso-input';
  input.slot = LIGHT_SLOT_PREFIX + props.name;
  input.setAttribute('aria-label', props.label);
  input.setAttribute('data-sso-credential', props.name);
  if (props.autoCapitalize) input.setAttribute('autocapitalize', props.autoCapitalize);
  if (props.spellCheck === false) input.spellcheck = false;
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    props.form.current?.requestSubmit();
  });
  return input;
}

export function LightField(props: LightFieldProps) {
  const { host, label, name, error, inputRef, defaultValue } = props;
  const propsRef = useRef(props);
  propsRef.current = props;

  // Layout effect: the input exists before the first paint, so the box never renders empty.
  useLayoutEffect(() => {
    const element = host();
    if (!element) return undefined;
    const input = createLightInput(propsRef.current);
    input.value = propsRef.current.defaultValue ?? '';
    input.addEventListener('blur', () => propsRef.current.onBlur?.(input.value));
    element.appendChild(input);
    inputRef.current = input;
    return () => {
      input.remove();
      if (inputRef.current === input) inputRef.current = null;
    };
  }, [host, name, inputRef]);

  useEffect(() => {
    if (inputRef.current && defaultValue !== undefined) inputRef.current.value = defaultValue;
  }, [defaultValue, inputRef]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (error) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-description', error);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-description');
    }
  }, [error, inputRef]);

  return (
    <div className="sso-field">
      {/* A click on the label focuses the light input, as a for= label would. */}
      <label className="sso-label" onClick={() => inputRef.current?.focus()}>
        {label}
      </label>
      <slot name={LIGHT_SLOT_PREFIX + name} />
      {error ? (
        <p className="sso-field-error" data-field={name} aria-live="polite">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** ::slotted() styles for the light inputs: the same look as the shadow .sso-input. */
export const lightCredentialStyles = /* css */ `
::slotted(input.sso-input) {
  box-sizing: border-box; width: 100%; min-height: 40px; padding: 0 12px; margin: 0;
  border-radius: var(--sso-radius); border: 1px solid var(--sso-color-border);
  font: inherit; color: var(--sso-color-text); background: #fff;
}
::slotted(input.sso-input[aria-invalid="true"]) { border-color: var(--sso-color-error); }
::slotted(input.sso-input:focus-visible) {
  outline: 2px solid var(--sso-color-primary); outline-offset: 2px; box-shadow: var(--sso-focus-ring);
}
`;

/**
 * A hidden light-DOM username for a step that asks only for passwords (the change-password
 * dialog): password managers pair the new password with this account when they offer to save it.
 */
export function HiddenUsername({ host, username }: { host: () => HTMLElement | null; username: string }) {
  useLayoutEffect(() => {
    const element = host();
    if (!element) return undefined;
    const input = document.createElement('input');
    input.type = 'text';
    input.name = 'username';
    input.autocomplete = 'username';
    input.value = username;
    input.hidden = true;
    input.tabIndex = -1;
    input.setAttribute('aria-hidden', 'true');
    input.setAttribute('data-sso-credential', 'username');
    element.appendChild(input);
    return () => input.remove();
  }, [host, username]);
  return null;
}
