/**
 * The attackers of the "under attack" figure, in a process of their own: half of them send 25 MB
 * unsigned bodies to the import route (the route with the largest body limit), the other half send
 * signed decklists built to make a backtracking parser spin (`a`, a run of spaces, `!`; runs of
 * ` *F*`), each client as a signed-in user of its own, as fast as the server answers. Runs until
 * killed; prints how many answers it got.
 *
 *   tsx bench/attacker.ts <port> <clients> <token:userId,…> <key> <secret>
 */
import { request } from 'node:http';
import { prepareRequest, signHeaders } from '@companion/sdk';
import { contract, LIMITS } from '@companion/sdk/contract';

const [port, clients, sessions, apiKey, secret] = process.argv.slice(2);
const signedIn = (sessions ?? '').split(',').map((pair) => {
  const [token = '', userId = ''] = pair.split(':');
  return { token, userId };
});
const BIG = Buffer.alloc(25 * 1024 * 1024, 'a');
const n = Number(clients ?? 20);
let answered = 0;
let refused = 0;

function send(path: string, method: string, headers: Record<string, string>, body: Buffer | string) {
  return new Promise<void>((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        path,
        method,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode < 500) answered++;
          else refused++;
          done();
        });
      },
    );
    req.on('error', () => {
      refused++;
      done();
    });
    req.end(body);
  });
}

async function bigBodies() {
  const path = '/user/lists/00000000-0000-4000-8000-000000000000/import';
  for (;;) await send(path, 'POST', { 'content-type': 'application/json' }, BIG);
}

const hostile = [
  `a${' '.repeat(LIMITS.decklist.max - 2)}!`,
  `1 x${' *F*'.repeat(Math.floor((LIMITS.decklist.max - 3) / 4))}`,
  `//${' a'.repeat(Math.floor((LIMITS.decklist.max - 2) / 2))}`,
];

async function decklists(i: number) {
  const config = { apiKey: apiKey as string, secret: secret as string, device: 'attacker' };
  for (let k = 0; ; k++) {
    const body = { name: 'x', formatId: 'commander', decklist: hostile[(i + k) % hostile.length] };
    const prepared = prepareRequest(
      contract.decks.create,
      { body },
      config,
      signedIn[Math.floor(i / 2) % signedIn.length],
    );
    const headers: Record<string, string> = { ...prepared.headers };
    signHeaders(
      (name, value) => {
        headers[name] = value;
      },
      prepared,
      config,
      Date.now(),
    );
    await send(prepared.pathWithQuery, 'POST', headers, prepared.body as string);
  }
}

// BENCH_ATTACK=bodies or =decklists keeps one half of the attack (to tell their costs apart).
const only = process.env.BENCH_ATTACK;
for (let i = 0; i < n; i++) {
  if (i % 2 === 0 && only !== 'decklists') void bigBodies();
  if (i % 2 === 1 && only !== 'bodies') void decklists(i);
}
process.on('SIGTERM', () => {
  console.log(JSON.stringify({ answered, refused }));
  process.exit(0);
});
console.log('attacking');
