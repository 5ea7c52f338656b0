import { config } from 'zod/v4/core';

// zod compiles fast parsers with `new Function` when it finds eval allowed, probing as each object
// schema is made; the server's content security policy allows no eval, and even the guarded probe
// is reported as a violation. index.html runs this module before the app, so before any schema.
// zod's core config alone (not the whole library): the login page's first load carries no schema.
config({ jitless: true });
