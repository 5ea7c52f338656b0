import { ENV_NAME_MAX, NAME_MAX, WS_MSG } from './workspace-messages.ts';

const FEATURE_CHARS = /[^A-Za-z0-9 _-]/g;
const FOLDER_CHARS = /^[A-Za-z0-9 _\-()]*$/;
const SCENARIO_CHARS = /^[A-Za-z0-9 _\-()]*$/;
const TAG_RE = /^[A-Za-z0-9_-]+$/;
const ENV_NAME_FORBIDDEN = /[/.*:?"<>|\\]/;
const URL_FORBIDDEN = /[<>"{}|\\^`\s]/g;

/** Message for an invalid new feature name, or null. `siblings` are the names in the target folder. */
export function featureNameError(name: string, siblings: string[] = []): string | null {
  const n = name.trim();
  if (!n) return WS_MSG.featureNameEmpty;
  if (n.length > NAME_MAX) return WS_MSG.featureNameTooLong;
  const bad = [...new Set(n.match(FEATURE_CHARS) ?? [])];
  if (bad.length) return `${WS_MSG.featureNameChars} ${bad.join(' ')}`;
  if (siblings.some((s) => stripFeatureExt(s).toLowerCase() === n.toLowerCase())) return WS_MSG.featureExists;
  return null;
}

export function featureRenameError(oldName: string, newName: string, siblings: string[] = []): string | null {
  const n = newName.trim();
  const base = featureNameError(n);
  if (base) return base;
  if (stripFeatureExt(oldName) === n) return WS_MSG.featureRenameSame;
  if (siblings.some((s) => stripFeatureExt(s).toLowerCase() === n.toLowerCase() && stripFeatureExt(s) !== stripFeatureExt(oldName))) {
    return WS_MSG.featureRenameExists;
  }
  return null;
}

export function stripFeatureExt(name: string): string {
  return name.replace(/\.feature$/i, '');
}

export function folderNameError(name: string, siblings: string[] = []): string | null {
  const n = name.trim();
  if (!n) return WS_MSG.folderNameEmpty;
  if (n.length > NAME_MAX || !FOLDER_CHARS.test(n)) return WS_MSG.folderNameChars;
  if (siblings.some((s) => s.toLowerCase() === n.toLowerCase())) return WS_MSG.folderExists;
  return null;
}

export function scenarioNameError(name: string, oldName: string | null = null, siblings: string[] = []): string | null {
  if (name.startsWith(' ')) return WS_MSG.scenarioStartsWithSpace;
  const n = name.trim();
  if (!n) return WS_MSG.fillAllFields;
  if (n.length > NAME_MAX) return WS_MSG.scenarioNameTooLong;
  if (!SCENARIO_CHARS.test(n)) return WS_MSG.scenarioNameChars;
  if (oldName !== null && n === oldName) return WS_MSG.scenarioRenameSame;
  if (siblings.some((s) => s === n && s !== oldName)) return WS_MSG.scenarioRenameExists;
  return null;
}

/** Makes a scenario name unique among `taken` with a numeric suffix ("Login", "Login 2", ...). */
export function uniqueName(name: string, taken: string[]): string {
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  if (!lower.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) {
    const candidate = `${name} ${i}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

export function tagError(tag: string): string | null {
  return TAG_RE.test(tag.replace(/^@/, '')) ? null : WS_MSG.tagChars;
}

/** Tag search order: letters before digits before symbols. */
export function compareTags(a: string, b: string): number {
  const rank = (s: string) => (/^[A-Za-z]/.test(s) ? 0 : /^[0-9]/.test(s) ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function envNameError(name: string, others: string[] = []): string | null {
  const n = name.trim();
  if (!n) return WS_MSG.envNameEmpty;
  if (n.length > ENV_NAME_MAX) return WS_MSG.envNameTooLong;
  if (ENV_NAME_FORBIDDEN.test(n)) return WS_MSG.envNameChars;
  if (others.some((o) => o.toLowerCase() === n.toLowerCase())) return WS_MSG.envNameDuplicate;
  return null;
}

/** Environment base URL rules of spec 001 section 5. */
export function envUrlError(value: string): string | null {
  const url = value.trim();
  if (!url) return WS_MSG.envUrlEmpty;
  const bad = [...new Set(value.match(URL_FORBIDDEN) ?? [])];
  if (bad.length) {
    const shown = bad.map((c) => (c === ' ' ? 'whitespace' : c === '\t' ? 'tab' : /[\r\n]/.test(c) ? 'line break' : c));
    return `URL cannot contain: ${shown.join(', ')}`;
  }
  const m = /^(https?):\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!m) return WS_MSG.envUrlScheme;
  const authority = m[2].replace(/^[^@]*@/, '');
  const parts = authority.split(':');
  if (parts.length > 2) return WS_MSG.envUrlOnePort;
  const [host, port] = parts;
  if (!host) return WS_MSG.envUrlHostEmpty;
  if (host.split('.').some((label) => label.length === 0)) return WS_MSG.envUrlHostEmpty;
  if (host.split('.').some((label) => !/^[A-Za-z0-9-]+$/.test(label))) return WS_MSG.envUrlHostChars;
  if (parts.length === 2) {
    if (port === '') return WS_MSG.envUrlPortEmpty;
    if (!/^\d+$/.test(port)) return WS_MSG.envUrlPortNaN;
    if (Number(port) > 65535) return WS_MSG.envUrlPortRange;
  }
  if (/:\d*$/.test(m[3].split(/[?#]/)[0]) && m[3].includes(':')) return WS_MSG.envUrlOnePort;
  return null;
}

export interface TestDataRowInput {
  key: string;
  value: string;
  DataType: string;
  environment: string;
}

/** Message for a test data row that cannot be saved, or null. `others` are the other rows. */
export function testDataRowError(row: TestDataRowInput, others: TestDataRowInput[]): string | null {
  const key = row.key.trim();
  if (!key || !row.value || !row.DataType || !row.environment) return WS_MSG.fillAllFields;
  if (key.toLowerCase() === 'env') return WS_MSG.testDataReserved;
  if (others.some((o) => o.key.trim() === key && o.environment === row.environment)) return WS_MSG.testDataDuplicate;
  return null;
}
