// Module resolution hook of a trial session: `@cucumber/cucumber`, imported by the step library and
// by workspace step files, is the collecting shim.
const SHIM = new URL('./cucumber-shim.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@cucumber/cucumber') return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}
