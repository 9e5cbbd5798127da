// Create or edit a CAS service (POST /console/protocol-apps/cas/save) or a SAML service provider
// from its pasted metadata (POST /console/protocol-apps/saml/save). Editing sends the row's
// updatedAt as expectedUpdatedAt (null when creating): a save over someone else's change is refused
// with 409 AU00603 and the form offers to reload. The fields are checked here first with the
// server's rules (an exact URL or a prefix ending in *, never a regular expression; no DOCTYPE);
// the server checks them again and its refusal is shown in the form.
import { useRef, useState, type FormEvent } from 'react';
import type { ConsoleProtocolApp } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { CheckField, Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, focusFirstInvalid, type FieldErrors } from './form-error.tsx';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { isConflict, ReloadOffer } from './conflict.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';
import { ProtocolAppFormText as T, ProtocolAppListText } from './clients.messages.ts';

export type ProtocolKind = ConsoleProtocolApp['protocol'];

const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_METADATA_CHARS = 256 * 1024;

interface ProtocolDraft {
  id: string;
  name: string;
  services: string;
  metadata: string;
  nameIdFormat: 'persistent' | 'unspecified';
  signResponse: boolean;
  groups: string[];
}

function draftOf(app: ConsoleProtocolApp | null): ProtocolDraft {
  return {
    id: app?.id ?? '',
    name: app?.name ?? '',
    services: textOfLines(app?.services ?? []),
    metadata: app?.saml?.metadata ?? '',
    nameIdFormat: app?.saml?.nameIdFormat ?? 'persistent',
    signResponse: app?.saml?.signResponse ?? false,
    groups: [...(app?.groups ?? [])],
  };
}

/** The server's rule for one service pattern (server/cas/service-patterns.ts), in Chinese. */
export function servicePatternProblem(pattern: string): string | null {
  if (pattern.length > 2048) return T.pattern.tooLong;
  const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
  const text = prefix ?? pattern;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return T.pattern.notAUrl;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || /[\s\\]/.test(text) || text.includes('*') || url.username || url.password) {
    return T.pattern.badUrl;
  }
  if (text.includes('#')) return T.pattern.fragment;
  if (prefix !== null && !text.startsWith(`${url.origin}/`)) return T.pattern.prefixWithoutPath(url.origin);
  return null;
}

function validate(kind: ProtocolKind, draft: ProtocolDraft): FieldErrors {
  const errors: FieldErrors = {};
  const id = draft.id.trim();
  if (!id) errors.id = T.requiredId;
  else if (!ID_PATTERN.test(id)) errors.id = T.badId;
  if (draft.name.trim().length > 64) errors.name = T.nameTooLong;
  if (kind === 'cas') {
    const lines = linesOf(draft.services);
    if (lines.length === 0) errors.services = T.noServices;
    else if (lines.length > 20) errors.services = T.tooManyServices;
    else {
      for (const line of lines) {
        const problem = servicePatternProblem(line);
        if (problem) {
          errors.services = T.badService(line, problem);
          break;
        }
      }
    }
  } else {
    const metadata = draft.metadata.trim();
    if (!metadata) errors.metadata = T.noMetadata;
    else if (metadata.length > MAX_METADATA_CHARS) errors.metadata = T.metadataTooLong;
    else if (/<!DOCTYPE|<!ENTITY/i.test(metadata)) errors.metadata = T.metadataDoctype;
    else if (!/<(?:[\w-]+:)?EntityDescriptor[\s>]/.test(metadata)) errors.metadata = T.notMetadata;
  }
  return errors;
}

interface ProtocolAppFormProps {
  kind: ProtocolKind;
  app: ConsoleProtocolApp | null;
  onSaved(app: ConsoleProtocolApp): void;
  onCancel(): void;
  /** Reads the list again and returns the current row (for a conflict). */
  reload(): Promise<ConsoleProtocolApp | null>;
}

export function ProtocolAppForm({ kind, app, onSaved, onCancel, reload }: ProtocolAppFormProps) {
  const [base, setBase] = useState(app);
  const [draft, setDraft] = useState(() => draftOf(app));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const creating = base === null && app === null;
  const set = <K extends keyof ProtocolDraft>(key: K, value: ProtocolDraft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const what = kind === 'cas' ? ProtocolAppListText.casService : ProtocolAppListText.samlApp;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(kind, draft);
    setErrors(found);
    setConflict(false);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusFirstInvalid(formRef.current);
      return;
    }
    const common = { id: draft.id.trim(), name: orNull(draft.name), groups: draft.groups, expectedUpdatedAt: base?.updatedAt ?? null };
    const saved = await action.run(
      () => kind === 'cas'
        ? api.post('/console/protocol-apps/cas/save', { json: { ...common, services: linesOf(draft.services) }, quiet: true })
        : api.post('/console/protocol-apps/saml/save', {
          json: { ...common, metadata: draft.metadata.trim(), nameIdFormat: draft.nameIdFormat, signResponse: draft.signResponse },
          quiet: true,
        }),
      (error) => {
        if (isConflict(error)) setConflict(true);
        return false;
      },
    );
    if (saved) onSaved(saved);
  }

  async function reloadRow() {
    const fresh = await reload();
    setBase(fresh);
    setDraft(draftOf(fresh));
    setConflict(false);
    action.setError(fresh ? null : T.gone(what));
  }

  const titleId = 'protocol-app-form-title';
  const title = creating ? T.titleNew(what) : T.titleEdit(what, app?.id ?? '');
  return (
    <form ref={formRef} className="form panel" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} tabIndex={-1}>{title}</h3>
      <div className="form__grid">
        <Field label={T.id} error={errors.id} required hint={creating ? T.idHintNew : T.idHintEdit}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={64} autoComplete="off" onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label={T.name} error={errors.name} hint={T.nameHint}>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      {kind === 'cas' ? (
        <Field label={T.services} error={errors.services} required hint={T.servicesHint}>
          {(control) => <textarea {...control} rows={3} value={draft.services} spellCheck={false} onChange={(event) => set('services', event.target.value)} />}
        </Field>
      ) : (
        <>
          <Field label={T.metadata} error={errors.metadata} required hint={T.metadataHint}>
            {(control) => <textarea {...control} rows={8} value={draft.metadata} spellCheck={false} onChange={(event) => set('metadata', event.target.value)} />}
          </Field>
          <Field label={T.nameIdFormat} hint={T.nameIdFormatHint}>
            {(control) => (
              <select {...control} value={draft.nameIdFormat} onChange={(event) => set('nameIdFormat', event.target.value === 'unspecified' ? 'unspecified' : 'persistent')}>
                <option value="persistent">{T.persistent}</option>
                <option value="unspecified">{T.unspecified}</option>
              </select>
            )}
          </Field>
          <CheckField label={T.signResponse} hint={T.signResponseHint} checked={draft.signResponse} onChange={(on) => set('signResponse', on)} />
        </>
      )}
      <GroupCheckboxes legend={T.groups} hint={T.groupsHint} selected={draft.groups} onChange={(groups) => set('groups', groups)} />
      <FormError text={action.error} fieldErrors={errors}>
        {conflict ? <ReloadOffer onReload={reloadRow} /> : null}
      </FormError>
      <div className="form__actions">
        <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={T.saving}>{creating ? T.create(what) : T.save}</BusyButton>
        <button type="button" className="btn btn--plain" onClick={onCancel} disabled={action.busy}>{T.cancel}</button>
      </div>
    </form>
  );
}
