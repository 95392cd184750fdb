import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorFallback } from './ErrorBoundary';

describe('rendering-error fallback (spec section 8)', () => {
  it("shows 'Something went wrong:' and the message in red", () => {
    const html = renderToStaticMarkup(<ErrorFallback error={new Error('boom <b>')} />);
    expect(html).toContain('<p>Something went wrong:</p>');
    expect(html).toMatch(/<pre class="[^"]*text-red-600[^"]*">boom &lt;b&gt;<\/pre>/);
  });

  it('shows non-Error values too', () => {
    expect(renderToStaticMarkup(<ErrorFallback error="plain text" />)).toContain('plain text</pre>');
  });
});
