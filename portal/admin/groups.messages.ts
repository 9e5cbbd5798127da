// The texts of the console's 客户群 section: the list, a group's form with its theme and the live
// preview. Refusals the server sends are contract/errors.ts's; the shared pieces console.messages.ts's.

/** The live <sso-login> beside the form (theme-preview.tsx). */
export const ThemePreviewText = {
  caption: (ssoDomain: string | null) => `登录页预览${ssoDomain ? `（${ssoDomain}）` : ''}：颜色随表单即时变化，保存后生效`,
} as const;
