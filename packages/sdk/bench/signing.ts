import { contract } from '../src/contract/index.js';
import { prepareRequest, signHeaders } from '../src/index.js';

const config = { apiKey: 'bench-key', secret: 'bench-secret', device: 'web' };
const credentials = { token: 'session-token-0123456789abcdef', userId: 'user-1' };

function measure(label: string, fn: () => void, minMs = 1500): number {
  for (let i = 0; i < 2000; i++) fn(); // warm-up
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 1000; i++) fn();
    n += 1000;
    elapsed = performance.now() - start;
  }
  const micro = (elapsed * 1000) / n;
  console.log(`sdk      ${label}: ${micro.toFixed(2)} µs per call (${n.toLocaleString('en-US')} calls)`);
  return micro;
}

/** Signing + request building per call (validation, path, query, body, headers, signature). */
export async function run(): Promise<void> {
  const headers = new Headers();
  const set = (name: string, value: string) => headers.set(name, value);

  const get = () => {
    const prepared = prepareRequest(
      contract.collection.search,
      { query: { name: 'dragon', page: 2, limit: 50, order_by: 'price', order_direction: 'desc' } },
      config,
      credentials,
    );
    signHeaders(set, prepared, config, Date.now());
  };
  const post = () => {
    const prepared = prepareRequest(
      contract.lists.addCards,
      {
        params: { id: 'list-1' },
        body: {
          cards: [
            { setCode: 'mid', collectorNumber: '2', quantity: 2, finish: 'foil' },
            { name: 'Sol Ring', quantity: 1 },
          ],
        },
      },
      config,
      credentials,
    );
    signHeaders(set, prepared, config, Date.now());
  };
  const a = measure('sign + build GET /user/collection/search', get);
  const b = measure('sign + build POST /user/lists/:id/cards', post);
  const worst = Math.max(a, b);
  console.log(
    `sdk      signing + request building: ${worst.toFixed(2)} µs per call worst case (target < 50 µs) ${worst < 50 ? 'OK' : 'MISSED'}`,
  );
}
