/** The browser's position for a punch, or null when the user refuses, the browser cannot tell, or it takes too long. */
export type TPosition = { latitude: number; longitude: number; accuracy: number };

export function currentPosition(timeoutMs = 8000): Promise<TPosition | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    // Some browsers never call back when the permission prompt is ignored: give up on our own clock too.
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: Math.min(100_000, Math.max(0, Math.round(p.coords.accuracy))),
        });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
