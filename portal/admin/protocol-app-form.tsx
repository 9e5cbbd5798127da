// Create or edit a CAS service (POST /console/protocol-apps/cas/save) or a SAML service provider
// (POST /console/protocol-apps/saml/save) from its metadata, pasted or fetched by the server from
// the SP's metadata URL with 获取 (POST /console/protocol-apps/saml/fetch-metadata). Editing sends
// the row's updatedAt as expectedUpdatedAt (null when creating): a save over someone else's change is refused
// with 409 AU00603 and the form offers to reload. The fields are checked here first with the
// server's rules (an exact URL or a prefix ending in *, never a regular expression; no DOCTYPE);
// the server checks them again and its refusal is shown in the form.
import { useState } from 'react';
import type { ConsoleProtocolApp } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';

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
  if (pattern.length > 2048) return '地址不能超过 2048 个字符';
  const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
  const text = prefix ?? pattern;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '须为完整的 http(s) 地址，或以 * 结尾的地址前缀（不支持正则表达式）';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || /[\s\\]/.test(text) || text.includes('*') || url.username || url.password) {
    return '须为完整的 http(s) 地址，或以 * 结尾的地址前缀（不支持正则表达式或中间的 *）';
  }
  if (text.includes('#')) return '不能含 # 片段';
  if (prefix !== null && !text.startsWith(`${url.origin}/`)) return `地址前缀必须包含主机名后的路径，例如 ${url.origin}/*`;
  return null;
}

function validate(kind: ProtocolKind, draft: ProtocolDraft): FieldErrors {
  const errors: FieldErrors = {};
  const id = draft.id.trim();
  if (!id) errors.id = '请输入 ID';
  else if (!ID_PATTERN.test(id)) errors.id = 'ID 须为 1-64 位字母、数字、. _ -';
  if (draft.name.trim().length > 64) errors.name = '名称不能超过 64 个字符';
  if (kind === 'cas') {
    const lines = linesOf(draft.services);
    if (lines.length === 0) errors.services = '请至少填写一个服务地址';
    else if (lines.length > 20) errors.services = '服务地址最多 20 个';
    else {
      for (const line of lines) {
        const problem = servicePatternProblem(line);
        if (problem) {
          errors.services = `服务地址“${line}”有误：${problem}`;
          break;
        }
      }
    }
  } else {
    const metadata = draft.metadata.trim();
    if (!metadata) errors.metadata = '请粘贴服务提供者（SP）的元数据 XML';
    else if (metadata.length > MAX_METADATA_CHARS) errors.metadata = '元数据不能超过 256 KB';
    else if (/<!DOCTYPE|<!ENTITY/i.test(metadata)) errors.metadata = '元数据不能含 DOCTYPE 或实体声明（<!DOCTYPE、<!ENTITY）';
    else if (!/<(?:[\w-]+:)?EntityDescriptor[\s>]/.test(metadata)) errors.metadata = '这不是 SAML 元数据：缺少 EntityDescriptor';
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
  const what = kind === 'cas' ? 'CAS 服务' : 'SAML 应用';
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
    goneText: `该${what}已不存在，可作为新${what}保存`,
  });
  const { draft, set, errors } = form;
  const creating = app === null;
  const metadataFetch = useMetadataFetch((metadata) => set('metadata', metadata));

  const titleId = 'protocol-app-form-title';
  const title = creating ? `新建 ${what}` : `编辑 ${what}：${app?.id ?? ''}`;
  return (
    <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} tabIndex={-1}>{title}</h3>
      <div className="form__grid">
        <Field label="ID" error={errors.id} required hint={creating ? '字母、数字、. _ -，创建后不可修改' : '不可修改'}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={64} autoComplete="off" onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label="名称" error={errors.name} hint="可留空">
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
      </div>
      {kind === 'cas' ? (
        <Field label="服务地址（每行一个）" error={errors.services} required hint="完整地址，或以 * 结尾的地址前缀（须包含主机名后的路径，如 https://erp.example.com/*）；不支持正则表达式，最多 20 个">
          {(control) => <textarea {...control} rows={3} value={draft.services} spellCheck={false} onChange={(event) => set('services', event.target.value)} />}
        </Field>
      ) : (
        <>
          <MetadataUrlField fetch={metadataFetch} />
          <Field label="SP 元数据 XML" error={errors.metadata} required hint="粘贴服务提供者的元数据（EntityDescriptor，含 SPSSODescriptor 与 HTTP-POST 的 AssertionConsumerService）；不能含 DOCTYPE">
            {(control) => <textarea {...control} rows={8} value={draft.metadata} spellCheck={false} onChange={(event) => set('metadata', event.target.value)} />}
          </Field>
          <Field label="NameID 格式" hint="SP 的请求未指定格式时使用：persistent 为不变的匿名标识，unspecified 为用户名">
            {(control) => (
              <select {...control} value={draft.nameIdFormat} onChange={(event) => set('nameIdFormat', event.target.value === 'unspecified' ? 'unspecified' : 'persistent')}>
                <option value="persistent">persistent（不变的匿名标识）</option>
                <option value="unspecified">unspecified（用户名）</option>
              </select>
            )}
          </Field>
          <CheckField label="签名整个响应" hint="除断言外，对整个 SAML 响应也签名（部分 SP 要求）" checked={draft.signResponse} onChange={(on) => set('signResponse', on)} />
        </>
      )}
      <GroupCheckboxes legend="可使用的客户群" hint="不勾选：所有已登录账号都可使用" selected={draft.groups} onChange={(groups) => set('groups', groups)} />
      <ConsoleFormFooter form={form} submitLabel={creating ? `创建 ${what}` : '保存修改'} onCancel={onCancel} />
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
      action.setError('请输入元数据网址');
      return;
    }
    const fetched = await action.run(() => api.post('/console/protocol-apps/saml/fetch-metadata', { json: { url: url.trim() }, quiet: true }));
    if (!fetched) return;
    fill(fetched.metadata);
    setNote(`已获取 ${fetched.entityId} 的元数据，填入下方`);
  }
  return { url, setUrl, note, busy: action.busy, error: action.error, run };
}

function MetadataUrlField({ fetch }: { fetch: ReturnType<typeof useMetadataFetch> }) {
  return (
    <div className="metadata-url">
      <Field label="元数据网址" error={fetch.error ?? undefined} hint="可选：服务器从 SP 的元数据网址（https）获取元数据并填入下方">
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
        <BusyButton busy={fetch.busy} busyLabel="正在获取…" onClick={() => void fetch.run()}>获取</BusyButton>
        <span role="status" className="cell-note">{fetch.note}</span>
      </div>
    </div>
  );
}
