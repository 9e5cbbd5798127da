// Loads a third-party script (the messengers' QR SDKs) once per URL. A script element with src
// only: nothing inline, so a strict CSP just needs the SDK host in script-src.
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = 15_000): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => finish(new Error(`timeout loading ${src}`)), timeoutMs);
    function finish(error?: Error) {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (error) {
        script.remove();
        loading.delete(src);
        reject(error);
      } else {
        resolve();
      }
    }
    script.onload = () => finish();
    script.onerror = () => finish(new Error(`failed to load ${src}`));
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}
