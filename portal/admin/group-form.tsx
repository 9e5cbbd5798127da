// Create or edit a client group (POST /console/groups/save), with the live login-page preview of
// its colours beside the form. Editing sends the row's updatedAt (409 AU00603 offers to reload).
import type { ConsoleGroup } from '../../contract/endpoints/console.ts';
import { GROUP_CODE_PATTERN } from '../../contract/rules/group-code.ts';
import { THEME_LOGO_PATTERN } from '../../contract/rules/theme.ts';
import { api } from './console-api.ts';
import { CheckField, Field } from './field.tsx';
import type { FieldErrors } from './form-error.tsx';
import { ConsoleFormFooter, useConsoleForm } from './console-form.tsx';
import { linesOf, orNull, textOfLines } from './format.ts';
import { coloursOf, DEFAULT_COLOURS, ThemePreview, type PreviewColours } from './theme-preview.tsx';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

interface GroupDraft {
  code: string;
  name: string;
  domains: string;
  domainUrl: string;
  staffOnly: boolean;
  requireMfa: boolean;
  isDefault: boolean;
  callbackOrigins: string;
  sortOrder: string;
  customTheme: boolean;
  colours: PreviewColours;
  logoUrl: string;
}

const COLOUR_FIELDS: Array<[keyof PreviewColours, string]> = [
  ['primaryColor', '主色'],
  ['primaryHoverColor', '主色（悬停）'],
  ['backgroundFrom', '背景渐变起始色'],
  ['backgroundTo', '背景渐变结束色'],
];

function draftOf(group: ConsoleGroup | null): GroupDraft {
  const theme = group?.theme ?? null;
  return {
    code: group?.code ?? '',
    name: group?.name ?? '',
    domains: textOfLines(group?.domains ?? []),
    domainUrl: group?.domainUrl ?? '',
    staffOnly: group?.staffOnly ?? false,
    requireMfa: group?.requireMfa ?? false,
    isDefault: group?.isDefault ?? false,
    callbackOrigins: textOfLines(group?.callbackOrigins ?? []),
    sortOrder: String(group?.sortOrder ?? 0),
    customTheme: theme !== null,
    colours: coloursOf(theme ?? DEFAULT_COLOURS),
    logoUrl: theme?.logoUrl ?? '',
  };
}

function originProblem(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '须以 http:// 或 https:// 开头';
    return null;
  } catch {
    return '请输入完整的地址（如 https://brand.example.com）';
  }
}

function validate(draft: GroupDraft, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.code) errors.code = '请输入客户群代码';
  else if (creating && !GROUP_CODE_PATTERN.test(draft.code)) errors.code = '代码只能包含小写英文字母、数字和短横线，最多 32 位';
  if (!draft.name.trim()) errors.name = '请输入客户群名称';
  else if (draft.name.trim().length > 64) errors.name = '名称不能超过 64 个字符';
  const domains = linesOf(draft.domains).map((d) => d.toLowerCase());
  if (domains.length > 20) errors.domains = '域名最多 20 个';
  else {
    const bad = domains.find((domain) => !HOST_NAME.test(domain));
    if (bad) errors.domains = `域名“${bad}”有误：只填主机名，如 sso.example.com（不带 http:// 和路径）`;
  }
  if (draft.domainUrl.trim()) {
    const problem = originProblem(draft.domainUrl.trim());
    if (problem) errors.domainUrl = problem;
  }
  const origins = linesOf(draft.callbackOrigins);
  if (origins.length > 50) errors.callbackOrigins = '来源最多 50 个';
  else {
    for (const origin of origins) {
      const problem = originProblem(origin);
      if (problem) {
        errors.callbackOrigins = `来源“${origin}”有误：${problem}`;
        break;
      }
    }
  }
  const order = Number(draft.sortOrder);
  if (draft.sortOrder.trim() === '' || !Number.isInteger(order) || order < 0 || order > 100_000) errors.sortOrder = '排序须为 0 到 100000 之间的整数';
  if (draft.customTheme && draft.logoUrl.trim() && !THEME_LOGO_PATTERN.test(draft.logoUrl.trim())) {
    errors.logoUrl = 'Logo 地址须为 https:// 开头的网址或 / 开头的站内路径，不能有空格和引号';
  }
  return errors;
}

interface GroupFormProps {
  group: ConsoleGroup | null;
  onSaved(group: ConsoleGroup): void;
  onCancel(): void;
  reload(): Promise<ConsoleGroup | null>;
}

