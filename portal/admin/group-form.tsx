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
import { GroupFormText as T } from './groups.messages.ts';

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
  ['primaryColor', T.colours.primaryColor],
  ['primaryHoverColor', T.colours.primaryHoverColor],
  ['backgroundFrom', T.colours.backgroundFrom],
  ['backgroundTo', T.colours.backgroundTo],
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
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return T.notHttp;
    return null;
  } catch {
    return T.notAnAddress;
  }
}

function validate(draft: GroupDraft, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.code) errors.code = T.requiredCode;
  else if (creating && !GROUP_CODE_PATTERN.test(draft.code)) errors.code = T.badCode;
  if (!draft.name.trim()) errors.name = T.requiredName;
  else if (draft.name.trim().length > 64) errors.name = T.nameTooLong;
  const domains = linesOf(draft.domains).map((d) => d.toLowerCase());
  if (domains.length > 20) errors.domains = T.tooManyDomains;
  else {
    const bad = domains.find((domain) => !HOST_NAME.test(domain));
    if (bad) errors.domains = T.badDomain(bad);
  }
  if (draft.domainUrl.trim()) {
    const problem = originProblem(draft.domainUrl.trim());
    if (problem) errors.domainUrl = problem;
  }
  const origins = linesOf(draft.callbackOrigins);
  if (origins.length > 50) errors.callbackOrigins = T.tooManyOrigins;
  else {
    for (const origin of origins) {
      const problem = originProblem(origin);
      if (problem) {
        errors.callbackOrigins = T.badOrigin(origin, problem);
        break;
      }
    }
  }
  const order = Number(draft.sortOrder);
  if (draft.sortOrder.trim() === '' || !Number.isInteger(order) || order < 0 || order > 100_000) errors.sortOrder = T.badSortOrder;
  if (draft.customTheme && draft.logoUrl.trim() && !THEME_LOGO_PATTERN.test(draft.logoUrl.trim())) {
    errors.logoUrl = T.badLogoUrl;
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
    goneText: T.gone,
  });
  const { draft, set, errors } = form;

  const previewDomain = group?.domains[0] ?? null;
  return (
    <div className="group-editor">
      <form ref={form.formRef} className="form panel" onSubmit={form.submit} noValidate aria-labelledby="group-form-title">
        <h3 id="group-form-title" tabIndex={-1}>{creating ? T.titleNew : T.titleEdit(group.name)}</h3>
        <div className="form__grid">
          <Field label={T.code} error={errors.code} required hint={creating ? T.codeHintNew : T.codeHintEdit}>
            {(control) => <input {...control} value={draft.code} readOnly={!creating} maxLength={32} onChange={(event) => set('code', event.target.value)} />}
          </Field>
          <Field label={T.name} error={errors.name} required>
            {(control) => <input {...control} value={draft.name} maxLength={64} onChange={(event) => set('name', event.target.value)} />}
          </Field>
          <Field label={T.domainUrl} error={errors.domainUrl} hint={T.domainUrlHint}>
            {(control) => <input {...control} value={draft.domainUrl} onChange={(event) => set('domainUrl', event.target.value)} />}
          </Field>
          <Field label={T.sortOrder} error={errors.sortOrder} hint={T.sortOrderHint}>
            {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={100000} step={1} value={draft.sortOrder} onChange={(event) => set('sortOrder', event.target.value)} />}
          </Field>
        </div>
        <Field label={T.domains} error={errors.domains} hint={T.domainsHint}>
          {(control) => <textarea {...control} rows={3} value={draft.domains} onChange={(event) => set('domains', event.target.value)} />}
        </Field>
        <Field label={T.origins} error={errors.callbackOrigins} hint={T.originsHint}>
          {(control) => <textarea {...control} rows={3} value={draft.callbackOrigins} onChange={(event) => set('callbackOrigins', event.target.value)} />}
        </Field>
        <CheckField label={T.staffOnly} checked={draft.staffOnly} onChange={(on) => set('staffOnly', on)} hint={T.staffOnlyHint} />
        <CheckField label={T.requireMfa} checked={draft.requireMfa} onChange={(on) => set('requireMfa', on)} hint={T.requireMfaHint} />
        <CheckField label={T.isDefault} checked={draft.isDefault} onChange={(on) => set('isDefault', on)} hint={T.isDefaultHint} />
        <fieldset className="choices">
          <legend>{T.look}</legend>
          <label className="check"><input type="radio" name="group-look" checked={!draft.customTheme} onChange={() => set('customTheme', false)} />{T.defaultLook}</label>
          <label className="check"><input type="radio" name="group-look" checked={draft.customTheme} onChange={() => set('customTheme', true)} />{T.customLook}</label>
        </fieldset>
        {draft.customTheme ? (
          <div className="form__grid form__grid--colours">
            {COLOUR_FIELDS.map(([key, label]) => (
              <Field key={key} label={label}>
                {(control) => <input {...control} type="color" value={draft.colours[key]} onChange={(event) => set('colours', { ...draft.colours, [key]: event.target.value })} />}
              </Field>
            ))}
            <Field label={T.logoUrl} error={errors.logoUrl} hint={T.logoUrlHint} className="field--wide">
              {(control) => <input {...control} value={draft.logoUrl} onChange={(event) => set('logoUrl', event.target.value)} />}
            </Field>
          </div>
        ) : null}
        <ConsoleFormFooter form={form} submitLabel={creating ? T.create : T.save} onCancel={onCancel} />
      </form>
      <ThemePreview colours={draft.customTheme ? draft.colours : DEFAULT_COLOURS} ssoDomain={previewDomain} />
    </div>
  );
}
