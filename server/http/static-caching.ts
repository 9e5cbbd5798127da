// How the built portal and widget files are served: precompressed copies (.br, .gz written by
// scripts/precompress.ts at build time) chosen by Accept-Encoding, with Vary: Accept-Encoding
// (@fastify/static preCompressed); files whose name carries a content hash (Vite's
// name-[hash].js in portal/assets and widget/chunks) cached for a year as immutable: a new build
// gives them new names. Everything else (index.html, the widget entry sso-widget.js that brand
// sites load by a fixed name, custom-elements.json) keeps max-age=0 with ETag and Last-Modified,
// so browsers revalidate it (304) and a deploy shows at once.
import path from 'node:path';
import type { FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
// The path is that of the copy sent: it may end in .br or .gz.
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.(?:js|css|svg|png|jpg|webp|woff2?)(?:\.br|\.gz)?$/;
const HASHED_DIRS = new Set(['assets', 'chunks']);

export function isHashedAsset(filePath: string): boolean {
  return HASHED_NAME.test(filePath) && HASHED_DIRS.has(path.basename(path.dirname(filePath)));
}

export const staticAssetOptions = {
  preCompressed: true,
  setHeaders(reply: FastifyReply, filePath: string): void {
    if (isHashedAsset(filePath)) reply.header('cache-control', IMMUTABLE);
  },
};
