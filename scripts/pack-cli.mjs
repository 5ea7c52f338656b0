// `npm run pack:cli`: the `stepwise` command line as one npm package that installs on its own
// (`npm install -g stepwise-cli-<version>.tgz`), without a copy of the Stepwise source. Node does not
// strip the types of files under node_modules, so the TypeScript of packages/cli, runner, recorder and
// shared is compiled to JavaScript (TypeScript's transpiler, `.ts` imports rewritten to `.js`) into a
// staging folder; the three libraries go inside the package (bundleDependencies), the step library's
// file beside the runner; every other dependency is an ordinary npm dependency. `stepwise worker`
// needs the server's code and stays with the source. Prints the tarball's path.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { root } from './lib.mjs';

/** Where `npm start` puts the package, and where the server serves it from (CLIENT_PACKAGE_DIR to change it). */
export const CLIENT_PACKAGE_DIR = path.join(root, 'dist');
const INTERNAL = ['shared', 'runner', 'recorder'];
/** What the package is made of: a change in any of these makes it again. */
const SOURCES = [...['cli', ...INTERNAL].map((n) => path.join(root, 'packages', n)), path.join(root, 'apps/server/src/steps/builtin'), fileURLToPath(import.meta.url)];
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const cliManifest = read(path.join(root, 'packages/cli/package.json'));

const isTest = (file) => /\.test\.ts$|(^|[\\/])test[\\/]|test-kit\.ts$/.test(file);

/** Compiles (or copies) a package's `src` into `to/src`. */
function stageSources(from, to) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const rel = path.relative(from, source);
    if (isTest(rel)) continue;
    const target = path.join(to, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!rel.endsWith('.ts')) {
      fs.copyFileSync(source, target);
      continue;
    }
    const { outputText, diagnostics } = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
      fileName: source,
      reportDiagnostics: true,
      compilerOptions: {
        target: ts.ScriptTarget.ES2023,
        module: ts.ModuleKind.ESNext,
        verbatimModuleSyntax: true,
        rewriteRelativeImportExtensions: true,
      },
    });
    if (diagnostics?.length) throw new Error(`${rel}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
    fs.writeFileSync(target.replace(/\.ts$/, '.js'), outputText);
  }
}

/** A package.json whose exports name the compiled files. */
function jsManifest(manifest, extra = {}) {
  const exports = JSON.parse(JSON.stringify(manifest.exports ?? {}).replaceAll('.ts"', '.js"'));
  const { devDependencies: _dev, ...rest } = manifest;
  return { ...rest, exports, ...extra };
}

const thirdParty = (deps = {}) => Object.fromEntries(Object.entries(deps).filter(([name]) => !name.startsWith('@stepwise/')));

/** The newest file's time under `dir` (tests and node_modules left out). */
function newestUnder(dir) {
  let newest = fs.statSync(dir).mtimeMs;
  if (!fs.statSync(dir).isDirectory()) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !file.includes(`${path.sep}node_modules${path.sep}`) && !isTest(file)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

/** The package's tarball in `outDir`, or null. */
export function cliPackageIn(outDir = CLIENT_PACKAGE_DIR) {
  const name = `stepwise-cli-${cliManifest.version}.tgz`;
  return fs.existsSync(path.join(outDir, name)) ? path.join(outDir, name) : null;
}

/** Makes the package when it is missing or older than what it is made of; returns its path. */
export function ensureCliPackage({ outDir = CLIENT_PACKAGE_DIR, onPack = () => {} } = {}) {
  const packed = cliPackageIn(outDir);
  if (packed && fs.statSync(packed).mtimeMs >= Math.max(...SOURCES.map(newestUnder))) return packed;
  onPack();
  return packCli(outDir);
}

/** Makes the package in `outDir` (the tarball replaced at once: a download meanwhile gets the old or the new one). */
export function packCli(outDir = CLIENT_PACKAGE_DIR) {
  fs.mkdirSync(outDir, { recursive: true });
  const stage = fs.mkdtempSync(path.join(outDir, '.stage-'));
  try {
    const dependencies = { ...thirdParty(cliManifest.dependencies) };
    for (const name of INTERNAL) {
      const dir = path.join(root, 'packages', name);
      const manifest = read(path.join(dir, 'package.json'));
      const to = path.join(stage, 'node_modules/@stepwise', name);
      stageSources(path.join(dir, 'src'), path.join(to, 'src'));
      // No dependencies of its own: npm takes a bundled package's dependencies for bundled too, and would
      // not install them. The command line's package names them all (resolved from its node_modules).
      fs.writeFileSync(path.join(to, 'package.json'), JSON.stringify(jsManifest(manifest, { dependencies: {} }), null, 2));
      Object.assign(dependencies, thirdParty(manifest.dependencies));
    }
    // The step library, where the runner looks for it first (runner/src/paths.ts).
    fs.cpSync(path.join(root, 'apps/server/src/steps/builtin'), path.join(stage, 'node_modules/@stepwise/runner/builtin'), { recursive: true });
    stageSources(path.join(root, 'packages/cli/src'), path.join(stage, 'src'));
    fs.mkdirSync(path.join(stage, 'bin'));
    fs.writeFileSync(
      path.join(stage, 'bin/stepwise.mjs'),
      "#!/usr/bin/env node\n// Entry of the `stepwise` command (the package's compiled JavaScript).\nimport { keepCompiledCode } from '../src/compile-cache.js';\n\nkeepCompiledCode();\nconst { main } = await import('../src/main.js');\nprocess.exitCode = await main(process.argv);\n",
      { mode: 0o755 },
    );
    fs.copyFileSync(path.join(root, 'packages/cli/README.md'), path.join(stage, 'README.md'));
    const { private: _private, ...manifest } = jsManifest(cliManifest, {
      name: 'stepwise-cli',
      engines: { node: '>=22.18' },
      dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
      bundleDependencies: INTERNAL.map((n) => `@stepwise/${n}`),
      files: ['bin', 'src', 'README.md'],
    });
    // The internal packages are in the tarball; npm finds them by these entries.
    for (const n of INTERNAL) manifest.dependencies[`@stepwise/${n}`] = read(path.join(root, 'packages', n, 'package.json')).version;
    fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
    const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', stage], { cwd: stage, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
    const name = packed.stdout.trim().split('\n').pop();
    fs.renameSync(path.join(stage, name), path.join(outDir, name));
    return path.join(outDir, name);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) console.log(packCli(process.argv[2] ? path.resolve(process.argv[2]) : undefined));
