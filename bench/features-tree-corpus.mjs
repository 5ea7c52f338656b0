/** A generated workspace: 2,000 features (10 scenarios each) in nested folders, deterministic. */
const AREAS = ['auth', 'cart', 'checkout', 'search', 'profile', 'admin', 'billing', 'orders', 'catalog', 'support'];
const SUB = ['web', 'mobile', 'api', 'regression'];
const VERBS = ['open', 'click', 'fill', 'select', 'check', 'press', 'wait for', 'verify', 'scroll to', 'hover over'];
const THINGS = ['the login button', 'the search box', 'the cart icon', 'the checkout form', 'the profile menu', 'the order list', 'the price label', 'the filter panel'];

let seed = 42;
const rnd = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const pick = (list) => list[rnd(list.length)];
const step = (kw) => `    ${kw} I ${pick(VERBS)} ${pick(THINGS)} with "${rnd(1000)}"`;

function scenario(f, s) {
  const lines = [];
  const tags = ['@regression', rnd(3) === 0 ? '@smoke' : null, rnd(5) === 0 ? `@ticket-${rnd(9000)}` : null].filter(Boolean);
  lines.push(`  ${tags.join(' ')}`);
  if (rnd(10) < 3) {
    lines.push(`  Scenario Outline: Feature ${f} outline ${s} with <value>`);
    lines.push(step('Given'), `    When I type "<value>" into ${pick(THINGS)}`, step('And'), `    Then I see "<result>"`);
    lines.push('', '    Examples:', '      | value | result |');
    for (let r = 0; r < 3; r++) lines.push(`      | v${rnd(100)}   | r${rnd(100)}    |`);
  } else {
    lines.push(`  Scenario: Feature ${f} scenario ${s}`);
    lines.push(step('Given'), step('When'), step('And'));
    if (rnd(8) === 0) lines.push('    And the following rows:', '      | name | qty |', `      | a${rnd(9)}   | ${rnd(9)}   |`, `      | b${rnd(9)}   | ${rnd(9)}   |`);
    if (rnd(12) === 0) lines.push('    And the payload:', '      """json', `      { "id": ${rnd(999)}, "ok": true }`, '      """');
    lines.push(step('Then'), step('And'));
  }
  return lines.join('\n');
}

export function generateWorkspace({ features = 2000, scenariosPerFeature = 10 } = {}) {
  const files = new Map();
  for (let f = 0; f < features; f++) {
    const folder = `features/${AREAS[f % AREAS.length]}/${SUB[Math.floor(f / AREAS.length) % SUB.length]}${f % 3 === 0 ? '/extra' : ''}`;
    const lines = [`@area-${AREAS[f % AREAS.length]}`, `Feature: Generated feature ${f}`, '  As a shopper I want things to work.', ''];
    if (f % 2 === 0) lines.push('  Background:', step('Given'), '');
    for (let s = 0; s < scenariosPerFeature; s++) lines.push(scenario(f, s), '');
    files.set(`${folder}/feature_${String(f).padStart(4, '0')}.feature`, lines.join('\n'));
  }
  return files;
}
