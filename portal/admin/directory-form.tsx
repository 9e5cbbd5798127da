// Add or edit a company directory (POST /console/directories/save): every field of the contract.
// The bind password is write-only: sent SM2-encrypted when typed, null (keep the stored one) when
// left empty on an edit. Editing sends the row's updatedAt (409 AU00603 offers to reload).
import { useState } from 'react';
import type { ConsoleDirectory } from '../../contract/endpoints/console-directories.ts';
import type { DirectoryKind } from '../../contract/rules/directory.ts';
import { DIRECTORY_CONNECT_TIMEOUT_MS, DIRECTORY_ID_PATTERN, DIRECTORY_SYNC_MINUTES } from '../../contract/rules/directory.ts';
import { api, encryptPassword } from './console-api.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';
import { MappingRows, newMappingRow, type MappingRow } from './directory-mapping-rows.tsx';
import { DIRECTORY_TEXT as T, DirectoryFormText as F } from './directory.messages.ts';
import { KIND_NAMES } from './accounts.messages.ts';

interface DirectoryDraft {
  id: string;
  name: string;
  kind: DirectoryKind;
  urls: string;
  startTls: boolean;
  caFile: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
  usernameAttribute: string;
  phoneAttribute: string;
  nameAttribute: string;
  disabledFilter: string;
  mappings: MappingRow[];
  accountType: 'staff' | 'dealer';
  passwordWriteBack: boolean;
  syncMinutes: string;
  connectTimeoutMs: string;
}

/** The filters and attributes of each kind of directory (docs/directory.md). */
const PRESETS = {
  openldap: { kind: 'ldap', userFilter: '(objectClass=inetOrgPerson)', usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: '' },
  ad: {
    kind: 'active-directory',
    userFilter: '(&(objectCategory=person)(objectClass=user))',
    usernameAttribute: 'sAMAccountName',
    phoneAttribute: 'mobile',
    nameAttribute: 'displayName',
    disabledFilter: '(userAccountControl:1.2.840.113556.1.4.803:=2)',
  },
} as const;

const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;
const URL_PATTERN = /^ldaps?:\/\/[^\s/?#]+(:\d{1,5})?\/?$/i;

function draftOf(directory: ConsoleDirectory | null): DirectoryDraft {
  return {
    id: directory?.id ?? '',
    name: directory?.name ?? '',
    kind: directory?.kind ?? 'ldap',
    urls: textOfLines(directory?.urls ?? []),
    startTls: directory?.startTls ?? false,
    caFile: directory?.caFile ?? '',
    bindDn: directory?.bindDn ?? '',
    bindPassword: '',
    baseDn: directory?.baseDn ?? '',
    userFilter: directory?.userFilter ?? PRESETS.openldap.userFilter,
    usernameAttribute: directory?.usernameAttribute ?? PRESETS.openldap.usernameAttribute,
    phoneAttribute: directory?.phoneAttribute ?? PRESETS.openldap.phoneAttribute,
    nameAttribute: directory?.nameAttribute ?? PRESETS.openldap.nameAttribute,
    disabledFilter: directory?.disabledFilter ?? '',
    mappings: (directory?.groupMappings ?? []).map((mapping) => newMappingRow(mapping.dn, mapping.group)),
    accountType: directory?.accountType ?? 'staff',
    passwordWriteBack: directory?.passwordWriteBack ?? false,
    syncMinutes: String(directory?.syncMinutes ?? DIRECTORY_SYNC_MINUTES.default),
    connectTimeoutMs: String(directory?.connectTimeoutMs ?? DIRECTORY_CONNECT_TIMEOUT_MS.default),
  };
}

/** A filter must be one parenthesised expression with balanced parentheses (the server parses it fully). */
function filterProblem(text: string): string | null {
  if (!text.startsWith('(') || !text.endsWith(')')) return F.filterNotParenthesised;
  let depth = 0;
  for (const char of text.replace(/\\[0-9a-fA-F]{2}/g, '')) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth < 0) return F.filterUnbalanced;
  }
  return depth === 0 ? null : F.filterUnbalanced;
}

