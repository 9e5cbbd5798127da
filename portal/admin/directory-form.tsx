// Add or edit a company directory (POST /console/directories/save): every field of the contract.
// The bind password is write-only: sent SM2-encrypted when typed, null (keep the stored one) when
// left empty on an edit. Editing sends the row's updatedAt (409 AU00603 offers to reload).
import { useState } from 'react';
import type { ConsoleDirectory } from '../../contract/endpoints/console-directories.ts';
import { DIRECTORY_CONNECT_TIMEOUT_MS, DIRECTORY_ID_PATTERN, DIRECTORY_SYNC_MINUTES } from '../../contract/rules/directory.ts';
import { api, encryptPassword } from './console-api.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';
import { MappingRows, newMappingRow, type MappingRow } from './directory-mapping-rows.tsx';
import { DIRECTORY_TEXT as T } from './directory-messages.ts';

interface DirectoryDraft {
  id: string;
  name: string;
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
  openldap: { userFilter: '(objectClass=inetOrgPerson)', usernameAttribute: 'uid', phoneAttribute: 'mobile', nameAttribute: 'cn', disabledFilter: '' },
  ad: {
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
  if (!text.startsWith('(') || !text.endsWith(')')) return '过滤条件须以 ( 开头、以 ) 结尾，如 (objectClass=inetOrgPerson)';
  let depth = 0;
  for (const char of text.replace(/\\[0-9a-fA-F]{2}/g, '')) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth < 0) return '过滤条件的括号不配对';
  }
  return depth === 0 ? null : '过滤条件的括号不配对';
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
  if (!draft.id) errors.id = '请输入目录标识';
  else if (creating && !DIRECTORY_ID_PATTERN.test(draft.id)) errors.id = '标识只能包含小写英文字母、数字和短横线，最多 32 位';
  if (!draft.name.trim()) errors.name = '请输入目录名称';
  else if (draft.name.trim().length > 64) errors.name = '名称不能超过 64 个字符';
  const urls = linesOf(draft.urls);
  if (urls.length === 0) errors.urls = '请至少输入一个目录服务器地址';
  else if (urls.length > 10) errors.urls = '目录服务器地址最多 10 个';
  else {
    const bad = urls.find((url) => !URL_PATTERN.test(url) || url.length > 512);
    if (bad) errors.urls = `地址“${bad}”有误：须为 ldap://主机:端口 或 ldaps://主机:端口，不带路径`;
    else if (draft.startTls && urls.some((url) => url.toLowerCase().startsWith('ldaps://'))) errors.urls = 'ldaps:// 地址已是加密连接，不能同时启用 StartTLS';
  }
  if (!draft.bindDn.trim()) errors.bindDn = '请输入绑定 DN';
  if (!draft.bindPassword && (creating || !hasStoredPassword)) errors.bindPassword = T.bindPasswordMissing;
  if (!draft.baseDn.trim()) errors.baseDn = '请输入搜索基准 DN';
  const userFilter = draft.userFilter.trim();
  if (!userFilter) errors.userFilter = '请输入人员过滤条件';
  else {
    const problem = filterProblem(userFilter);
    if (problem) errors.userFilter = problem;
  }
  if (draft.disabledFilter.trim()) {
    const problem = filterProblem(draft.disabledFilter.trim());
    if (problem) errors.disabledFilter = problem;
  }
  for (const key of ['usernameAttribute', 'phoneAttribute', 'nameAttribute'] as const) {
    if (!ATTRIBUTE.test(draft[key].trim())) errors[key] = '属性名须以英文字母开头，只含英文字母、数字和短横线';
  }
  if (!integerIn(draft.syncMinutes, DIRECTORY_SYNC_MINUTES.min, DIRECTORY_SYNC_MINUTES.max)) errors.syncMinutes = `同步间隔须为 ${DIRECTORY_SYNC_MINUTES.min} 到 ${DIRECTORY_SYNC_MINUTES.max} 之间的整数（分钟）`;
  if (!integerIn(draft.connectTimeoutMs, 100, DIRECTORY_CONNECT_TIMEOUT_MS.max)) errors.connectTimeoutMs = `连接超时须为 100 到 ${DIRECTORY_CONNECT_TIMEOUT_MS.max} 之间的整数（毫秒）`;
  const mappings: Partial<Record<number, string>> = {};
  const seen = new Set<string>();
  draft.mappings.forEach((row, index) => {
    const dn = row.dn.trim();
    if (!dn) mappings[index] = '请输入目录组的 DN';
    else if (!dn.includes('=')) mappings[index] = 'DN 格式有误，如 cn=sales,ou=groups,dc=example,dc=com';
    else if (!row.group) mappings[index] = '请选择客户群';
    else if (seen.has(`${dn.toLowerCase()}→${row.group}`)) mappings[index] = '与前面的映射重复';
    seen.add(`${dn.toLowerCase()}→${row.group}`);
  });
  if (draft.mappings.length > 200) errors.mappings = '映射最多 200 条';
  if (Object.keys(mappings).length > 0) errors.mappings = '请检查客户群映射';
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
    goneText: '该目录已不存在',
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
        <Field label="标识" error={errors.id} required hint={creating ? '小写英文字母、数字、短横线；命令行 sync-directory 使用它，创建后不可修改' : '不可修改'}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={32} autoComplete="off" spellCheck={false} onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label="名称" error={errors.name} required hint="在控制台中显示，如 总部 AD">
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      <Field label="目录服务器地址（每行一个）" error={errors.urls} required hint="按顺序尝试，前一个连不上时使用下一个，如 ldaps://dc1.example.com:636">
        {(control) => <textarea {...control} rows={2} value={draft.urls} spellCheck={false} onChange={(event) => set('urls', event.target.value)} />}
      </Field>
      <div className="form__grid">
        <CheckField label="使用 StartTLS" checked={draft.startTls} onChange={(on) => set('startTls', on)} hint="ldap:// 地址连接后升级为加密连接；生产环境中 ldap:// 地址必须启用" />
        <Field label="CA 证书文件" error={errors.caFile} hint="服务器上的 PEM 文件路径；留空使用系统信任的根证书。证书始终校验">
          {(control) => <input {...control} value={draft.caFile} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="/etc/sso/directory-ca.pem" onChange={(event) => set('caFile', event.target.value)} />}
        </Field>
        <Field label="绑定 DN" error={errors.bindDn} required hint="用于搜索人员的只读账号">
          {(control) => <input {...control} value={draft.bindDn} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="cn=sso-reader,ou=services,dc=example,dc=com" onChange={(event) => set('bindDn', event.target.value)} />}
        </Field>
        <Field label="绑定密码" error={errors.bindPassword} required={creating || !hasStoredPassword} hint={hasStoredPassword ? T.bindPasswordHintKeep : T.bindPasswordHintNew}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={draft.bindPassword} placeholder={hasStoredPassword ? '••••••（已保存）' : ''} onChange={(event) => set('bindPassword', event.target.value)} />}
        </Field>
        <Field label="搜索基准 DN" error={errors.baseDn} required className="field--wide">
          {(control) => <input {...control} value={draft.baseDn} maxLength={1024} spellCheck={false} autoComplete="off" placeholder="ou=people,dc=example,dc=com" onChange={(event) => set('baseDn', event.target.value)} />}
        </Field>
      </div>
      <div className="toolbar presets" role="group" aria-label={T.presetsLegend}>
        <span className="field__hint">{T.presetsLegend}：</span>
        <button type="button" className="btn btn--plain" onClick={() => preset('openldap')}>{T.presetOpenLdap}</button>
        <button type="button" className="btn btn--plain" onClick={() => preset('ad')}>{T.presetAd}</button>
      </div>
      <div className="form__grid">
        <Field label="人员过滤条件" error={errors.userFilter} required hint="OpenLDAP：(objectClass=inetOrgPerson)；AD：(&(objectCategory=person)(objectClass=user))">
          {(control) => <input {...control} value={draft.userFilter} maxLength={1024} spellCheck={false} autoComplete="off" onChange={(event) => set('userFilter', event.target.value)} />}
        </Field>
        <Field label="停用条件" error={errors.disabledFilter} hint="匹配的人员在本系统停用；AD 通常为 (userAccountControl:1.2.840.113556.1.4.803:=2)，可留空">
          {(control) => <input {...control} value={draft.disabledFilter} maxLength={1024} spellCheck={false} autoComplete="off" onChange={(event) => set('disabledFilter', event.target.value)} />}
        </Field>
        <Field label="用户名属性" error={errors.usernameAttribute} required hint="OpenLDAP：uid；AD：sAMAccountName">
          {(control) => <input {...control} value={draft.usernameAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('usernameAttribute', event.target.value)} />}
        </Field>
        <Field label="姓名属性" error={errors.nameAttribute} required hint="OpenLDAP：cn；AD：displayName">
          {(control) => <input {...control} value={draft.nameAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('nameAttribute', event.target.value)} />}
        </Field>
        <Field label="手机号属性" error={errors.phoneAttribute} required hint="通常为 mobile">
          {(control) => <input {...control} value={draft.phoneAttribute} maxLength={64} spellCheck={false} autoComplete="off" onChange={(event) => set('phoneAttribute', event.target.value)} />}
        </Field>
        <Field label="同步间隔（分钟）" error={errors.syncMinutes} required hint="1 到 1440；另可随时点击“立即同步”">
          {(control) => <input {...control} type="number" inputMode="numeric" min={DIRECTORY_SYNC_MINUTES.min} max={DIRECTORY_SYNC_MINUTES.max} step={1} value={draft.syncMinutes} onChange={(event) => set('syncMinutes', event.target.value)} />}
        </Field>
        <Field label="连接超时（毫秒）" error={errors.connectTimeoutMs} required hint="每个地址最多等待这么久，然后尝试下一个；最多 3000">
          {(control) => <input {...control} type="number" inputMode="numeric" min={100} max={DIRECTORY_CONNECT_TIMEOUT_MS.max} step={100} value={draft.connectTimeoutMs} onChange={(event) => set('connectTimeoutMs', event.target.value)} />}
        </Field>
      </div>
      <fieldset className="choices">
        <legend>账号类型</legend>
        <label className="check"><input type="radio" name="directory-account-type" checked={draft.accountType === 'staff'} onChange={() => set('accountType', 'staff')} />员工</label>
        <label className="check"><input type="radio" name="directory-account-type" checked={draft.accountType === 'dealer'} onChange={() => set('accountType', 'dealer')} />经销商</label>
      </fieldset>
      <CheckField label="允许在本系统修改目录密码" checked={draft.passwordWriteBack} onChange={(on) => set('passwordWriteBack', on)} hint="开启后，目录人员在本系统“修改密码”将写回目录（OpenLDAP 用密码修改扩展操作，AD 须使用 ldaps://）；关闭时提示其在公司目录中修改" />
      <MappingRows rows={draft.mappings} onChange={(rows) => set('mappings', rows)} errors={mappingErrors} />
      <ConsoleFormFooter form={form} submitLabel={creating ? '添加目录' : '保存修改'} onCancel={onCancel} />
    </form>
  );
}
