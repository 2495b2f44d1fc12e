/** A bare Fastify hello-world, the baseline `pnpm bench` compares the API with. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 8796), host: '127.0.0.1' });
console.log('ready');
