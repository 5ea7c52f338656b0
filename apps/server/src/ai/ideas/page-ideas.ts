import type { IdeaKeyword, IdeaStep } from '@stepwise/shared';
import type { IdeaTransition } from '../ai-types.ts';
import { nameCoverage, wordsOf } from '../offline/name-match.ts';
import { ParamSet, scenarioName, type Candidate } from './candidate.ts';
import { exampleValue, isPasswordField } from './example-values.ts';
import { reachWithItem, type Catalogue } from './item-ideas.ts';
import type { PageForm, PageModel } from './page-model.ts';
import type { Phraser } from './phrases.ts';
import type { Site } from './site.ts';

const MAX_MEMORY_DEPTH = 4;

/** "Fill and submit" ideas: each form of a page the home page leads to, its fields given example values as parameters. */
export function formIdeas(site: Site, say: Phraser, catalogue: Catalogue | null): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const page of site.pages) {
    for (const form of page.forms) {
      if (!form.fields.some((f) => f.role === 'textbox' || f.role === 'spinbutton')) continue;
      const signature = [form.submit, ...form.fields.map((f) => f.name)].join('\u0000');
      const params = new ParamSet();
      const path = seen.has(signature) ? null : reachWithItem(site, say, page, catalogue, params);
      if (!path) continue;
      seen.add(signature);
      const steps = [...path];
      for (const f of form.fields) {
        if (f.role === 'textbox' || f.role === 'spinbutton') steps.push(say.fill(f.name, params.add(f.name, exampleValue(f, page.texts))));
        else if (f.role === 'combobox' && f.options.length > 1) steps.push(say.select(f.name, params.add(f.name, exampleValue(f, page.texts))));
        else if (f.role === 'checkbox' && !f.checked) steps.push(say.check(f.name));
      }
      steps.push(say.clickButton(form.submit));
      const after = outcomeOf(site, page, form);
      if (after) steps.push(arrivalCheck(site, say, page, after));
      const signIn = form.fields.some(isPasswordField);
      out.push({
        name: scenarioName(signIn ? `${form.submit} with a valid account` : `Fill in and submit the ${form.heading ?? form.submit} form`),
        steps,
        params: params.rows,
        vocabulary: [form.heading ?? '', form.submit, ...form.fields.map((f) => f.name), site.label(page), ...(signIn ? ['sign in', 'log in', 'account'] : ['form', 'submit'])],
        priority: 3,
      });
    }
  }
  return out;
}

/** "Open the Cart page": each page the home page's navigation links to, checked by what only that page shows. */
export function navigationIdeas(site: Site, say: Phraser): Candidate[] {
  const out: Candidate[] = [];
  const targets = new Set<PageModel>([site.home]);
  for (const link of site.home.links.filter((l) => l.inNav)) {
    const target = site.pageFor(link.url);
    if (!target || targets.has(target)) continue;
    targets.add(target);
    out.push({
      name: scenarioName(`Open the ${link.name} page`),
      steps: [say.home(), say.clickLink(link.name), arrivalCheck(site, say, site.home, target)],
      params: [],
      vocabulary: [link.name, site.label(target), site.ownTitle(target) ?? '', 'open', 'navigate', 'page'],
      priority: 2,
    });
  }
  return out;
}

/** Flows the runs took (the application memory): from the home page along the steps seen to lead to each page. */
export function memoryIdeas(site: Site, say: Phraser): Candidate[] {
  const home = site.routeOf(site.home);
  if (!home || site.transitions.length === 0) return [];
  const out: Candidate[] = [];
  const paths = new Map<string, IdeaTransition[]>([[home, []]]);
  const queue = [home];
  while (queue.length) {
    const route = queue.shift()!;
    const path = paths.get(route)!;
    if (path.length >= MAX_MEMORY_DEPTH) continue;
    for (const t of site.transitions.filter((e) => e.from === route && !paths.has(e.to))) {
      paths.set(t.to, [...path, t]);
      queue.push(t.to);
    }
  }
  for (const [route, path] of paths) {
    const target = site.pageByRoute(route);
    if (!target || path.length === 0) continue;
    out.push({
      name: scenarioName(`Reach the ${site.label(target)} page from the home page`),
      steps: [say.home(), ...path.map((t) => memoryStep(t.step)), arrivalCheck(site, say, site.pageByRoute(path.at(-1)!.from) ?? site.home, target)],
      params: [],
      vocabulary: [site.label(target), site.ownTitle(target) ?? '', ...path.map((t) => t.step), route],
      priority: 1,
    });
  }
  return out;
}

/** The page a form's button led to in the runs, when the memory has seen it. */
function outcomeOf(site: Site, page: PageModel, form: PageForm): PageModel | null {
  const from = site.routeOf(page);
  for (const t of site.transitions) {
    if (t.from !== from || nameCoverage(wordsOf(t.step), form.submit) < 1) continue;
    const target = site.pageByRoute(t.to);
    if (target && target !== page) return target;
  }
  return null;
}

/** A check that `target` is open, by what `from` does not show: its heading, its own title, else its path. */
function arrivalCheck(site: Site, say: Phraser, from: PageModel, target: PageModel): IdeaStep {
  const shown = textOf(from);
  if (target.heading && !target.heading.includes('"') && !shown.includes(target.heading)) return say.see(target.heading);
  const own = site.ownTitle(target);
  if (own && !own.includes('"') && !from.title.includes(own)) return say.titleContains(own);
  const segment = new URL(target.url).pathname.split('/').filter(Boolean).pop();
  return segment ? say.urlContains(segment) : say.see(site.label(target));
}

function textOf(page: PageModel): string {
  return [page.heading ?? '', ...page.texts, ...page.links.map((l) => l.name), ...page.buttons, ...page.lists.flatMap((l) => l.items.map((i) => i.name))].join('\n');
}

const STEP_KEYWORD = /^(Given|When|Then|And|But|\*)\s+/;

/** A step as the memory names it ("When I click the "Cart" link"): its keyword (And/But as When) and text. */
function memoryStep(text: string): IdeaStep {
  const m = STEP_KEYWORD.exec(text);
  const said = m?.[1];
  const keyword: IdeaKeyword = said === 'Given' || said === 'Then' ? said : 'When';
  return { keyword, text: m ? text.slice(m[0].length) : text };
}
