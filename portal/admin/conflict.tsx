// 409 AU00603: the row changed since it was read. The form keeps what was typed; 重新加载 reads the
// list again and puts the current row into the form (what was typed is then replaced, on request).
import { refusalCode } from './console-api.ts';
import { ConsoleText } from './console.messages.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';

export function isConflict(error: unknown): boolean {
  return refusalCode(error) === RefusalCode.editConflict;
}

export function ReloadOffer({ onReload, busy }: { onReload(): void; busy?: boolean }) {
  return (
    <button type="button" className="btn btn--plain" onClick={onReload} disabled={busy}>
      {ConsoleText.reloadLatest}
    </button>
  );
}
