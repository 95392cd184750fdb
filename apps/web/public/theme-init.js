// Applies the stored theme (local storage 'vite-ui-theme', default light) before React starts,
// so a dark-theme user never sees a white flash.
(() => {
  let theme = 'light';
  try {
    theme = localStorage.getItem('vite-ui-theme') || 'light';
  } catch (_e) {
    // storage unavailable: light
  }
  if (theme === 'system') theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.classList.add(theme === 'dark' ? 'dark' : 'light');
})();
