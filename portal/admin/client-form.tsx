// Create or edit an OpenID Connect client: every field of POST /console/clients/save. Editing sends
// the row's updatedAt as expectedUpdatedAt (null when creating): a save over someone else's change is
// refused with 409 AU00603 and the form offers to reload.
import type { ConsoleClient, SavedClient } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { ScopeCheckboxes } from './scope-checkboxes.tsx';
import { CLIENT_SCOPES } from '../../contract/rules/client-scopes.ts';
import { linesOf, orNull, textOfLines } from './format.ts';
import { ClientFormText as T } from './clients.messages.ts';

interface ClientDraft {
  clientId: string;
  name: string;
  public: boolean;
  redirectUris: string;
  postLogoutRedirectUris: string;
  backchannelLogoutUri: string;
  initiateLoginUri: string;
  groups: string[];
  consent: boolean;
  scopes: string[];
}

function draftOf(client: ConsoleClient | null): ClientDraft {
  return {
    clientId: client?.clientId ?? '',
    name: client?.name ?? '',
    public: client?.public ?? false,
    redirectUris: textOfLines(client?.redirectUris ?? []),
    postLogoutRedirectUris: textOfLines(client?.postLogoutRedirectUris ?? []),
    backchannelLogoutUri: client?.backchannelLogoutUri ?? '',
    initiateLoginUri: client?.initiateLoginUri ?? '',
    groups: [...(client?.groups ?? [])],
    consent: client?.consent ?? false,
    scopes: [...(client?.scopes ?? CLIENT_SCOPES)],
  };
}

/** An absolute URI (any scheme: native apps register their own), without spaces. */
function uriProblem(text: string): string | null {
  if (text.length > 2048) return T.uriTooLong;
  if (/\s/.test(text)) return T.uriSpaces;
  try {
    new URL(text);
    return null;
  } catch {
    return T.notAUri;
  }
}

function linesProblem(text: string, label: string, options: { min?: number; max: number }): string | null {
  const lines = linesOf(text);
  if ((options.min ?? 0) > lines.length) return T.atLeastOne(label);
  if (lines.length > options.max) return T.tooMany(label, options.max);
  for (const line of lines) {
    const problem = uriProblem(line);
    if (problem) return T.badLine(label, line, problem);
  }
  return null;
}

function validate(draft: ClientDraft): FieldErrors {
  const errors: FieldErrors = {};
  const id = draft.clientId.trim();
  if (!id) errors.clientId = T.requiredClientId;
  else if (id.length > 128) errors.clientId = T.clientIdTooLong;
  else if (/\s/.test(id)) errors.clientId = T.clientIdSpaces;
  if (draft.name.trim().length > 64) errors.name = T.nameTooLong;
  const redirect = linesProblem(draft.redirectUris, T.redirectUri, { min: 1, max: 20 });
  if (redirect) errors.redirectUris = redirect;
  const postLogout = linesProblem(draft.postLogoutRedirectUris, T.postLogoutUri, { max: 20 });
  if (postLogout) errors.postLogoutRedirectUris = postLogout;
  for (const key of ['backchannelLogoutUri', 'initiateLoginUri'] as const) {
    const value = draft[key].trim();
    const problem = value ? uriProblem(value) : null;
    if (problem) errors[key] = problem;
  }
  return errors;
}

interface ClientFormProps {
  client: ConsoleClient | null;
  onSaved(saved: SavedClient): void;
  onCancel(): void;
  /** Reads the list again and returns the current row (for a conflict). */
  reload(): Promise<ConsoleClient | null>;
}

export function ClientForm({ client, onSaved, onCancel, reload }: ClientFormProps) {
  const form = useConsoleForm({
    row: client,
    draftOf,
    validate,
    save: (draft, expectedUpdatedAt) => api.post('/console/clients/save', {
      json: {
        clientId: draft.clientId.trim(),
        name: orNull(draft.name),
        public: draft.public,
        redirectUris: linesOf(draft.redirectUris),
        postLogoutRedirectUris: linesOf(draft.postLogoutRedirectUris),
        backchannelLogoutUri: orNull(draft.backchannelLogoutUri),
        initiateLoginUri: orNull(draft.initiateLoginUri),
        groups: draft.groups,
        consent: draft.consent,
        scopes: CLIENT_SCOPES.filter((scope) => draft.scopes.includes(scope)),
        expectedUpdatedAt,
      },
      quiet: true,
    }),
    onSaved,
    reload,
    goneText: T.gone,
  });
  const { draft, set, errors } = form;
  const creating = client === null;

  const title = creating ? T.titleNew : T.titleEdit(client?.clientId ?? '');
  return (
    <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby="client-form-title">
      <h3 id="client-form-title" tabIndex={-1}>{title}</h3>
      <div className="form__grid">
        <Field label={T.clientId} error={errors.clientId} required hint={creating ? T.clientIdHintNew : T.clientIdHintEdit}>
          {(control) => <input {...control} value={draft.clientId} readOnly={!creating} maxLength={128} onChange={(event) => set('clientId', event.target.value)} />}
        </Field>
        <Field label={T.name} error={errors.name}>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      <fieldset className="choices">
        <legend>{T.kind}</legend>
        <label className="check"><input type="radio" name="client-kind" checked={!draft.public} onChange={() => set('public', false)} />{T.confidential}</label>
        <label className="check"><input type="radio" name="client-kind" checked={draft.public} onChange={() => set('public', true)} />{T.public}</label>
      </fieldset>
      <Field label={T.redirectUris} error={errors.redirectUris} required hint={T.redirectUrisHint}>
        {(control) => <textarea {...control} rows={3} value={draft.redirectUris} onChange={(event) => set('redirectUris', event.target.value)} />}
      </Field>
      <Field label={T.postLogoutUris} error={errors.postLogoutRedirectUris} hint={T.postLogoutUrisHint}>
        {(control) => <textarea {...control} rows={2} value={draft.postLogoutRedirectUris} onChange={(event) => set('postLogoutRedirectUris', event.target.value)} />}
      </Field>
      <div className="form__grid">
        <Field label={T.backchannelLogoutUri} error={errors.backchannelLogoutUri} hint={T.backchannelLogoutUriHint}>
          {(control) => <input {...control} value={draft.backchannelLogoutUri} onChange={(event) => set('backchannelLogoutUri', event.target.value)} />}
        </Field>
        <Field label={T.initiateLoginUri} error={errors.initiateLoginUri} hint={T.initiateLoginUriHint}>
          {(control) => <input {...control} value={draft.initiateLoginUri} onChange={(event) => set('initiateLoginUri', event.target.value)} />}
        </Field>
      </div>
      <GroupCheckboxes legend={T.groups} hint={T.groupsHint} selected={draft.groups} onChange={(groups) => set('groups', groups)} />
      <CheckField label={T.consent} checked={draft.consent} onChange={(on) => set('consent', on)} />
      <ScopeCheckboxes selected={draft.scopes} onChange={(scopes) => set('scopes', scopes)} />
      <ConsoleFormFooter form={form} submitLabel={creating ? T.create : T.save} onCancel={onCancel} />
    </form>
  );
}
