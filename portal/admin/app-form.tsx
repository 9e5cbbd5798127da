// Create or edit an app card of the application centre (POST /console/apps/save).
import { useStore } from '@nanostores/react';
import type { ConsoleApp } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { appsStore, clientsStore, groupsStore } from './stores.ts';

const APP_ID = /^[A-Za-z0-9._-]{1,64}$/;

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
  if (!draft.id) errors.id = '请输入应用 ID';
  else if (!APP_ID.test(draft.id)) errors.id = '应用 ID 只能包含英文字母、数字、点、下划线和短横线，最多 64 位';
  else if (creating && taken) errors.id = '该应用 ID 已被使用，请换一个';
  if (!draft.groupCode) errors.groupCode = '请选择客户群';
  if (!draft.name.trim()) errors.name = '请输入应用名称';
  else if (draft.name.trim().length > 64) errors.name = '应用名称不能超过 64 个字符';
  if (draft.logo.length > 2048) errors.logo = '图标地址不能超过 2048 个字符';
  if (draft.intro.length > 200) errors.intro = '简介不能超过 200 个字符';
  if (!draft.autoLoginUrl.trim()) errors.autoLoginUrl = '请输入应用链接';
  else if (draft.autoLoginUrl.length > 2048) errors.autoLoginUrl = '应用链接不能超过 2048 个字符';
  const order = Number(draft.sortOrder);
  if (draft.sortOrder.trim() === '' || !Number.isInteger(order) || order < 0 || order > 100_000) errors.sortOrder = '排序须为 0 到 100000 之间的整数';
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
      <h4 id="app-form-title" tabIndex={-1}>{creating ? '新建应用卡片' : `编辑应用卡片：${app.name}`}</h4>
      <div className="form__grid">
        <Field label="应用 ID" error={errors.id} required hint={creating ? '英文字母、数字、点、下划线、短横线；创建后不可修改' : '不可修改'}>
          {(control) => <input {...control} value={draft.id} readOnly={!creating} maxLength={64} onChange={(event) => set('id', event.target.value)} />}
        </Field>
        <Field label="客户群" error={errors.groupCode} required>
          {(control) => (
            <select {...control} value={draft.groupCode} onChange={(event) => set('groupCode', event.target.value)}>
              <option value="">请选择</option>
              {groups.map((group) => <option key={group.code} value={group.code}>{group.name}（{group.code}）</option>)}
            </select>
          )}
        </Field>
        <Field label="应用名称" error={errors.name} required>
          {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
        </Field>
        <Field label="图标地址" error={errors.logo} hint="图片的网址或站内路径，可留空">
          {(control) => <input {...control} value={draft.logo} onChange={(event) => set('logo', event.target.value)} />}
        </Field>
        <Field label="应用链接" error={errors.autoLoginUrl} required hint="在应用中心点击卡片时打开的地址">
          {(control) => <input {...control} value={draft.autoLoginUrl} onChange={(event) => set('autoLoginUrl', event.target.value)} />}
        </Field>
        <Field label="关联的 OIDC 客户端" error={errors.oidcClientId} hint="可选：卡片经该客户端的登录入口打开">
          {(control) => (
            <select {...control} value={draft.oidcClientId} onChange={(event) => set('oidcClientId', event.target.value)}>
              <option value="">无</option>
              {clients.map((client) => <option key={client.clientId} value={client.clientId}>{client.name ? `${client.name}（${client.clientId}）` : client.clientId}</option>)}
            </select>
          )}
        </Field>
        <Field label="排序" error={errors.sortOrder} hint="数字小的排在前面">
          {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={100000} step={1} value={draft.sortOrder} onChange={(event) => set('sortOrder', event.target.value)} />}
        </Field>
      </div>
      <Field label="简介" error={errors.intro} hint="最多 200 字">
        {(control) => <textarea {...control} rows={2} maxLength={200} value={draft.intro} onChange={(event) => set('intro', event.target.value)} />}
      </Field>
      <CheckField label="在应用中心显示" checked={draft.visible} onChange={(on) => set('visible', on)} />
      <ConsoleFormFooter form={form} submitLabel={creating ? '创建应用卡片' : '保存修改'} onCancel={onCancel} />
    </form>
  );
}
