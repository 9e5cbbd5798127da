// Create or edit an app card of the application centre (POST /console/apps/save).
import { useStore } from '@nanostores/react';
import type { ConsoleApp } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { APP_ID_PATTERN } from '../../contract/rules/app-id.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { appsStore, clientsStore, groupsStore } from './stores.ts';
import { AppFormText as T } from './clients.messages.ts';
import { ConsoleText } from './console.messages.ts';


interface AppDraft {
  id: string;
  groupCode: string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
  oidcClientId: string;
  sortOrder: string;
  visible: boolean;
}

function draftOf(app: ConsoleApp | null, firstGroup: string): AppDraft {
  return {
    id: app?.id ?? '',
    groupCode: app?.groupCode ?? firstGroup,
    name: app?.name ?? '',
    logo: app?.logo ?? '',
    intro: app?.intro ?? '',
    autoLoginUrl: app?.autoLoginUrl ?? '',
    oidcClientId: app?.oidcClientId ?? '',
    sortOrder: String(app?.sortOrder ?? 0),
    visible: app?.visible ?? true,
  };
}

function validate(draft: AppDraft, creating: boolean, taken: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.id) errors.id = T.requiredId;
  else if (!APP_ID_PATTERN.test(draft.id)) errors.id = T.badId;
  else if (creating && taken) errors.id = T.idTaken;
  if (!draft.groupCode) errors.groupCode = T.requiredGroup;
  if (!draft.name.trim()) errors.name = T.requiredName;
  else if (draft.name.trim().length > 64) errors.name = T.nameTooLong;
  if (draft.logo.length > 2048) errors.logo = T.logoTooLong;
  if (draft.intro.length > 200) errors.intro = T.introTooLong;
  if (!draft.autoLoginUrl.trim()) errors.autoLoginUrl = T.requiredLink;
  else if (draft.autoLoginUrl.length > 2048) errors.autoLoginUrl = T.linkTooLong;
  const order = Number(draft.sortOrder);
  if (draft.sortOrder.trim() === '' || !Number.isInteger(order) || order < 0 || order > 100_000) errors.sortOrder = T.badSortOrder;
  return errors;
}

export function AppForm({ app, onSaved, onCancel }: { app: ConsoleApp | null; onSaved(): void; onCancel(): void }) {
  const groups = useStore(groupsStore.$state).items ?? [];
  const clients = useStore(clientsStore.$state).items ?? [];
  const apps = useStore(appsStore.$state);
  const creating = app === null;
  const form = useConsoleForm({
    row: app,
    draftOf: (row) => draftOf(row, groups[0]?.code ?? ''),
    validate: (draft) => validate(draft, creating, (apps.items ?? []).some((other) => other.id === draft.id)),
    save: (draft) => api.post('/console/apps/save', {
      json: {
        id: draft.id,
        groupCode: draft.groupCode,
        name: draft.name.trim(),
        logo: draft.logo.trim(),
        intro: draft.intro.trim(),
        autoLoginUrl: draft.autoLoginUrl.trim(),
        oidcClientId: draft.oidcClientId || null,
        sortOrder: Number(draft.sortOrder),
        visible: draft.visible,
        isNew: creating,
      },
      quiet: true,
    }),
    onSaved: () => onSaved(),
  });
  const { draft, set, errors } = form;

  return (
    <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby="app-form-title">
      <h4 id="app-form-title" tabIndex={-1}>{creating ? T.titleNew : T.titleEdit(app.name)}</h4>
      <div className="form__grid">
        <Field label={T.id} error={errors.id} required hint={creating ? T.idHintNew : T.idHintEdit}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={64} onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label={T.group} error={errors.groupCode} required>
          {(control) => (
            <select {...control} value={draft.groupCode} onChange={(event) => set('groupCode', event.target.value)}>
              <option value="">{T.chooseGroup}</option>
              {groups.map((group) => <option key={group.code} value={group.code}>{ConsoleText.nameWithCode(group.name, group.code)}</option>)}
            </select>
          )}
        </Field>
        <Field label={T.name} error={errors.name} required>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
        <Field label={T.logo} error={errors.logo} hint={T.logoHint}>
          {(control) => <input {...control} value={draft.logo} onChange={(event) => set('logo', event.target.value)} />}
        </Field>
        <Field label={T.link} error={errors.autoLoginUrl} required hint={T.linkHint}>
          {(control) => <input {...control} value={draft.autoLoginUrl} onChange={(event) => set('autoLoginUrl', event.target.value)} />}
        </Field>
        <Field label={T.oidcClient} error={errors.oidcClientId} hint={T.oidcClientHint}>
          {(control) => (
            <select {...control} value={draft.oidcClientId} onChange={(event) => set('oidcClientId', event.target.value)}>
              <option value="">{T.noOidcClient}</option>
              {clients.map((client) => <option key={client.clientId} value={client.clientId}>{client.name ? ConsoleText.nameWithCode(client.name, client.clientId) : client.clientId}</option>)}
            </select>
          )}
        </Field>
        <Field label={T.sortOrder} error={errors.sortOrder} hint={T.sortOrderHint}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={100000} step={1} value={draft.sortOrder} onChange={(event) => set('sortOrder', event.target.value)} />}
        </Field>
      </div>
      <Field label={T.intro} error={errors.intro} hint={T.introHint}>
        {(control) => <textarea {...control} rows={2} maxLength={200} value={draft.intro} onChange={(event) => set('intro', event.target.value)} />}
      </Field>
      <CheckField label={T.visible} checked={draft.visible} onChange={(on) => set('visible', on)} />
      <ConsoleFormFooter form={form} submitLabel={creating ? T.create : T.save} onCancel={onCancel} />
    </form>
  );
}
