// The 40 px icon of an app card. A missing or broken logo shows the app's first character on a
// coloured tile instead (the colour follows the name, so the same app always looks the same).
import { useEffect, useState } from 'react';

const FALLBACK_HUES = 6;

function hueIndex(name: string): number {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return sum % FALLBACK_HUES;
}

export function AppIcon({ src, name }: { src: string | null | undefined; name: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);

  if (!src || failed) {
    const initial = Array.from(name.trim())[0] ?? '?';
    return (
      <span className={`app-icon app-icon-fallback hue-${hueIndex(name)}`} part="icon icon-fallback" aria-hidden="true">
        {initial}
      </span>
    );
  }
  return (
    <img
      className="app-icon"
      part="icon"
      src={src}
      alt=""
      width={40}
      height={40}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
