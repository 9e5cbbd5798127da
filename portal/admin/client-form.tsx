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
  if (text.length > 2048) return '地址不能超过 2048 个字符';
  if (/\s/.test(text)) return '地址中不能有空格';
  try {
    new URL(text);
    return null;
  } catch {
    return '请输入完整的地址（如 https://app.example.com/callback）';
  }
}

function linesProblem(text: string, label: string, options: { min?: number; max: number }): string | null {
  const lines = linesOf(text);
  if ((options.min ?? 0) > lines.length) return `请至少填写一个${label}`;
  if (lines.length > options.max) return `${label}最多 ${options.max} 个`;
  for (const line of lines) {
    const problem = uriProblem(line);
    if (problem) return `${label}“${line}”有误：${problem}`;
  }
  return null;
}

function validate(draft: ClientDraft): FieldErrors {
  const errors: FieldErrors = {};
  const id = draft.clientId.trim();
  if (!id) errors.clientId = '请输入客户端 ID';
  else if (id.length > 128) errors.clientId = '客户端 ID 不能超过 128 个字符';
  else if (/\s/.test(id)) errors.clientId = '客户端 ID 中不能有空格';
  if (draft.name.trim().length > 64) errors.name = '名称不能超过 64 个字符';
  const redirect = linesProblem(draft.redirectUris, '回调地址', { min: 1, max: 20 });
  if (redirect) errors.redirectUris = redirect;
  const postLogout = linesProblem(draft.postLogoutRedirectUris, '退出后跳转地址', { max: 20 });
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
    goneText: '该客户端已不存在，可作为新客户端保存',
  });
  const { draft, set, errors } = form;
  const creating = client === null;

  const title = creating ? '新建客户端' : `编辑客户端：${client?.clientId ?? ''}`;
  return (
    <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby="client-form-title">
      <h3 id="client-form-title" tabIndex={-1}>{title}</h3>
      <div className="form__grid">
        <Field label="客户端 ID" error={errors.clientId} required hint={creating ? '创建后不可修改' : '不可修改'}>
          {(control) => <input {...control} value={draft.clientId} readOnly={!creating} maxLength={128} onChange={(event) => set('clientId', event.target.value)} />}
        </Field>
        <Field label="名称" error={errors.name}>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      <fieldset className="choices">
        <legend>客户端类型</legend>
        <label className="check"><input type="radio" name="client-kind" checked={!draft.public} onChange={() => set('public', false)} />机密客户端（服务器端应用，有密钥）</label>
        <label className="check"><input type="radio" name="client-kind" checked={draft.public} onChange={() => set('public', true)} />公开客户端（浏览器或移动应用，PKCE，无密钥）</label>
      </fieldset>
      <Field label="回调地址（每行一个）" error={errors.redirectUris} required hint="登录后返回应用的地址，至少一个，最多 20 个">
        {(control) => <textarea {...control} rows={3} value={draft.redirectUris} onChange={(event) => set('redirectUris', event.target.value)} />}
      </Field>
      <Field label="退出后跳转地址（每行一个）" error={errors.postLogoutRedirectUris} hint="可留空，最多 20 个">
        {(control) => <textarea {...control} rows={2} value={draft.postLogoutRedirectUris} onChange={(event) => set('postLogoutRedirectUris', event.target.value)} />}
      </Field>
      <div className="form__grid">
        <Field label="后端通道退出地址" error={errors.backchannelLogoutUri} hint="单点退出时服务器通知应用的地址，可留空">
          {(control) => <input {...control} value={draft.backchannelLogoutUri} onChange={(event) => set('backchannelLogoutUri', event.target.value)} />}
        </Field>
        <Field label="发起登录地址" error={errors.initiateLoginUri} hint="应用自己发起登录的入口，可留空">
          {(control) => <input {...control} value={draft.initiateLoginUri} onChange={(event) => set('initiateLoginUri', event.target.value)} />}
        </Field>
      </div>
      <GroupCheckboxes legend="可使用的客户群" hint="不勾选：所有已登录账号都可使用" selected={draft.groups} onChange={(groups) => set('groups', groups)} />
      <CheckField label="登录时请用户确认授权" checked={draft.consent} onChange={(on) => set('consent', on)} />
      <ScopeCheckboxes selected={draft.scopes} onChange={(scopes) => set('scopes', scopes)} />
      <ConsoleFormFooter form={form} submitLabel={creating ? '创建客户端' : '保存修改'} onCancel={onCancel} />
    </form>
  );
}
