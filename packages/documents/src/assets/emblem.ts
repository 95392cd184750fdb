// Source of the default logo and watermark (a pillared building in a circular frame, the look of a
// payroll office seal). `scripts/make-default-images.ts` renders these to the PNGs in default-images.ts;
// re-run it after changing them.

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
  <circle cx="100" cy="100" r="98" fill="#1f3a5f"/>
  <circle cx="100" cy="100" r="86" fill="none" stroke="#e3b04b" stroke-width="5"/>
  <path d="M100 38 L156 70 L44 70 Z" fill="#e3b04b"/>
  <rect x="50" y="74" width="100" height="7" fill="#e3b04b"/>
  <rect x="58" y="86" width="13" height="50" rx="2" fill="#ffffff"/>
  <rect x="81" y="86" width="13" height="50" rx="2" fill="#ffffff"/>
  <rect x="106" y="86" width="13" height="50" rx="2" fill="#ffffff"/>
  <rect x="129" y="86" width="13" height="50" rx="2" fill="#ffffff"/>
  <rect x="50" y="141" width="100" height="8" fill="#e3b04b"/>
  <rect x="42" y="153" width="116" height="8" fill="#e3b04b"/>
</svg>`;

export const WATERMARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
  <circle cx="100" cy="100" r="94" fill="none" stroke="#1f3a5f" stroke-width="6"/>
  <circle cx="100" cy="100" r="82" fill="none" stroke="#1f3a5f" stroke-width="2"/>
  <path d="M100 38 L156 70 L44 70 Z" fill="#1f3a5f"/>
  <rect x="50" y="74" width="100" height="7" fill="#1f3a5f"/>
  <rect x="58" y="86" width="13" height="50" rx="2" fill="#1f3a5f"/>
  <rect x="81" y="86" width="13" height="50" rx="2" fill="#1f3a5f"/>
  <rect x="106" y="86" width="13" height="50" rx="2" fill="#1f3a5f"/>
  <rect x="129" y="86" width="13" height="50" rx="2" fill="#1f3a5f"/>
  <rect x="50" y="141" width="100" height="8" fill="#1f3a5f"/>
  <rect x="42" y="153" width="116" height="8" fill="#1f3a5f"/>
</svg>`;
