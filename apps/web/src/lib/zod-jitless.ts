import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may, and finds out by trying once as the
// first object schema is built: the Content Security Policy (no 'unsafe-eval') blocks and reports
// that try. Interpreted parsers instead; imported first by main.tsx, before any schema exists.
config({ jitless: true });
