// apiPath() builds the web's API paths from the server's table of routes. The `@ts-expect-error` lines are the
// compiler's half of the test: `npm run typecheck` fails if any of them is accepted.
import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path';

describe('apiPath', () => {
  it('returns a template without parameters as it is', () => {
    expect(apiPath('/api/employees')).toBe('/api/employees');
    expect(apiPath('/api/auth/me')).toBe('/api/auth/me');
  });

  it('fills each :param, encoded into its segment', () => {
    expect(apiPath('/api/employees/:id', { id: 12 })).toBe('/api/employees/12');
    expect(apiPath('/api/employees/:id', { id: 'a/b c?' })).toBe('/api/employees/a%2Fb%20c%3F');
    expect(apiPath('/api/payroll/tax-declarations/:employeeId/proofs/:section', { employeeId: 7, section: '80C' })).toBe(
      '/api/payroll/tax-declarations/7/proofs/80C',
    );
  });

  it('takes a union of templates built from a typed value', () => {
    const paths = (['arrival', 'departure'] as const).map((what) => apiPath(`/api/visitors/:id/${what}`, { id: 3 }));
    expect(paths).toEqual(['/api/visitors/3/arrival', '/api/visitors/3/departure']);
  });

  it('refuses a missing value at run time too', () => {
    expect(() => apiPath('/api/employees/:id', { id: undefined as unknown as number })).toThrow('No value for :id of /api/employees/:id');
  });

  it('accepts only the templates and parameters of the table (checked by the compiler)', () => {
    const id = 1;
    const built = () => [
      // @ts-expect-error a path the server does not serve
      apiPath('/api/no-such-path'),
      // @ts-expect-error a path with its value typed in instead of its template
      apiPath('/api/employees/12'),
      // @ts-expect-error the template's parameter is missing
      apiPath('/api/employees/:id'),
      // @ts-expect-error a parameter of another name
      apiPath('/api/employees/:id', { employeeId: id }),
      // @ts-expect-error a parameter the template does not have
      apiPath('/api/employees/:id', { id, extra: 2 }),
      // @ts-expect-error parameters for a template without any
      apiPath('/api/employees', { id }),
      // @ts-expect-error one of two parameters missing
      apiPath('/api/payroll/tax-declarations/:employeeId/proofs/:section', { employeeId: id }),
      // @ts-expect-error a value that may be missing
      apiPath('/api/employees/:id', { id: id as number | undefined }),
    ];
    expect(typeof built).toBe('function');
  });
});