function integerIn(text: string, min: number, max: number): boolean {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max;
}

interface Validation {
  fields: FieldErrors;
  mappings: Partial<Record<number, string>>;
}

function validate(draft: DirectoryDraft, creating: boolean, hasStoredPassword: boolean): Validation {
  const errors: FieldErrors = {};
  if (!draft.id) errors.id = F.requiredId;
  else if (creating && !DIRECTORY_ID_PATTERN.test(draft.id)) errors.id = F.badId;
  if (!draft.name.trim()) errors.name = F.requiredName;
  else if (draft.name.trim().length > 64) errors.name = F.nameTooLong;
  const urls = linesOf(draft.urls);
  if (urls.length === 0) errors.urls = F.noUrls;
  else if (urls.length > 10) errors.urls = F.tooManyUrls;
  else {
    const bad = urls.find((url) => !URL_PATTERN.test(url) || url.length > 512);
    if (bad) errors.urls = F.badUrl(bad);
    else if (draft.startTls && urls.some((url) => url.toLowerCase().startsWith('ldaps://'))) errors.urls = F.ldapsWithStartTls;
  }
  if (!draft.bindDn.trim()) errors.bindDn = F.requiredBindDn;
  if (!draft.bindPassword && (creating || !hasStoredPassword)) errors.bindPassword = T.bindPasswordMissing;
  if (!draft.baseDn.trim()) errors.baseDn = F.requiredBaseDn;
  const userFilter = draft.userFilter.trim();
  if (!userFilter) errors.userFilter = F.requiredUserFilter;
  else {
    const problem = filterProblem(userFilter);
    if (problem) errors.userFilter = problem;
  }
  if (draft.disabledFilter.trim()) {
    const problem = filterProblem(draft.disabledFilter.trim());
    if (problem) errors.disabledFilter = problem;
  }
  for (const key of ['usernameAttribute', 'phoneAttribute', 'nameAttribute'] as const) {
    if (!ATTRIBUTE.test(draft[key].trim())) errors[key] = F.badAttribute;
  }
  if (!integerIn(draft.syncMinutes, DIRECTORY_SYNC_MINUTES.min, DIRECTORY_SYNC_MINUTES.max)) errors.syncMinutes = F.badSyncMinutes(DIRECTORY_SYNC_MINUTES.min, DIRECTORY_SYNC_MINUTES.max);
  if (!integerIn(draft.connectTimeoutMs, 100, DIRECTORY_CONNECT_TIMEOUT_MS.max)) errors.connectTimeoutMs = F.badConnectTimeout(DIRECTORY_CONNECT_TIMEOUT_MS.max);
  const mappings: Partial<Record<number, string>> = {};
  const seen = new Set<string>();
  draft.mappings.forEach((row, index) => {
    const dn = row.dn.trim();
    if (!dn) mappings[index] = F.mappingDnMissing;
    else if (!dn.includes('=')) mappings[index] = F.mappingDnBad;
    else if (!row.group) mappings[index] = F.mappingGroupMissing;
    else if (seen.has(`${dn.toLowerCase()}→${row.group}`)) mappings[index] = F.mappingRepeated;
    seen.add(`${dn.toLowerCase()}→${row.group}`);
  });
  if (draft.mappings.length > 200) errors.mappings = F.tooManyMappings;
  if (Object.keys(mappings).length > 0) errors.mappings = F.checkMappings;
  return { fields: errors, mappings };
}

interface DirectoryFormProps {
  directory: ConsoleDirectory | null;
  onSaved(directory: ConsoleDirectory): void;
  onCancel(): void;
  reload(): Promise<ConsoleDirectory | null>;
}

