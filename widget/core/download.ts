// Download helper (spec sections 5 and 8): an empty blob gives 内容为空，无法下载; an error blob
// (JSON with a code) is read as text and its msg shown.
import { asEnvelope, envelopeMessage, isSuccessCode, ApiCallError } from './api-error.ts';
import { DEFAULT_ERROR, DOWNLOAD_EMPTY } from './messages.ts';
import type { NoticeCenter } from './notices.ts';

type BlobSaver = (blob: Blob, filename: string) => void;

const saveWithAnchor: BlobSaver = (blob, filename) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
let saver: BlobSaver = saveWithAnchor;

/** Replaces how a blob is saved (tests); returns a restore function. */
export function setBlobSaver(next: BlobSaver): () => void {
  const previous = saver;
  saver = next;
  return () => {
    saver = previous;
  };
}

function filenameFrom(response: Response, fallback: string | undefined): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }
  return fallback ?? 'download';
}

export async function saveDownload(response: Response, notices: NoticeCenter, filename?: string): Promise<void> {
  const blob = await response.blob();
  const type = blob.type || response.headers.get('Content-Type') || '';
  const failed = response.status < 200 || response.status > 299;
  if (failed || type.includes('json')) {
    let envelope = null;
    try {
      envelope = asEnvelope(JSON.parse(await blob.text()));
    } catch {
      envelope = null;
    }
    if (failed || (envelope && 'code' in envelope && !isSuccessCode(envelope.code))) {
      const message = envelopeMessage(envelope, DEFAULT_ERROR);
      notices.toast('error', message);
      throw new ApiCallError(message, response.status, (envelope?.code as string | number | undefined) ?? response.status);
    }
  }
  if (blob.size === 0) {
    notices.toast('warning', DOWNLOAD_EMPTY);
    throw new ApiCallError(DOWNLOAD_EMPTY, response.status, 'EMPTY');
  }
  saver(blob, filenameFrom(response, filename));
}
