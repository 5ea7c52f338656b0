#!/usr/bin/env node
// Entry of the `stepwise` command. The sources are TypeScript, run by Node's type stripping (Node 22.18+).
// The compile cache first (compile-cache.ts), then the command's modules: loaded after it, they are cached.
import { keepCompiledCode } from '../src/compile-cache.ts';

keepCompiledCode();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