export function GroupForm({ group, onSaved, onCancel, reload }: GroupFormProps) {
  const creating = group === null;
  const form = useConsoleForm({
    row: group,
    draftOf,
    validate: (draft) => validate(draft, creating),
    save: (draft, expectedUpdatedAt) => api.post('/console/groups/save', {
      json: {
        code: draft.code,
        name: draft.name.trim(),
        domains: linesOf(draft.domains).map((d) => d.toLowerCase()),
        domainUrl: orNull(draft.domainUrl),
        staffOnly: draft.staffOnly,
        requireMfa: draft.requireMfa,
        isDefault: draft.isDefault,
        callbackOrigins: linesOf(draft.callbackOrigins),
        theme: draft.customTheme ? { ...draft.colours, logoUrl: orNull(draft.logoUrl) } : null,
        sortOrder: Number(draft.sortOrder),
        expectedUpdatedAt,
      },
      quiet: true,
    }),
    onSaved,
    reload,
    goneText: '该客户群已不存在',
  });
  const { draft, set, errors } = form;

  const previewDomain = group?.domains[0] ?? null;
  return (
    <div className="group-editor">
      <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby="group-form-title">
        <h3 id="group-form-title" tabIndex={-1}>{creating ? '新建客户群' : `编辑客户群：${group.name}`}</h3>
        <div className="form__grid">
          <Field label="代码" error={errors.code} required hint={creating ? '小写英文字母、数字、短横线；创建后不可修改' : '不可修改'}>
            {(control) => <input {...control} value={draft.code} readOnly={!creating} maxLength={32} onChange={(event) => set('code', event.target.value)} />}
          </Field>
          <Field label="名称" error={errors.name} required>
            {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
          </Field>
          <Field label="主页地址（domainUrl）" error={errors.domainUrl} hint="在应用中心切换到该客户群时打开的地址，可留空">
            {(control) => <input {...control} value={draft.domainUrl} onChange={(event) => set('domainUrl', event.target.value)} />}
          </Field>
          <Field label="排序" error={errors.sortOrder} hint="数字小的排在前面">
            {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={100000} step={1} value={draft.sortOrder} onChange={(event) => set('sortOrder', event.target.value)} />}
          </Field>
        </div>
        <Field label="域名（每行一个）" error={errors.domains} hint="访问这些主机名时显示该客户群；第一个为单点登录域名">
          {(control) => <textarea {...control} rows={3} value={draft.domains} onChange={(event) => set('domains', event.target.value)} />}
        </Field>
        <Field label="嵌入与回调来源（每行一个）" error={errors.callbackOrigins} hint="允许嵌入登录组件并接收登录回调的品牌站点，如 https://brand.example.com">
          {(control) => <textarea {...control} rows={3} value={draft.callbackOrigins} onChange={(event) => set('callbackOrigins', event.target.value)} />}
        </Field>
        <CheckField label="仅限员工" checked={draft.staffOnly} onChange={(on) => set('staffOnly', on)} hint="经销商账号不能登录该客户群" />
        <CheckField label="要求二次验证" checked={draft.requireMfa} onChange={(on) => set('requireMfa', on)} hint="成员输入密码后还须输入身份验证器的动态验证码；尚未绑定的成员登录时先绑定" />
        <CheckField label="默认客户群" checked={draft.isDefault} onChange={(on) => set('isDefault', on)} hint="未匹配任何域名时显示该客户群" />
        <fieldset className="choices">
          <legend>外观</legend>
          <label className="check"><input type="radio" name="group-look" checked={!draft.customTheme} onChange={() => set('customTheme', false)} />默认外观</label>
          <label className="check"><input type="radio" name="group-look" checked={draft.customTheme} onChange={() => set('customTheme', true)} />自定义颜色和 Logo</label>
        </fieldset>
        {draft.customTheme ? (
          <div className="form__grid form__grid--colours">
            {COLOUR_FIELDS.map(([key, label]) => (
              <Field key={key} label={label}>
                {(control) => <input {...control} type="color" value={draft.colours[key]} onChange={(event) => set('colours', { ...draft.colours, [key]: event.target.value })} />}
              </Field>
            ))}
            <Field label="Logo 地址" error={errors.logoUrl} hint="https:// 网址或 / 开头的站内路径；留空使用内置标志" className="field--wide">
              {(control) => <input {...control} value={draft.logoUrl} onChange={(event) => set('logoUrl', event.target.value)} />}
            </Field>
          </div>
        ) : null}
        <ConsoleFormFooter form={form} submitLabel={creating ? '创建客户群' : '保存修改'} onCancel={onCancel} />
      </form>
      <ThemePreview colours={draft.customTheme ? draft.colours : DEFAULT_COLOURS} ssoDomain={previewDomain} />
    </div>
  );
}
