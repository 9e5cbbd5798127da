// Credential inputs in the light DOM, slotted into the shadow root. Browser autofill and extension
// password managers scan the document, not shadow roots: an <input> inside the shadow root stays
// invisible to most of them (the years-long complaint about embedded logins). So the username and
// password inputs are real children of <sso-login> (slot="sso-credential-<name>"), shown inside
// the login box through a <slot>, styled with ::slotted() from the element's own sheet (no inline
// styles). The shadow side keeps the visible label and the error message; the input carries the
// label as aria-label and the error through aria-describedby on a hidden light-DOM copy (neither
// a label nor aria-describedby can point across the shadow boundary).
//
// Values are read from the inputs at submit time, so a manager that fills without input events
// still gets its value submitted. Enter in a light input submits the shadow form.
//
// Each view's light inputs belong to one real light-DOM <form> (useLightForm), a hidden child of
// <sso-login>, through the input's form= attribute: a slotted input cannot sit inside a <form>
// element (only direct children of the host are slotted), but its form owner is what Chromium,
// Safari and the managers group fields by, and Chromium then logs no "Password field is not
// contained in a form". A submit of that form (Enter, a manager's auto-submit) runs the shadow form.
import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { moveKeepingFocus, takeFirstPaintInput } from '../first-paint/first-paint-takeover.ts';

export const LIGHT_SLOT_PREFIX = 'sso-credential-';

/** The light-DOM form of one view and the shadow form that really handles its submit. */
export interface LightForm {
  /** The id of the light <form>; the light inputs point at it with form=. */
  id: string;
  /** The shadow form a submit of the light form (Enter, a password manager) runs. */
  shadow: RefObject<HTMLFormElement | null>;
}

/**
 * Creates the hidden light-DOM <form name=...> of a view under `host` for as long as the view is
 * shown. It has no slot, so it renders nothing; the inputs join it through form=.
 */
export function useLightForm(host: () => HTMLElement | null, name: string, shadow: RefObject<HTMLFormElement | null>): LightForm {
  // Unique in the document: two <sso-login> on one page each get their own forms.
  const id = `sso-credentials${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-${name}`;
  useLayoutEffect(() => {
    const element = host();
    if (!element) return undefined;
    const form = document.createElement('form');
    form.id = id;
    form.name = name;
    form.method = 'post';
    form.noValidate = true;
    form.setAttribute('data-sso-credential-form', name);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      shadow.current?.requestSubmit();
    });
    element.appendChild(form);
    return () => form.remove();
  }, [host, id, name, shadow]);
  return { id, shadow };
}

/** Submits the light form of `input` (its submit event runs the shadow form), else the shadow form. */
function submitFrom(input: HTMLInputElement, form: LightForm): void {
  if (input.form) input.form.requestSubmit();
  else form.shadow.current?.requestSubmit();
}

export interface LightFieldProps {
  /** The <sso-login> element whose light DOM receives the input. */
  host: () => HTMLElement | null;
  label: string;
  name: string;
  type?: 'text' | 'password';
  autoComplete: string;
  defaultValue?: string;
  error?: string | undefined;
  /** The light form the input belongs to (useLightForm); a press of Enter submits it. */
  form: LightForm;
  /** Receives the input, so the form can read its value at submit time. */
  inputRef: RefObject<HTMLInputElement | null>;
  autoCapitalize?: string;
  spellCheck?: boolean;
  /** Called with the value when the input loses focus (the register view checks the username then). */
  onBlur?: (value: string) => void;
}

/**
 * Makes `input` the light input of `props`: a new one, or the first paint's (first-paint/first-paint.ts), which
 * already holds what the user typed before React came.
 */
function setUpLightInput(input: HTMLInputElement, props: LightFieldProps): HTMLInputElement {
  input.type = props.type ?? 'text';
  input.name = props.name;
  input.autocomplete = props.autoComplete as AutoFill;
  input.className = 'sso-input';
  input.slot = LIGHT_SLOT_PREFIX + props.name;
  input.setAttribute('form', props.form.id);
  input.setAttribute('aria-label', props.label);
  input.setAttribute('data-sso-credential', props.name);
  if (props.autoCapitalize) input.setAttribute('autocapitalize', props.autoCapitalize);
  if (props.spellCheck === false) input.spellcheck = false;
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    submitFrom(input, props.form);
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
    const drawn = takeFirstPaintInput(element, name);
    const input = setUpLightInput(drawn ?? document.createElement('input'), propsRef.current);
    input.addEventListener('blur', () => propsRef.current.onBlur?.(input.value));
    if (drawn) {
      // Typed before React came: the value, the focus and the selection stay.
      moveKeepingFocus(element, drawn);
    } else {
      input.value = propsRef.current.defaultValue ?? '';
      element.appendChild(input);
    }
    inputRef.current = input;
    return () => {
      input.remove();
      if (inputRef.current === input) inputRef.current = null;
    };
  }, [host, name, inputRef]);

  // A later default (the username after a registration) replaces the value; the first one was set
  // with the input above, and must not empty what was typed into the first paint.
  const shownDefault = useRef(defaultValue);
  useEffect(() => {
    if (defaultValue === shownDefault.current) return;
    shownDefault.current = defaultValue;
    if (inputRef.current && defaultValue !== undefined) inputRef.current.value = defaultValue;
  }, [defaultValue, inputRef]);

  // The error as the input's description: aria-describedby cannot point into the shadow root, so
  // it points at a hidden light-DOM copy of the message (the visible one is under the field).
  const describedById = `${props.form.id}-${name}-error`;
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !error) return undefined;
    const description = document.createElement('span');
    description.id = describedById;
    description.hidden = true;
    description.textContent = error;
    description.setAttribute('data-sso-credential-error', name);
    input.after(description);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', describedById);
    return () => {
      description.remove();
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    };
  }, [error, inputRef, describedById, name]);

  return (
    <div className="sso-field">
      {/* A click on the label focuses the light input, as a for= label would. */}
      <label className="sso-label" onClick={() => inputRef.current?.focus()}>
        {label}
      </label>
      <slot name={LIGHT_SLOT_PREFIX + name} />
      {error ? (
        // Announced by the form's live region (form-errors.tsx), which exists before the error does.
        <p className="sso-field-error" data-field={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A hidden light-DOM username for a step that asks only for passwords (the change-password
 * dialog): password managers pair the new password with this account when they offer to save it.
 */
export function HiddenUsername({ host, username, form }: { host: () => HTMLElement | null; username: string; form: LightForm }) {
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
    input.setAttribute('form', form.id);
    element.appendChild(input);
    return () => input.remove();
  }, [host, username, form.id]);
  return null;
}
