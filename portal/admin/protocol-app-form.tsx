// Create or edit a CAS service (POST /console/protocol-apps/cas/save) or a SAML service provider
// (POST /console/protocol-apps/saml/save) from its metadata, pasted or fetched by the server from
// the SP's metadata URL with 获取 (POST /console/protocol-apps/saml/fetch-metadata). Editing sends
// the row's updatedAt as expectedUpdatedAt (null when creating): a save over someone else's change is refused
// with 409 AU00603 and the form offers to reload. The fields are checked here first with the
// server's rules (an exact URL or a prefix ending in *, never a regular expression; no DOCTYPE);
// the server checks them again and its refusal is shown in the form.
import { useState } from 'react';
import { APP_ID_PATTERN } from '../../contract/rules/app-id.ts';
import type { ConsoleProtocolApp } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';
import { ProtocolAppFormText as T, ProtocolAppListText } from './clients.messages.ts';

export type ProtocolKind = ConsoleProtocolApp['protocol'];

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
  else if (!APP_ID_PATTERN.test(id)) errors.id = T.badId;
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
  const what = kind === 'cas' ? ProtocolAppListText.casService : ProtocolAppListText.samlApp;
  const form = useConsoleForm({
    row: app,
    draftOf,
    validate: (draft) => validate(kind, draft),
    save: (draft, expectedUpdatedAt) => {
      const common = { id: draft.id.trim(), name: orNull(draft.name), groups: draft.groups, expectedUpdatedAt };
      return kind === 'cas'
        ? api.post('/console/protocol-apps/cas/save', { json: { ...common, services: linesOf(draft.services) }, quiet: true })
        : api.post('/console/protocol-apps/saml/save', {
          json: { ...common, metadata: draft.metadata.trim(), nameIdFormat: draft.nameIdFormat, signResponse: draft.signResponse },
          quiet: true,
        });
    },
    onSaved,
    reload,
    goneText: T.gone(what),
  });
  const { draft, set, errors } = form;
  const creating = app === null;
  const metadataFetch = useMetadataFetch((metadata) => set('metadata', metadata));

  const titleId = 'protocol-app-form-title';
  const title = creating ? T.titleNew(what) : T.titleEdit(what, app?.id ?? '');
  return (
    <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby={titleId}>
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
          <MetadataUrlField fetch={metadataFetch} />
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
      <ConsoleFormFooter form={form} submitLabel={creating ? T.create(what) : T.save} onCancel={onCancel} />
    </form>
  );
}

/** 获取: the server fetches the SP's metadata from its URL (POST .../saml/fetch-metadata) into the XML field. */
function useMetadataFetch(fill: (metadata: string) => void) {
  const action = useAction();
  const [url, setUrl] = useState('');
  const [note, setNote] = useState('');
  async function run() {
    setNote('');
    if (!url.trim()) {
      action.setError(T.metadataUrlRequired);
      return;
    }
    const fetched = await action.run(() => api.post('/console/protocol-apps/saml/fetch-metadata', { json: { url: url.trim() }, quiet: true }));
    if (!fetched) return;
    fill(fetched.metadata);
    setNote(T.metadataFetched(fetched.entityId));
  }
  return { url, setUrl, note, busy: action.busy, error: action.error, run };
}

function MetadataUrlField({ fetch }: { fetch: ReturnType<typeof useMetadataFetch> }) {
  return (
    <div className="metadata-url">
      <Field label={T.metadataUrl} error={fetch.error ?? undefined} hint={T.metadataUrlHint}>
        {(control) => (
          <input
            {...control}
            type="url"
            value={fetch.url}
            maxLength={2048}
            spellCheck={false}
            autoComplete="off"
            placeholder="https://sp.example.com/saml/metadata"
            onChange={(event) => fetch.setUrl(event.target.value)}
            onKeyDown={(event) => {
              // Enter fetches (it would otherwise save the whole form).
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void fetch.run();
            }}
          />
        )}
      </Field>
      <div className="toolbar">
        <BusyButton busy={fetch.busy} busyLabel={T.fetching} onClick={() => void fetch.run()}>{T.fetch}</BusyButton>
        <span role="status" className="cell-note">{fetch.note}</span>
      </div>
    </div>
  );
}
