/** A developer-only screen that fails while rendering (test builds): the e2e test checks the fallback keeps the shell. */
export default function RenderErrorDevScreen(): never {
  throw new Error('Test rendering error');
}
