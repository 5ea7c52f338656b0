#!/usr/bin/env node
// Entry of the `stepwise` command. The sources are TypeScript, run by Node's type stripping (Node 22.18+).
import { main } from '../src/main.ts';

process.exitCode = await main(process.argv);