export function DirectoryForm({ directory, onSaved, onCancel, reload }: DirectoryFormProps) {
  const [mappingErrors, setMappingErrors] = useState<Partial<Record<number, string>>>({});
  const creating = directory === null;
  const form = useConsoleForm({
    row: directory,
    draftOf,
    validate: (draft) => {
      const found = validate(draft, creating, hasStoredPassword);
      setMappingErrors(found.mappings);
      return found.fields;
    },
    save: async (draft, expectedUpdatedAt) => api.post('/console/directories/save', {
      json: {
        id: draft.id,
        name: draft.name.trim(),
        kind: draft.kind,
        urls: linesOf(draft.urls),
        startTls: draft.startTls,
        caFile: orNull(draft.caFile),
        bindDn: draft.bindDn.trim(),
        bindPassword: draft.bindPassword ? await encryptPassword(draft.bindPassword) : null,
        baseDn: draft.baseDn.trim(),
        userFilter: draft.userFilter.trim(),
        usernameAttribute: draft.usernameAttribute.trim(),
        phoneAttribute: draft.phoneAttribute.trim(),
        nameAttribute: draft.nameAttribute.trim(),
        disabledFilter: orNull(draft.disabledFilter),
        groupMappings: draft.mappings.map((row) => ({ dn: row.dn.trim(), group: row.group })),
        accountType: draft.accountType,
        passwordWriteBack: draft.passwordWriteBack,
        syncMinutes: Number(draft.syncMinutes),
        connectTimeoutMs: Number(draft.connectTimeoutMs),
        expectedUpdatedAt,
      },
      quiet: true,
    }),
    onSaved,
    reload,
    goneText: F.gone,
    afterReload: () => setMappingErrors({}),
  });
  const { draft, set, errors } = form;
  const hasStoredPassword = form.base?.hasBindPassword ?? false;

  function preset(kind: keyof typeof PRESETS) {
    form.change((before) => ({ ...before, ...PRESETS[kind] }));
  }

  return (
    <form ref={form.formRef} className="form panel directory-form" onSubmit={form.submit} noValidate aria-labelledby="directory-form-title">
      <h3 id="directory-form-title" tabIndex={-1}>{creating ? T.formTitleNew : T.formTitleEdit(directory.name)}</h3>
      <div className="form__grid">
        <Field label={F.id} error={errors.id} required hint={creating ? F.idHintNew : F.idHintEdit}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={32} autoComplete="off" spellCheck={false} onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label={F.name} error={errors.name} required hint={F.nameHint}>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      <Field label={F.urls} error={errors.urls} required hint={F.urlsHint}>
        {(control) => <textarea {...control} rows={2} value={draft.urls} spellCheck={false} onChange={(event) => set('urls', event.target.value)} />}
      </Field>
      <div className="form__grid">
        <CheckField label={F.startTls} checked={draft.startTls} onChange={(on) => set('startTls', on)} hint={F.startTlsHint} />
        <Field label={F.caFile} error={errors.caFile} hint={F.caFileHint}>
          {(control) => <input {...control} value={draft.caFile} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="/etc/sso/directory-ca.pem" onChange={(event) => set('caFile', event.target.value)} />}
        </Field>
        <Field label={F.bindDn} error={errors.bindDn} required hint={F.bindDnHint}>
          {(control) => <input {...control} value={draft.bindDn} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="cn=sso-reader,ou=services,dc=example,dc=com" onChange={(event) => set('bindDn', event.target.value)} />}
        </Field>
        <Field label={F.bindPassword} error={errors.bindPassword} required={creating || !hasStoredPassword} hint={hasStoredPassword ? T.bindPasswordHintKeep : T.bindPasswordHintNew}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={draft.bindPassword} placeholder={hasStoredPassword ? F.bindPasswordStored : ''} onChange={(event) => set('bindPassword', event.target.value)} />}
        </Field>
        <Field label={F.baseDn} error={errors.baseDn} required className="field--wide">
          {(control) => <input {...control} value={draft.baseDn} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="ou=people,dc=example,dc=com" onChange={(event) => set('baseDn', event.target.value)} />}
        </Field>
      </div>
      <div className="toolbar presets" role="group" aria-label={T.presetsLegend}>
        <span className="field__hint">{F.presetsLead(T.presetsLegend)}</span>
        <button type="button" className="btn btn--plain" onClick={() => preset('openldap')}>{T.presetOpenLdap}</button>
        <button type="button" className="btn btn--plain" onClick={() => preset('ad')}>{T.presetAd}</button>
      </div>
      <div className="form__grid">
        <Field label={F.userFilter} error={errors.userFilter} required hint={F.userFilterHint}>
          {(control) => <input {...control} value={draft.userFilter} maxLength={1024} spellCheck={false} autoComplete="off" onChange={(event) => set('userFilter', event.target.value)} />}
        </Field>
        <Field label={F.disabledFilter} error={errors.disabledFilter} hint={F.disabledFilterHint}>
          {(control) => <input {...control} value={draft.disabledFilter} maxLength={1024} spellCheck={false} autoComplete="off" onChange={(event) => set('disabledFilter', event.target.value)} />}
        </Field>
        <Field label={F.usernameAttribute} error={errors.usernameAttribute} required hint={F.usernameAttributeHint}>
          {(control) => <input {...control} value={draft.usernameAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('usernameAttribute', event.target.value)} />}
        </Field>
        <Field label={F.nameAttribute} error={errors.nameAttribute} required hint={F.nameAttributeHint}>
          {(control) => <input {...control} value={draft.nameAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('nameAttribute', event.target.value)} />}
        </Field>
        <Field label={F.phoneAttribute} error={errors.phoneAttribute} required hint={F.phoneAttributeHint}>
          {(control) => <input {...control} value={draft.phoneAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('phoneAttribute', event.target.value)} />}
        </Field>
        <Field label={F.syncMinutes} error={errors.syncMinutes} required hint={F.syncMinutesHint}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={DIRECTORY_SYNC_MINUTES.min} max={DIRECTORY_SYNC_MINUTES.max} step={1} value={draft.syncMinutes} onChange={(event) => set('syncMinutes', event.target.value)} />}
        </Field>
        <Field label={F.connectTimeout} error={errors.connectTimeoutMs} required hint={F.connectTimeoutHint}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={100} max={DIRECTORY_CONNECT_TIMEOUT_MS.max} step={100} value={draft.connectTimeoutMs} onChange={(event) => set('connectTimeoutMs', event.target.value)} />}
        </Field>
      </div>
      <fieldset className="choices">
        <legend>{F.accountType}</legend>
        <label className="check"><input type="radio" name="directory-account-type" checked={draft.accountType === 'staff'} onChange={() => set('accountType', 'staff')} />{KIND_NAMES.staff}</label>
        <label className="check"><input type="radio" name="directory-account-type" checked={draft.accountType === 'dealer'} onChange={() => set('accountType', 'dealer')} />{KIND_NAMES.dealer}</label>
      </fieldset>
      <fieldset className="choices">
        <legend>{F.kind}</legend>
        <label className="check"><input type="radio" name="directory-kind" checked={draft.kind === 'ldap'} onChange={() => set('kind', 'ldap')} />{F.kindLdap}</label>
        <label className="check"><input type="radio" name="directory-kind" checked={draft.kind === 'active-directory'} onChange={() => set('kind', 'active-directory')} />{F.kindActiveDirectory}</label>
      </fieldset>
      <CheckField label={F.passwordWriteBack} checked={draft.passwordWriteBack} onChange={(on) => set('passwordWriteBack', on)} hint={F.passwordWriteBackHint} />
      <MappingRows rows={draft.mappings} onChange={(rows) => set('mappings', rows)} errors={mappingErrors} />
      <ConsoleFormFooter form={form} submitLabel={creating ? T.add : F.save} onCancel={onCancel} />
    </form>
  );
}
