// What a group theme (contract GroupTheme) may hold: the server's import and the widget, which
// puts the colours into a stylesheet and the logo into an <img src>, check the same forms.

/** #rrggbb, the only colour form a theme accepts: nothing that could end a CSS declaration. */
export const THEME_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A root-relative path or an https URL, without quotes, brackets, backslashes or spaces. */
export const THEME_LOGO_PATTERN = /^(\/(?!\/)|https:\/\/)[^\s"'()<>\\]*$/;

export const THEME_COLOR_KEYS = ['primaryColor', 'primaryHoverColor', 'backgroundFrom', 'backgroundTo'] as const;
