import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../test/modules-loaded.ts';

describe('compromise (the offline AI grammar)', () => {
  it('is not loaded with the server: the app, its routes and the offline AI load without it', () => {
    const loaded = modulesLoadedBy(`await import('./app.ts'); await import('./bootstrap.ts'); await import('./ai/offline/step-generator.ts');`);
    expect(loaded.some((u) => u.endsWith('/src/ai/offline/step-sentence.ts'))).toBe(true);
    expect(loaded.filter((u) => u.includes('/node_modules/compromise/'))).toEqual([]);
  });

  it('loads at the first parse, once, and parses', () => {
    const loaded = modulesLoadedBy(
      `const { nlp } = await import('./ai/nlp.ts'); const nouns = nlp('the red carts').nouns().toSingular().out('array'); if (nouns[0] !== 'the red cart') throw new Error(String(nouns)); nlp('again');`,
    );
    expect(loaded.filter((u) => u.includes('/node_modules/compromise/'))).toHaveLength(1);
  });
});
