import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// A real HTTP server stands in for the API (nothing of ours is mocked), as in api.test.ts; Node has no Web Storage.
class MemoryStorage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
}
Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

const { api, ApiError } = await import('./api');
const { subscribeToasts, getToasts, dismissToast } = await import('./toast-store');
const { actionRunner, useAction } = await import('./useAction');
type ActionOptions<A extends unknown[], R> = import('./useAction').ActionOptions<A, R>;

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if ((req.url ?? '').split('?')[0] === '/ok') return json(200, { id: 7, name: 'Head office' });
    json(409, { statusCode: 409, error: 'Conflict', message: 'The month is locked' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Every toast shown from now on (the store keeps one at a time), and the busy states a runner went through. */
let shown: { title?: unknown; description?: unknown; variant?: string }[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  dismissToast();
  unsubscribe();
  shown = [];
  const seen = new Set(getToasts().map((t) => t.id));
  unsubscribe = subscribeToasts(() => {
    for (const t of getToasts())
      if (!seen.has(t.id)) {
        seen.add(t.id);
        shown.push({ title: t.title, description: t.description, variant: t.variant });
      }
  }) as () => void;
});

function runner<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options: ActionOptions<A, R> = {}) {
  const states: (A | null)[] = [];
  const run = actionRunner<A, R>(
    () => ({ fn, options }),
    (p) => states.push(p),
  );
  return { run, states };
}

describe('useAction', () => {
  it('is busy while the call runs, shows the success title, then runs onDone still busy', async () => {
    const order: string[] = [];
    const { run, states } = runner((id: number) => api.get<{ id: number; name: string }>(`${base}/ok`, { id }), {
      success: 'Unit saved',
      onDone: async (unit, id) => {
        order.push(`done ${unit.name} ${id} busy=${states.at(-1) !== null}`);
      },
    });
    const result = await run(7);
    expect(result).toEqual({ id: 7, name: 'Head office' });
    expect(states).toEqual([[7], null]);
    expect(order).toEqual(['done Head office 7 busy=true']);
    expect(shown).toEqual([{ variant: 'success', title: 'Unit saved', description: undefined }]);
  });

  it('makes the toast from the result and the arguments, or none', async () => {
    const named = runner(async (who: string) => ({ count: 3, who }), {
      success: (r, who) => ({ title: 'Approved', description: `${who}: ${r.count} days` }),
    });
    await named.run('Asha');
    const silent = runner(async () => 0, { success: () => null });
    await silent.run();
    expect(shown).toEqual([{ variant: 'success', title: 'Approved', description: 'Asha: 3 days' }]);
  });

  it("leaves an API failure's message to the one toast the API call shows, then runs onError and ends busy", async () => {
    const errors: unknown[] = [];
    const done: unknown[] = [];
    const { run, states } = runner(() => api.post(`${base}/locked`, {}), {
      success: 'Saved',
      onDone: (r) => done.push(r),
      onError: (e) => errors.push(e),
    });
    expect(await run()).toBeUndefined();
    expect(states).toEqual([[], null]);
    expect(done).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ApiError);
    expect((errors[0] as InstanceType<typeof ApiError>).status).toBe(409);
    // exactly one error toast: the API call's, not a second one from the action
    expect(shown).toEqual([{ variant: 'destructive', title: 'ERR!!', description: 'The month is locked' }]);
  });

  it("shows the 'ERR!!' toast for a failure that is no API call's", async () => {
    const { run } = runner(async () => {
      throw new Error('The PDF could not be built');
    });
    expect(await run()).toBeUndefined();
    expect(shown).toEqual([{ variant: 'destructive', title: 'ERR!!', description: 'The PDF could not be built' }]);
  });

  it("tells which run is pending: the last one started (a row's button is disabled by it)", async () => {
    const release: Record<number, () => void> = {};
    const { run, states } = runner(
      (id: number) =>
        new Promise<number>((r) => {
          release[id] = () => r(id);
        }),
    );
    const first = run(1);
    const second = run(2);
    expect(states).toEqual([[1], [2]]);
    release[1]?.();
    expect(await first).toBe(1);
    release[2]?.();
    expect(await second).toBe(2);
    expect(states).toEqual([[1], [2], null, null]);
  });

  it('shows the error toast of a failing onDone and still ends busy', async () => {
    const { run, states } = runner(async () => 5, {
      success: 'Saved',
      onDone: () => {
        throw new Error('The list could not be refreshed');
      },
    });
    expect(await run()).toBe(5);
    expect(states).toEqual([[], null]);
    expect(shown).toEqual([
      { variant: 'success', title: 'Saved', description: undefined },
      { variant: 'destructive', title: 'ERR!!', description: 'The list could not be refreshed' },
    ]);
  });

  it('starts idle in a component', () => {
    function Probe() {
      const save = useAction(async () => 1, { success: 'Saved' });
      return <button disabled={save.busy}>{save.pending === null ? 'idle' : 'pending'}</button>;
    }
    expect(renderToStaticMarkup(<Probe />)).toBe('<button>idle</button>');
  });
});
