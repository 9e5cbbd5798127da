// Small conversions between what the forms show and what the contract sends.

/** A date and time in the administrator's time zone, 24-hour. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString('zh-CN', { hour12: false });
}

/** One entry per non-empty line, trimmed. */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
}

export function textOfLines(lines: readonly string[]): string {
  return lines.join('\n');
}

/** Empty text: null. */
export function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** A datetime-local value ("2026-05-01T08:30") as epoch ms in the browser's time zone; '' -> undefined. */
export function epochOfLocal(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** An http(s) URL, absolute. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
